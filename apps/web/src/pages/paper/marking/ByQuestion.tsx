import { EditOutlined, SaveOutlined } from '@ant-design/icons';
import type { Assignment, MarkingAnswer, MarkingQuestion } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Collapse, Empty, Input, Progress, Result, Select, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markingApi, takeApi } from '../../../api/assignment.ts';
import { useScreen } from '../../../app/useScreen.ts';
import { RichHtml } from '../../../components/QuestionView/index.tsx';
import { typeName } from '../../question/labels.ts';
import { ASSIGNMENT_KEY, ATTEMPT_KEY } from '../assignment/logic.ts';
import { AnswerView, KeyView } from './AnswerView.tsx';
import styles from './marking.module.css';
import {
  answerMarks,
  answersKey,
  changedMarks,
  findQuestion,
  firstToMark,
  MARKING_KEY,
  type Mark,
  markedPercent,
  markingTotals,
  nextOf,
  orderQuestions,
  questionsKey,
  reviewKey,
  stableOrder,
  validScore,
} from './marking.ts';
import { RegradeDialog } from './RegradeDialog.tsx';
import { ScoreInput } from './ScoreInput.tsx';

/** How an answer stands: awaiting a teacher, marked by one, or scored automatically. */
function ResultTag({ result, autoScore, manualScore }: Pick<MarkingAnswer, 'result' | 'autoScore' | 'manualScore'>) {
  const { t } = useTranslation();
  if (result === 'pending') return <Tag color="orange">{t('marking.result.pending')}</Tag>;
  if (manualScore !== null) return <Tag color="green">{t('marking.result.marked', { score: manualScore })}</Tag>;
  const color = result === 'right' ? 'success' : result === 'partial' ? 'warning' : 'error';
  return <Tag color={color}>{t('marking.result.auto', { score: autoScore ?? 0 })}</Tag>;
}

/** One question in the list: number, type, score and how far its marking has come. */
function QuestionEntry({ q }: { q: MarkingQuestion }) {
  const { t } = useTranslation();
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
        <span className={styles.muted}>{t('marking.markedOf', { marked: q.marked, answered: q.answered })}</span>
      </span>
      <Progress percent={markedPercent(q)} size="small" showInfo={false} />
    </>
  );
}

/** Question types whose key can be corrected and graded again. */
const OBJECTIVE: string[] = ['single', 'multiple', 'judge', 'fill'];

/** The answers to one question: each student's, with a score and a comment to give, saved one by one or together. */
function AnswerPanel({
  assignment,
  question,
  onDirty,
}: {
  assignment: Assignment;
  question: MarkingQuestion;
  onDirty: (count: number) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const answers = useQuery({ queryKey: answersKey(question.id), queryFn: () => markingApi.answers(question.id) });
  // The options, key and analysis come from one student's paper (a marker sees it whole).
  const sample = answers.data?.[0]?.paperStudentId;
  const reference = useQuery({
    queryKey: reviewKey(sample),
    queryFn: () => takeApi.review(sample!),
    enabled: Boolean(sample),
    staleTime: 5 * 60_000,
  });
  const detail = findQuestion(reference.data, question.id);
  // Option letters differ between students when options are shuffled: then options are named by their text.
  const letters = assignment.shuffleOptions === 0;
  const [regrading, setRegrading] = useState(false);

  const stored = useMemo(() => answerMarks(answers.data), [answers.data]);
  const [edits, setEdits] = useState<Record<string, Mark>>({});
  const editsRef = useRef(edits);
  const storedRef = useRef(stored);
  storedRef.current = stored;
  // The order first seen is kept across refreshes (see stableOrder), computed while rendering so nothing flickers.
  const seen = useRef<string[]>([]);
  const order = useMemo(() => {
    seen.current = stableOrder(
      seen.current,
      (answers.data ?? []).map((a) => a.id),
    );
    return seen.current;
  }, [answers.data]);
  const inputs = useRef(new Map<string, { focus: () => void }>());

  const markOf = (id: string): Mark => editsRef.current[id] ?? storedRef.current[id] ?? { score: null, comment: '' };
  const edit = (id: string, patch: Partial<Mark>) => {
    const next = { ...editsRef.current, [id]: { ...markOf(id), ...patch } };
    editsRef.current = next;
    setEdits(next);
  };
  const max = () => question.score;
  const changed = changedMarks(edits, stored, max);
  useEffect(() => onDirty(changed.length), [changed.length, onDirty]);

  const save = useMutation({
    mutationFn: (marks: { id: string; score: number; comment: string }[]) => markingApi.correct(marks),
    onSuccess: async ({ count }, marks) => {
      void message.success({ content: t('shared:mark.saved', { count }), key: 'marking-saved' });
      void queryClient.invalidateQueries({ queryKey: [ASSIGNMENT_KEY] });
      void queryClient.invalidateQueries({ queryKey: [ATTEMPT_KEY] });
      await queryClient.invalidateQueries({ queryKey: [MARKING_KEY] });
      // Marks now stored are no longer edits (unless changed again meanwhile).
      const next = { ...editsRef.current };
      for (const m of marks) {
        const e = next[m.id];
        if (e && e.score === m.score && e.comment.trim() === m.comment) delete next[m.id];
      }
      editsRef.current = next;
      setEdits(next);
    },
  });

  const saveOne = (id: string) => {
    const mark = markOf(id);
    if (!validScore(mark.score, question.score)) {
      void message.warning(t('marking.scoreRequired', { max: question.score }));
      return false;
    }
    const marks = changedMarks({ [id]: mark }, storedRef.current, max);
    if (marks.length) save.mutate(marks);
    return true;
  };
  /** Enter: save this answer's mark and go on to the next student's. */
  const enter = (id: string) => {
    if (!saveOne(id)) return;
    const next = nextOf(order, id);
    if (next) inputs.current.get(next)?.focus();
  };

  if (answers.isLoading) return <Spin className={styles.loading} />;
  if (answers.isError)
    return (
      <Result
        status="warning"
        title={t('crud.loadFailed')}
        extra={<Button onClick={() => void answers.refetch()}>{t('common.retry')}</Button>}
      />
    );
  const byId = new Map((answers.data ?? []).map((a) => [a.id, a]));
  const rows = order.map((id) => byId.get(id)).filter((a): a is MarkingAnswer => a !== undefined);

  return (
    <div className={styles.panel}>
      <div className={styles.panelHead}>
        <div className={styles.panelTitle}>
          <b>{t('marking.questionNo', { no: question.no })}</b>
          <Tag color={question.manual ? 'purple' : undefined}>{typeName(question.type)}</Tag>
          <span className={styles.muted}>{t('marking.points', { score: question.score })}</span>
        </div>
        <div className={styles.panelTools}>
          <Progress
            className={styles.panelProgress}
            percent={markedPercent(question)}
            size="small"
            format={() =>
              t('marking.markedOf', { marked: question.answered - question.toMark, answered: question.answered })
            }
          />
          {detail && OBJECTIVE.includes(question.type) ? (
            <Button icon={<EditOutlined />} onClick={() => setRegrading(true)}>
              {t('marking.regrade.button')}
            </Button>
          ) : null}
          <Button
            type="primary"
            icon={<SaveOutlined />}
            disabled={!changed.length}
            loading={save.isPending}
            onClick={() => save.mutate(changed)}
          >
            {changed.length ? t('marking.saveAllCount', { count: changed.length }) : t('marking.saveAll')}
          </Button>
        </div>
      </div>
      {regrading && detail ? (
        <RegradeDialog question={question} detail={detail} onClose={() => setRegrading(false)} />
      ) : null}
      <Collapse
        size="small"
        className={styles.stemBox}
        defaultActiveKey={question.manual ? ['stem', 'key'] : ['stem']}
        items={[
          { key: 'stem', label: t('marking.stem'), children: <RichHtml html={question.stem} /> },
          {
            key: 'key',
            label: t('marking.keyAndAnalysis'),
            children: detail ? (
              <KeyView question={detail} letters={letters} />
            ) : (
              <Spin spinning={reference.isFetching}>
                <Typography.Text type="secondary">{t('marking.answer.noKey')}</Typography.Text>
              </Spin>
            ),
          },
        ]}
      />
      {!rows.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('marking.noAnswers')} />
      ) : (
        <p className={styles.hint}>{t('marking.enterHint')}</p>
      )}
      {rows.map((a) => {
        const mark = edits[a.id] ?? stored[a.id] ?? { score: null, comment: '' };
        const dirty = changed.some((c) => c.id === a.id);
        return (
          <div
            key={a.id}
            className={[styles.answer, a.result === 'pending' ? styles.pending : '', dirty ? styles.dirty : '']
              .filter(Boolean)
              .join(' ')}
            data-answer={a.id}
          >
            <div className={styles.answerHead}>
              <span>
                <b>{a.studentName}</b>{' '}
                <span className={styles.muted}>
                  {a.studentNo}
                  {a.className ? ` · ${a.className}` : ''}
                </span>
              </span>
              <ResultTag result={a.result} autoScore={a.autoScore} manualScore={a.manualScore} />
            </div>
            <div className={styles.answerBody}>
              <AnswerView
                type={question.type}
                answer={a.answer}
                items={detail?.items}
                blanks={detail?.blanks}
                letters={letters}
              />
            </div>
            <div className={styles.markRow}>
              <ScoreInput
                value={mark.score}
                max={question.score}
                label={t('marking.scoreFor', { name: a.studentName })}
                inputRef={(el: { focus: () => void } | null) => {
                  if (el) inputs.current.set(a.id, el);
                  else inputs.current.delete(a.id);
                }}
                onChange={(score) => edit(a.id, { score })}
                onEnter={() => enter(a.id)}
              />
              <Input
                className={styles.comment}
                value={mark.comment}
                maxLength={2000}
                placeholder={t('marking.commentPlaceholder')}
                aria-label={t('marking.commentFor', { name: a.studentName })}
                onChange={(e) => edit(a.id, { comment: e.target.value })}
                onPressEnter={() => enter(a.id)}
              />
              <Button
                icon={<SaveOutlined />}
                disabled={!dirty}
                loading={save.isPending && save.variables?.some((m) => m.id === a.id)}
                onClick={() => saveOne(a.id)}
              >
                {t('crud.save')}
              </Button>
            </div>
          </div>
        );
      })}
    </div>
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
  if (questions.isError)
    return (
      <Result
        status="warning"
        title={t('crud.loadFailed')}
        extra={<Button onClick={() => void questions.refetch()}>{t('common.retry')}</Button>}
      />
    );
  if (!ordered.length) return <Empty description={t('marking.noQuestions')} />;

  const totals = markingTotals(ordered);
  const question = ordered.find((q) => q.id === current);
  return (
    <div className={styles.byQuestion}>
      <nav className={styles.questionNav} aria-label={t('marking.questions')}>
        <div className={styles.totals}>
          <span>{totals.toMark ? t('marking.totalToMark', { count: totals.toMark }) : t('marking.nothingToMark')}</span>
          <Progress percent={totals.percent} size="small" />
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
