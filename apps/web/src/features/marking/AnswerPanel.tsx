import { EditOutlined, FastForwardOutlined, SaveOutlined } from '@ant-design/icons';
import type { Assignment, MarkingAnswer, MarkingQuestion } from '@shixun/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Collapse, Empty, Input, Pagination, Progress, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markingApi, takeApi } from '../../api/assignment.ts';
import { useScreen } from '../../app/useScreen.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { RichHtml } from '../../components/QuestionView/index.tsx';
import { ASSIGNMENT_KEY, ATTEMPT_KEY } from '../assignment/logic.ts';
import { typeName } from '../question/labels.ts';
import { AnswerView, KeyView } from './AnswerView.tsx';
import styles from './marking.module.css';
import {
  ANSWER_PAGE_SIZES,
  afterEnter,
  answerMarks,
  answersKey,
  changedMarks,
  clampScore,
  findQuestion,
  MARKING_KEY,
  type Mark,
  markingProgress,
  reviewKey,
  validScore,
} from './marking.ts';
import { RegradeDialog } from './RegradeDialog.tsx';
import { PointTicks, ScoreInput } from './ScoreInput.tsx';

/** How an answer stands: awaiting a teacher, marked by one, or scored automatically. */
function ResultTag({ result, autoScore, manualScore }: Pick<MarkingAnswer, 'result' | 'autoScore' | 'manualScore'>) {
  const { t } = useTranslation();
  if (result === 'pending') return <Tag color="orange">{t('marking.result.pending')}</Tag>;
  if (manualScore !== null) return <Tag color="green">{t('marking.result.marked', { score: manualScore })}</Tag>;
  const color = result === 'right' ? 'success' : result === 'partial' ? 'warning' : 'error';
  return <Tag color={color}>{t('marking.result.auto', { score: autoScore ?? 0 })}</Tag>;
}

/** Question types whose key can be corrected and graded again. */
const OBJECTIVE: string[] = ['single', 'multiple', 'judge', 'fill'];

/**
 * The answers to one question, a page at a time (those awaiting marking first): each student's, with a score and a
 * comment to give, saved one by one or together. Enter saves and goes on to the next answer, onto the next page after
 * the last; 下一个待阅 opens the page of the next answer still awaiting marking. The server fixes the order when the
 * panel opens (`since`), so answers marked meanwhile keep their places and no page skips any.
 */
export function AnswerPanel({
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
  const phone = useScreen() === 0;
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  const since = useRef<string | undefined>(undefined);
  const answers = useQuery({
    queryKey: answersKey(question.id, paging.current, paging.size),
    queryFn: async () => {
      const page = await markingApi.answers(question.id, { ...paging, since: since.current });
      since.current ??= page.since;
      return page;
    },
    placeholderData: keepPreviousData,
  });
  const page = answers.data;
  // While another page loads, the last one's answers are not shown to be marked by mistake.
  const rows = answers.isPlaceholderData ? [] : (page?.records ?? []);

  // The options, key and analysis come from one student's paper (a marker sees it whole): the first one seen.
  const [sample, setSample] = useState<string>();
  useEffect(() => {
    if (!sample && rows[0]) setSample(rows[0].paperStudentId);
  }, [sample, rows]);
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

  // Marks as stored, of every page seen: edits made on another page are still saved with 全部保存.
  const stored = useRef<Record<string, Mark>>({});
  stored.current = { ...stored.current, ...answerMarks(rows) };
  const [edits, setEdits] = useState<Record<string, Mark>>({});
  /** Scoring points ticked per answer (this visit only: the mark they make is what is saved). */
  const [ticks, setTicks] = useState<Record<string, string[]>>({});
  const editsRef = useRef(edits);
  const inputs = useRef(new Map<string, { focus: () => void }>());
  /** The answer to focus once its page is shown ('first': the page's first). */
  const focusOnShow = useRef<string | null>(null);

  const markOf = (id: string): Mark => editsRef.current[id] ?? stored.current[id] ?? { score: null, comment: '' };
  const edit = (id: string, patch: Partial<Mark>) => {
    const next = { ...editsRef.current, [id]: { ...markOf(id), ...patch } };
    editsRef.current = next;
    setEdits(next);
  };
  const max = () => question.score;
  const changed = changedMarks(edits, stored.current, max);
  useEffect(() => onDirty(changed.length), [changed.length, onDirty]);

  useEffect(() => {
    const wanted = focusOnShow.current;
    if (!wanted || !page || page.current !== paging.current) return;
    const id = wanted === 'first' ? page.records[0]?.id : wanted;
    if (id) inputs.current.get(id)?.focus();
    focusOnShow.current = null;
  }, [page, paging]);

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
    const marks = changedMarks({ [id]: mark }, stored.current, max);
    if (marks.length) save.mutate(marks);
    return true;
  };
  /** Shows the answer `id` on page `current` and focuses its score. */
  const show = (current: number, id: string) => {
    if (current === paging.current) inputs.current.get(id)?.focus();
    else {
      focusOnShow.current = id;
      setPaging((p) => ({ ...p, current }));
    }
  };
  /** Enter: save this answer's mark and go on to the next student's, on the next page after this page's last. */
  const enter = (id: string) => {
    if (!saveOne(id) || !page) return;
    const next = afterEnter(
      rows.map((a) => a.id),
      id,
      page,
    );
    if (next && 'id' in next) show(page.current, next.id);
    else if (next) show(next.page, 'first');
  };

  if (answers.isLoading) return <Spin className={styles.loading} />;
  if (answers.isError && !page) return <LoadFailed retry={() => void answers.refetch()} />;

  const progress = markingProgress(question);
  const progressLabel = progress.auto
    ? t('marking.autoScored', { count: progress.of })
    : t('marking.markedOf', { marked: progress.done, answered: progress.of });
  const pager = (
    <Pagination
      size="small"
      simple={phone}
      current={paging.current}
      pageSize={paging.size}
      total={page?.total ?? 0}
      pageSizeOptions={ANSWER_PAGE_SIZES}
      showSizeChanger
      hideOnSinglePage
      showTotal={(total) => t('marking.answerCount', { count: total })}
      onChange={(current, size) => setPaging({ current: size === paging.size ? current : 1, size })}
    />
  );
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
            percent={progress.percent}
            size="small"
            aria-label={progressLabel}
            format={() => progressLabel}
          />
          <Button
            icon={<FastForwardOutlined />}
            disabled={!page?.nextToMark}
            onClick={() => page?.nextToMark && show(page.nextToMark.current, page.nextToMark.id)}
          >
            {t('marking.nextAnswerToMark')}
          </Button>
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
      {answers.isPlaceholderData ? (
        <Spin className={styles.loading} />
      ) : !rows.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('marking.noAnswers')} />
      ) : (
        <p className={styles.hint}>{t('marking.enterHint')}</p>
      )}
      {rows.map((a) => {
        const mark = edits[a.id] ?? stored.current[a.id] ?? { score: null, comment: '' };
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
            {question.points.length ? (
              <PointTicks
                points={question.points}
                ticked={ticks[a.id] ?? []}
                label={t('marking.pointsFor', { name: a.studentName })}
                onChange={(ticked, score) => {
                  setTicks((all) => ({ ...all, [a.id]: ticked }));
                  if (score !== null) edit(a.id, { score: clampScore(score, question.score) });
                }}
              />
            ) : null}
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
      <div className={styles.pager}>{pager}</div>
    </div>
  );
}
