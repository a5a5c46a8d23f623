import { ForwardOutlined, SaveOutlined } from '@ant-design/icons';
import { type AttemptReview, MANUAL_TYPES, type ReviewQuestion, type ScoringPoint } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Drawer, Empty, Input, Space, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attemptApi, markingApi, takeApi } from '../../api/assignment.ts';
import { useScreen } from '../../app/useScreen.ts';
import { formatDate } from '../../components/CrudPage/values.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { ASSIGNMENT_KEY, ATTEMPT_COLORS, ATTEMPT_KEY } from '../assignment/logic.ts';
import { AnswerReview } from '../attempt/AnswerReview.tsx';
import styles from './marking.module.css';
import {
  changedMarks,
  leafQuestions,
  MARKING_KEY,
  type Mark,
  nextOf,
  questionsKey,
  reviewKey,
  reviewMarks,
  validScore,
} from './marking.ts';
import { PointTicks, ScoreInput } from './ScoreInput.tsx';

const SUBMITTED = ['submitted', 'marking', 'marked'];

/** The score and comment given to one answered question, under it (highlighted where a teacher must mark it). */
function MarkBox({
  q,
  mark,
  dirty,
  onEdit,
  onEnter,
  inputRef,
  points = [],
}: {
  q: ReviewQuestion & { answerId: string };
  /** A short answer's scoring points, to tick (阅卷's questions list them). */
  points?: ScoringPoint[];
  mark: Mark;
  dirty: boolean;
  onEdit: (patch: Partial<Mark>) => void;
  onEnter: () => void;
  inputRef: (input: { focus: () => void } | null) => void;
}) {
  const { t } = useTranslation();
  const manual = MANUAL_TYPES.includes(q.type);
  const [ticked, setTicked] = useState<string[]>([]);
  return (
    <div
      className={[styles.markBox, manual ? styles.markManual : '', dirty ? styles.dirty : ''].filter(Boolean).join(' ')}
      data-mark={q.answerId}
    >
      {manual && <Tag color="purple">{t('marking.manual')}</Tag>}
      {points.length ? (
        <PointTicks
          points={points}
          ticked={ticked}
          label={t('marking.pointsForQuestion', { no: q.no })}
          onChange={(next, score) => {
            setTicked(next);
            if (score !== null) onEdit({ score: Math.min(score, q.score) });
          }}
        />
      ) : null}
      <ScoreInput
        value={mark.score}
        max={q.score}
        label={t('marking.scoreForQuestion', { no: q.no })}
        inputRef={inputRef}
        onChange={(score) => onEdit({ score })}
        onEnter={onEnter}
      />
      <Input
        className={styles.comment}
        value={mark.comment}
        maxLength={2000}
        placeholder={t('marking.commentPlaceholder')}
        aria-label={t('marking.commentForQuestion', { no: q.no })}
        onChange={(e) => onEdit({ comment: e.target.value })}
        onPressEnter={onEnter}
      />
    </div>
  );
}

/** Who wrote the attempt and how it went. */
function AttemptHead({ review }: { review: AttemptReview }) {
  const { t } = useTranslation();
  const a = review.attempt;
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} className={styles.attemptHead}>
      <Descriptions.Item label={t('assignment.monitor.student')}>
        {a.studentName}（{a.studentNo}）
      </Descriptions.Item>
      <Descriptions.Item label={t('assignment.monitor.className')}>{a.className || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('assignment.monitor.state')}>
        <Tag color={ATTEMPT_COLORS[a.state]}>{t(`assignment.attemptState.${a.state}`)}</Tag>
        {a.autoSubmitted === 1 && <Tag>{t('assignment.monitor.autoSubmitted')}</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label={t('assignment.monitor.score')}>
        {t('marking.total', { score: a.score ?? 0, total: review.assignment.totalScore })}
        {a.objectiveScore !== null && (
          <span className={styles.muted}> · {t('marking.objective', { score: a.objectiveScore })}</span>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('assignment.monitor.submitted')}>
        {a.submitTime ? formatDate(a.submitTime, true) : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('assignment.monitor.integrity')}>
        {t('assignment.monitor.integrityHint', { page: a.leftPage, fullscreen: a.leftFullscreen })}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * One student's attempt in marker mode (按学生阅卷, and 查看答卷 from the live progress): every question with the
 * answer, the key and analysis, the automatic score, and a score and comment to give (questions marked by hand
 * highlighted). 下一位待阅 opens the next attempt still awaiting marking.
 */
export function AttemptDrawer({
  attemptId,
  onOpen,
  onClose,
  canMark,
}: {
  attemptId: string | null;
  onOpen: (id: string) => void;
  onClose: () => void;
  canMark: boolean;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const screen = useScreen();
  const review = useQuery({
    queryKey: reviewKey(attemptId ?? undefined),
    queryFn: () => takeApi.review(attemptId!),
    enabled: Boolean(attemptId),
  });
  const data = review.data?.attempt.id === attemptId ? review.data : undefined;
  const leaves = useMemo(() => leafQuestions(data?.sections ?? []), [data]);
  const stored = useMemo(() => reviewMarks(data), [data]);
  const [edits, setEdits] = useState<Record<string, Mark>>({});
  const editsRef = useRef(edits);
  const inputs = useRef(new Map<string, { focus: () => void }>());
  const [finding, setFinding] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: another attempt starts with no edits
  useEffect(() => {
    editsRef.current = {};
    setEdits({});
  }, [attemptId]);

  const maxOf = (answerId: string) => leaves.find((q) => q.answerId === answerId)?.score ?? 0;
  const markOf = (id: string): Mark => editsRef.current[id] ?? stored[id] ?? { score: null, comment: '' };
  const edit = (id: string, patch: Partial<Mark>) => {
    const next = { ...editsRef.current, [id]: { ...markOf(id), ...patch } };
    editsRef.current = next;
    setEdits(next);
  };
  const changed = changedMarks(edits, stored, maxOf);
  const markable = canMark && Boolean(data && SUBMITTED.includes(data.attempt.state));
  // Scoring points come with 阅卷's questions of the assignment (markers only), shared with 按题阅卷's cache.
  const assignmentId = data?.assignment.id;
  const marking = useQuery({
    queryKey: questionsKey(assignmentId ?? ''),
    queryFn: () => markingApi.questions(assignmentId!),
    enabled: markable && Boolean(assignmentId),
  });
  const pointsOf = new Map((marking.data ?? []).map((q) => [q.id, q.points]));
  const answerIds = leaves.flatMap((q) => (q.answerId ? [q.answerId] : []));

  const save = useMutation({
    mutationFn: (marks: { id: string; score: number; comment: string }[]) => markingApi.correct(marks),
    onSuccess: async ({ count }) => {
      void message.success({ content: t('shared:mark.saved', { count }), key: 'marking-saved' });
      void queryClient.invalidateQueries({ queryKey: [ASSIGNMENT_KEY] });
      void queryClient.invalidateQueries({ queryKey: [ATTEMPT_KEY] });
      await queryClient.invalidateQueries({ queryKey: [MARKING_KEY] });
      editsRef.current = {};
      setEdits({});
    },
  });

  const enter = (id: string) => {
    const mark = markOf(id);
    if (!validScore(mark.score, maxOf(id))) {
      void message.warning(t('marking.scoreRequired', { max: maxOf(id) }));
      return;
    }
    const next = nextOf(answerIds, id);
    if (next) inputs.current.get(next)?.focus();
  };

  /** Leaving with marks not saved asks first. */
  const leave = (then: () => void) => {
    if (!changed.length) {
      then();
      return;
    }
    modal.confirm({
      title: t('marking.unsavedTitle'),
      content: t('marking.unsavedConfirm', { count: changed.length }),
      okText: t('marking.discard'),
      okButtonProps: { danger: true },
      onOk: then,
    });
  };

  const nextToMark = async () => {
    if (!data) return;
    setFinding(true);
    try {
      const page = await attemptApi.list({
        paperTeacherId: data.attempt.paperTeacherId,
        state: 'marking',
        current: 1,
        size: 2,
      });
      const next = page.records.find((r) => r.id !== data.attempt.id);
      if (next) onOpen(next.id);
      else void message.info(t('marking.allMarked'));
    } finally {
      setFinding(false);
    }
  };

  const dirty = new Set(changed.map((c) => c.id));
  const extra = (q: ReviewQuestion) => {
    const answerId = q.answerId;
    if (!answerId || !markable) return null;
    return (
      <MarkBox
        q={{ ...q, answerId }}
        mark={edits[answerId] ?? stored[answerId] ?? { score: null, comment: '' }}
        dirty={dirty.has(answerId)}
        points={pointsOf.get(q.id)}
        onEdit={(patch) => edit(answerId, patch)}
        onEnter={() => enter(answerId)}
        inputRef={(el) => {
          if (el) inputs.current.set(answerId, el);
          else inputs.current.delete(answerId);
        }}
      />
    );
  };

  let body: ReactNode;
  if (review.isError && !data) {
    body = <LoadFailed retry={() => void review.refetch()} />;
  } else if (!data) {
    body = <Spin className={styles.loading} />;
  } else {
    body = (
      <>
        <AttemptHead review={data} />
        {canMark && !markable && (
          <Alert type="info" showIcon className={styles.notice} title={t('marking.notSubmitted')} />
        )}
        {!data.sections.length && <Empty description={t('marking.noQuestions')} />}
        {data.sections.map((s) => (
          <section key={s.id} className={styles.section}>
            <Typography.Title level={5} className={styles.sectionTitle}>
              {s.name}
              <span className={styles.muted}> · {t('marking.points', { score: s.score })}</span>
            </Typography.Title>
            {s.questions.map((q) => (
              <AnswerReview key={q.id} question={q} viewer="marker" extra={extra} />
            ))}
          </section>
        ))}
      </>
    );
  }

  return (
    <Drawer
      title={
        data
          ? t('marking.sheetTitle', { name: data.attempt.studentName, title: data.assignment.title })
          : t('marking.sheet')
      }
      open={Boolean(attemptId)}
      onClose={() => leave(onClose)}
      size={screen === 0 ? '100%' : screen < 3 ? '90%' : 900}
      destroyOnHidden
      footer={
        <Space className="crud-drawer-footer" wrap>
          {canMark && (
            <Button icon={<ForwardOutlined />} loading={finding} onClick={() => leave(() => void nextToMark())}>
              {t('marking.nextToMark')}
            </Button>
          )}
          <Button onClick={() => leave(onClose)}>{t('common.close')}</Button>
          {markable && (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!changed.length}
              loading={save.isPending}
              onClick={() => save.mutate(changed)}
            >
              {changed.length ? t('marking.saveAllCount', { count: changed.length }) : t('marking.saveMarks')}
            </Button>
          )}
        </Space>
      }
    >
      <Spin spinning={review.isFetching && Boolean(data)}>{body}</Spin>
    </Drawer>
  );
}
