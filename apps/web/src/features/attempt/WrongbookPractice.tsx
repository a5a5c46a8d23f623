import { FileSearchOutlined, RedoOutlined } from '@ant-design/icons';
import { type AnswerValue, isAnswered, MASTERED_AFTER, type PracticeFeedback } from '@shixun/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Skeleton, Tag } from 'antd';
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
  /** The wrong-answer book entry; null: closed. */
  id: string | null;
  onClose: () => void;
  /** After a check changed the entry (its streak, its state). */
  onChecked: () => void;
}

/**
 * 练习 a wrong answer again: the question as the exam showed it (without the key), the answer, 检查 — right or not,
 * the key and analysis, and the streak towards 已掌握 (MASTERED_AFTER right in a row). 再练一次 starts over.
 */
export function WrongbookPractice({ id, onClose, onChecked }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mayCheck = useAuth((s) => Boolean(s.permission.wrongbook_edit));
  const [answer, setAnswer] = useState<AnswerValue>(null);
  const [feedback, setFeedback] = useState<PracticeFeedback | null>(null);

  const query = useQuery({
    queryKey: ['wrongbook', 'practice', id],
    queryFn: () => wrongbookApi.practice(id!),
    enabled: Boolean(id),
    gcTime: 0,
  });
  const practice = query.data;

  const check = useMutation({
    mutationFn: () => wrongbookApi.check(id!, answer),
    onSuccess: (result) => {
      setFeedback(result);
      onChecked();
      if (result.state === 'mastered' && practice?.entry.state !== 'mastered')
        void message.success(t('take.wrongbook.masteredNow'));
    },
  });

  const reset = () => {
    setAnswer(null);
    setFeedback(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  let body = null;
  if (query.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (!practice)
    body = (
      <LoadFailed
        title={t('take.wrongbook.loadFailed')}
        reason={query.error?.message}
        retry={() => void query.refetch()}
      />
    );
  else {
    const { entry, question } = practice;
    body = (
      <div className={styles.practice} data-testid="wrongbook-practice">
        <div className={styles.practiceMeta}>
          {entry.source && <span>{t('take.wrongbook.from', { source: entry.source })}</span>}
          <span>{t('take.wrongbook.wrongTimes', { count: entry.wrongCount })}</span>
          <span>
            {t('take.wrongbook.streakShort', {
              count: feedback?.rightStreak ?? entry.rightStreak,
              needed: MASTERED_AFTER,
            })}
          </span>
          {entry.points.map((p) => (
            <Tag key={p} variant="filled">
              {p}
            </Tag>
          ))}
        </div>
        <div>
          <QuestionHead question={{ ...question, no: '' }} />
          <Stem question={question} />
          <AnswerInput
            question={question}
            value={answer}
            onChange={setAnswer}
            disabled={Boolean(feedback) || check.isPending}
            {...(feedback?.rightOptionIds?.length ? { rightOptionIds: feedback.rightOptionIds } : {})}
          />
        </div>
        {feedback && <Feedback feedback={feedback} type={question.type} streak={{ needed: MASTERED_AFTER }} />}
      </div>
    );
  }

  return (
    <Modal
      open={Boolean(id)}
      title={t('take.wrongbook.practiceTitle')}
      onCancel={close}
      width={760}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close}>
          {t('common.close')}
        </Button>,
        feedback ? (
          <Button key="again" type="primary" icon={<RedoOutlined />} onClick={reset}>
            {t('take.wrongbook.again')}
          </Button>
        ) : (
          mayCheck && (
            <Button
              key="check"
              type="primary"
              icon={<FileSearchOutlined />}
              loading={check.isPending}
              disabled={!practice || !isAnswered(answer)}
              onClick={() => check.mutate()}
            >
              {t('take.wrongbook.check')}
            </Button>
          )
        ),
      ]}
    >
      {body}
    </Modal>
  );
}
