import type { Assignment, MarkingQuestion } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Empty, Progress, Select, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markingApi } from '../../api/assignment.ts';
import { useScreen } from '../../app/useScreen.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { typeName } from '../question/labels.ts';
import { AnswerPanel } from './AnswerPanel.tsx';
import styles from './marking.module.css';
import { firstToMark, markingProgress, markingTotals, orderQuestions, questionsKey } from './marking.ts';

/** One question in the list: number, type, score and how far its marking has come. */
function QuestionEntry({ q }: { q: MarkingQuestion }) {
  const { t } = useTranslation();
  // The label and the bar say the same: answers scored (by a teacher or automatically) of those answered.
  const progress = markingProgress(q);
  const label = progress.auto
    ? t('marking.autoScored', { count: progress.of })
    : t('marking.markedOf', { marked: progress.done, answered: progress.of });
  return (
    <>
      <span className={styles.entryHead}>
        <b>{t('marking.questionNo', { no: q.no })}</b>
        <Tag className={styles.entryTag} color={q.manual ? 'purple' : undefined}>
          {typeName(q.type)}
        </Tag>
        <span className={styles.muted}>{t('marking.points', { score: q.score })}</span>
      </span>
      <span className={styles.entryStats}>
        {q.toMark > 0 ? (
          <Typography.Text type="warning">{t('marking.toMark', { count: q.toMark })}</Typography.Text>
        ) : null}
        <span className={styles.muted}>{label}</span>
      </span>
      <Progress percent={progress.percent} size="small" showInfo={false} aria-label={label} />
    </>
  );
}

/**
 * 按题阅卷: the assignment's questions (those marked by hand first) with their progress on the left, the answers to
 * the chosen one on the right (on a phone, the question is picked from a list above its answers).
 */
export function ByQuestion({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const phone = useScreen() === 0;
  const questions = useQuery({
    queryKey: questionsKey(assignment.id),
    queryFn: () => markingApi.questions(assignment.id),
  });
  const ordered = useMemo(() => orderQuestions(questions.data ?? []), [questions.data]);
  const [current, setCurrent] = useState<string>();
  const dirty = useRef(0);
  const onDirty = useMemo(
    () => (count: number) => {
      dirty.current = count;
    },
    [],
  );

  useEffect(() => {
    if (ordered.length && !ordered.some((q) => q.id === current)) setCurrent(firstToMark(ordered));
  }, [ordered, current]);

  const open = (id: string) => {
    if (id === current) return;
    if (!dirty.current) {
      setCurrent(id);
      return;
    }
    modal.confirm({
      title: t('marking.unsavedTitle'),
      content: t('marking.unsavedConfirm', { count: dirty.current }),
      okText: t('marking.discard'),
      okButtonProps: { danger: true },
      onOk: () => {
        dirty.current = 0;
        setCurrent(id);
      },
    });
  };

  if (questions.isLoading) return <Spin className={styles.loading} />;
  if (questions.isError) return <LoadFailed retry={() => void questions.refetch()} />;
  if (!ordered.length) return <Empty description={t('marking.noQuestions')} />;

  const totals = markingTotals(ordered);
  const question = ordered.find((q) => q.id === current);
  return (
    <div className={styles.byQuestion}>
      <nav className={styles.questionNav} aria-label={t('marking.questions')}>
        <div className={styles.totals}>
          <span>{totals.toMark ? t('marking.totalToMark', { count: totals.toMark }) : t('marking.nothingToMark')}</span>
          <Progress
            percent={totals.percent}
            size="small"
            aria-label={totals.toMark ? t('marking.totalToMark', { count: totals.toMark }) : t('marking.nothingToMark')}
          />
        </div>
        {phone ? (
          <Select
            value={current}
            onChange={open}
            style={{ width: '100%' }}
            aria-label={t('marking.questions')}
            options={ordered.map((q) => ({
              value: q.id,
              label: `${t('marking.questionNo', { no: q.no })} · ${typeName(q.type)}${q.toMark ? ` · ${t('marking.toMark', { count: q.toMark })}` : ''}`,
            }))}
          />
        ) : (
          <ul className={styles.questionList}>
            {ordered.map((q) => (
              <li key={q.id} className={styles.questionItem}>
                <button
                  type="button"
                  className={`${styles.entry} ${q.id === current ? styles.entryActive : ''}`}
                  aria-current={q.id === current ? 'true' : undefined}
                  onClick={() => open(q.id)}
                  data-question={q.id}
                >
                  <QuestionEntry q={q} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </nav>
      <section className={styles.answersPane}>
        {question && <AnswerPanel key={question.id} assignment={assignment} question={question} onDirty={onDirty} />}
      </section>
    </div>
  );
}
