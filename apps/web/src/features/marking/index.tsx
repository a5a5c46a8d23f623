import { NotificationOutlined } from '@ant-design/icons';
import type { Assignment } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Segmented, Spin, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { assignmentApi } from '../../api/assignment.ts';
import { formatDate } from '../../components/CrudPage/values.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useAuth } from '../../stores/auth.ts';
import { AssignmentPicker } from '../assignment/AssignmentPicker.tsx';
import { ASSIGNMENT_KEY, progressSummary, STATE_COLORS } from '../assignment/logic.ts';
import { useReleaseScores } from '../assignment/useReleaseScores.tsx';
import { ByQuestion } from './ByQuestion.tsx';
import { ByStudent } from './ByStudent.tsx';
import styles from './marking.module.css';

type Mode = 'question' | 'student';

/** Without a choice, 阅卷 opens the newest assignment with answers awaiting marking. */
const hasAnswersToMark = (a: Assignment) => a.progress.toMark > 0;

/**
 * When students see their scores: for a manual rule not yet released, 公布成绩 once nothing is left to mark;
 * otherwise what the rule will do or has done.
 */
function ReleaseControl({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const canRelease = useAuth((s) => Boolean(s.permission.paper_teacher_release));
  const release = useReleaseScores();
  if (assignment.releaseTime) {
    const out = new Date(assignment.releaseTime) <= new Date();
    return (
      <Tag color={out ? 'success' : 'default'}>
        {out
          ? t('marking.release.released')
          : t('marking.release.scheduled', { time: formatDate(assignment.releaseTime, true) })}
      </Tag>
    );
  }
  if (assignment.releaseRule !== 'manual') return <Tag>{t(`assignment.release.${assignment.releaseRule}`)}</Tag>;
  if (!canRelease) return <Tag>{t('assignment.release.manual')}</Tag>;
  const s = progressSummary(assignment.progress);
  const ready = s.toMark === 0 && s.submitted > 0;
  const button = (
    <Button
      type="primary"
      icon={<NotificationOutlined />}
      disabled={!ready}
      loading={release.pending}
      onClick={() => release.confirm(assignment)}
    >
      {t('assignment.list.release')}
    </Button>
  );
  if (ready) return button;
  return (
    <Tooltip
      title={s.toMark ? t('marking.release.waitMarking', { count: s.toMark }) : t('marking.release.waitSubmissions')}
    >
      {button}
    </Tooltip>
  );
}

/**
 * 阅卷: one of the teacher's assignments (`?assignment=`), marked by question (every student's answer to one
 * question) or by student (one attempt whole, `?mode=student&attempt=`). Scores are bounded by each question's score;
 * an attempt with nothing left to mark becomes 已阅.
 */
export default function MarkingPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const assignmentId = params.get('assignment') ?? undefined;
  const mode: Mode = params.get('mode') === 'student' ? 'student' : 'question';
  const attemptId = params.get('attempt');

  const update = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const chooseAssignment = useCallback(
    (id: string | undefined) => update({ assignment: id ?? null, attempt: null }),
    [update],
  );

  const detail = useQuery({
    queryKey: [ASSIGNMENT_KEY, 'marking', assignmentId],
    queryFn: () => assignmentApi.detail(assignmentId!),
    enabled: Boolean(assignmentId),
  });
  const a = detail.data?.id === assignmentId ? detail.data : undefined;
  const s = a ? progressSummary(a.progress) : undefined;

  let body: ReactNode;
  if (!assignmentId) {
    body = <Empty className={styles.empty} description={t('marking.chooseHint')} />;
  } else if (detail.isError && !a) {
    body = <LoadFailed retry={() => void detail.refetch()} />;
  } else if (!a) {
    body = <Spin className={styles.loading} />;
  } else if (mode === 'question') {
    body = <ByQuestion key={a.id} assignment={a} />;
  } else {
    body = <ByStudent assignment={a} attemptId={attemptId} onAttempt={(id) => update({ attempt: id })} />;
  }

  return (
    <Card variant="borderless" className={styles.page}>
      <div className={styles.header}>
        <AssignmentPicker
          className={styles.picker}
          value={assignmentId}
          known={a ? { id: a.id, title: a.title, assignment: a } : undefined}
          onChange={chooseAssignment}
          pickFirst={hasAnswersToMark}
          label={t('marking.assignment')}
          placeholder={t('marking.chooseAssignment')}
          notFound={t('marking.noAssignments')}
          meta={(option) => (
            <>
              <Tag color={STATE_COLORS[option.state]}>{t(`assignment.state.${option.state}`)}</Tag>
              <Typography.Text type={option.progress.toMark ? 'warning' : 'secondary'}>
                {option.progress.toMark
                  ? t('marking.toMark', { count: option.progress.toMark })
                  : t('marking.submittedOf', {
                      submitted: option.progress.submitted,
                      students: option.progress.students,
                    })}
              </Typography.Text>
            </>
          )}
        />
        <Segmented<Mode>
          value={mode}
          onChange={(m) => update({ mode: m === 'student' ? 'student' : null, attempt: null })}
          options={[
            { value: 'question', label: t('marking.byQuestion') },
            { value: 'student', label: t('marking.byStudent') },
          ]}
        />
        {a && s && (
          <div className={styles.headerInfo}>
            <Typography.Text type="secondary">
              {t('marking.submittedOf', { submitted: s.submitted, students: s.students })}
              {' · '}
              {s.toMark ? t('marking.toMark', { count: s.toMark }) : t('marking.nothingToMark')}
            </Typography.Text>
            <ReleaseControl assignment={a} />
          </div>
        )}
      </div>
      {body}
    </Card>
  );
}
