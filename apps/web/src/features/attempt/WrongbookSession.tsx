import { ArrowLeftOutlined, ArrowRightOutlined, CheckOutlined, FileSearchOutlined } from '@ant-design/icons';
import { type AnswerValue, isAnswered, MASTERED_AFTER, type PracticeFeedback } from '@shixun/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, List, Modal, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wrongbookApi } from '../../api/assignment.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useAuth } from '../../stores/auth.ts';
import { AnswerInput } from './AnswerInput.tsx';
import { Feedback } from './Feedback.tsx';
import styles from './my.module.css';
import { QuestionHead, Stem } from './QuestionBlock.tsx';

interface Props {
  /** The entries to go through, in order (the book's active ones open for practice); null: closed. */
  entries: { id: string; title: string }[] | null;
  onClose: () => void;
  /** After a check or a state change altered entries. */
  onChanged: () => void;
}

type Outcome = 'right' | 'wrong' | 'partial' | 'pending' | 'blank';

/** How a checked answer came out; unchecked ones are `blank`. */
export function outcomeOf(feedback: PracticeFeedback | undefined): Outcome {
  return feedback ? (feedback.result as Outcome) : 'blank';
}

/** The summary's counts: right, wrong (partly right counts as wrong: it stays to revise) and not checked. */
export function tally(ids: string[], feedback: Record<string, PracticeFeedback>) {
  const outcomes = ids.map((id) => outcomeOf(feedback[id]));
  return {
    total: ids.length,
    right: outcomes.filter((o) => o === 'right').length,
    wrong: outcomes.filter((o) => o === 'wrong' || o === 'partial').length,
    unchecked: outcomes.filter((o) => o === 'blank' || o === 'pending').length,
  };
}

const OUTCOME_COLORS: Record<Outcome, string> = {
  right: 'success',
  wrong: 'error',
  partial: 'warning',
  pending: 'processing',
  blank: 'default',
};

/**
 * 全部练习 (issue 26 §2): the wrong-answer book's active entries one after another, with 上一题 / 下一题, 检查 on each
 * (the same check as a single practice: streaks and mastery count), then a summary — how many right, wrong and not
 * checked — where the right ones can be marked mastered and the rest stay in the book.
 */
export function WrongbookSession({ entries, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const mayCheck = useAuth((s) => Boolean(s.permission.wrongbook_edit));
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({});
  const [feedback, setFeedback] = useState<Record<string, PracticeFeedback>>({});
  const [summary, setSummary] = useState(false);
  const [mastered, setMastered] = useState(false);
  const ids = (entries ?? []).map((e) => e.id);
  const id = ids[index];

  const query = useQuery({
    queryKey: ['wrongbook', 'practice', id],
    queryFn: () => wrongbookApi.practice(id!),
    enabled: Boolean(entries && id && !summary),
    gcTime: 60_000,
  });
  const check = useMutation({
    mutationFn: (entryId: string) => wrongbookApi.check(entryId, answers[entryId] ?? null),
    onSuccess: (result, entryId) => {
      setFeedback((f) => ({ ...f, [entryId]: result }));
      onChanged();
    },
  });
  const rightIds = ids.filter((x) => feedback[x]?.result === 'right' && feedback[x]?.state !== 'mastered');
  const master = useMutation({
    mutationFn: async () => {
      for (const x of rightIds) await wrongbookApi.submit({ id: x, state: 'mastered' });
    },
    onSuccess: () => {
      setMastered(true);
      onChanged();
    },
  });

  const close = () => {
    setIndex(0);
    setAnswers({});
    setFeedback({});
    setSummary(false);
    setMastered(false);
    onClose();
  };

  const counts = tally(ids, feedback);
  let body = null;
  if (summary)
    body = (
      <div data-testid="wrongbook-summary">
        <Typography.Paragraph strong data-testid="wrongbook-summary-counts">
          {t('take.wrongbook.all.summary', counts)}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('take.wrongbook.all.keep')}</Typography.Paragraph>
        <List
          size="small"
          dataSource={entries ?? []}
          renderItem={(e, i) => {
            const outcome = outcomeOf(feedback[e.id]);
            return (
              <List.Item data-testid="wrongbook-summary-item">
                <Typography.Text ellipsis={{ tooltip: e.title }} style={{ maxWidth: '75%' }}>
                  {i + 1}. {e.title || t('take.wrongbook.noText')}
                </Typography.Text>
                <Tag color={OUTCOME_COLORS[outcome]}>{t(`take.wrongbook.all.result.${outcome}`)}</Tag>
              </List.Item>
            );
          }}
        />
      </div>
    );
  else if (query.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (!query.data)
    body = (
      <LoadFailed
        title={t('take.wrongbook.loadFailed')}
        reason={query.error?.message}
        retry={() => void query.refetch()}
      />
    );
  else {
    const { entry, question } = query.data;
    const given = feedback[entry.id];
    body = (
      <div className={styles.practice} data-testid="wrongbook-practice">
        <div className={styles.practiceMeta}>
          {entry.source && <span>{t('take.wrongbook.from', { source: entry.source })}</span>}
          <span>{t('take.wrongbook.wrongTimes', { count: entry.wrongCount })}</span>
        </div>
        <div>
          <QuestionHead question={{ ...question, no: '' }} />
          <Stem question={question} />
          <AnswerInput
            question={question}
            value={answers[entry.id] ?? null}
            onChange={(v) => setAnswers((a) => ({ ...a, [entry.id]: v }))}
            disabled={Boolean(given) || check.isPending}
            {...(given?.rightOptionIds?.length ? { rightOptionIds: given.rightOptionIds } : {})}
          />
        </div>
        {given && <Feedback feedback={given} type={question.type} streak={{ needed: MASTERED_AFTER }} />}
      </div>
    );
  }

  const last = index === ids.length - 1;
  const footer = summary
    ? [
        rightIds.length > 0 && !mastered && (
          <Button key="master" icon={<CheckOutlined />} loading={master.isPending} onClick={() => master.mutate()}>
            {t('take.wrongbook.all.masterRight', { count: rightIds.length })}
          </Button>
        ),
        <Button key="close" type="primary" onClick={close}>
          {t('common.close')}
        </Button>,
      ]
    : [
        <Button key="prev" icon={<ArrowLeftOutlined />} disabled={index === 0} onClick={() => setIndex(index - 1)}>
          {t('take.wrongbook.all.prev')}
        </Button>,
        mayCheck && id && !feedback[id] && (
          <Button
            key="check"
            icon={<FileSearchOutlined />}
            loading={check.isPending}
            disabled={!query.data || !isAnswered(answers[id] ?? null)}
            onClick={() => check.mutate(id)}
          >
            {t('take.wrongbook.check')}
          </Button>
        ),
        last ? (
          <Button key="finish" type="primary" onClick={() => setSummary(true)}>
            {t('take.wrongbook.all.finish')}
          </Button>
        ) : (
          <Button key="next" type="primary" onClick={() => setIndex(index + 1)}>
            {t('take.wrongbook.all.next')} <ArrowRightOutlined />
          </Button>
        ),
      ];

  return (
    <Modal
      open={Boolean(entries)}
      title={
        summary
          ? t('take.wrongbook.all.summaryTitle')
          : t('take.wrongbook.all.title', { n: index + 1, total: ids.length })
      }
      onCancel={close}
      width={760}
      destroyOnHidden
      footer={footer}
    >
      {body}
    </Modal>
  );
}
