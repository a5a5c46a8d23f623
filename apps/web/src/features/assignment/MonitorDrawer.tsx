import { ClockCircleOutlined, FileSearchOutlined, StopOutlined, SyncOutlined, UnlockOutlined } from '@ant-design/icons';
import { type Assignment, type Attempt, attemptSchema } from '@shixun/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Statistic, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assignmentApi, attemptApi } from '../../api/assignment.ts';
import { useScreen } from '../../app/useScreen.ts';
import { type CrudOption, CrudPage, type RowAction } from '../../components/CrudPage/index.tsx';
import { formatDate } from '../../components/CrudPage/values.ts';
import { useAuth } from '../../stores/auth.ts';
import { useSettings } from '../../stores/settings.ts';
import { AttemptDrawer } from '../marking/AttemptDrawer.tsx';
import { attemptColumns } from './AttemptColumns.tsx';
import styles from './assignment.module.css';
import { ExceptionDialog, type ExceptionTarget } from './ExceptionDialog.tsx';
import {
  ASSIGNMENT_KEY,
  ATTEMPT_KEY,
  attemptActions,
  inProgressOf,
  isLive,
  progressSummary,
  STATE_COLORS,
} from './logic.ts';
import { TimeLeft } from './TimeLeft.tsx';

/** Attempts are never edited here: the list's form is unused. */
const NO_FORM = attemptSchema.pick({ state: true });
const REFRESH_MS = 10_000;

/** The summary above the list: first attempts by state and answers awaiting marking. */
function Summary({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const s = progressSummary(assignment.progress);
  const items: [string, number][] = [
    ['students', s.students],
    ['notStarted', s.notStarted],
    ['inProgress', s.inProgress],
    ['submitted', s.submitted],
    ['marked', s.marked],
    ['toMark', s.toMark],
  ];
  return (
    <div className={styles.summary} data-testid="monitor-summary">
      {items.map(([key, value]) => (
        <Statistic key={key} title={t(`assignment.monitor.summary.${key}`)} value={value} />
      ))}
    </div>
  );
}

/** When an attempt ended or ends: a countdown in progress, the hand-in time after. */
function EndCell({ row }: { row: Attempt }) {
  const { t } = useTranslation();
  if (row.state === 'in_progress') {
    return (
      <span className={styles.endCell}>
        <TimeLeft end={row.endTime} />
        {row.extraMinutes > 0 && (
          <Typography.Text type="secondary">
            {t('assignment.monitor.extra', { minutes: row.extraMinutes })}
          </Typography.Text>
        )}
      </span>
    );
  }
  if (row.submitTime) {
    return (
      <span className={styles.endCell}>
        {formatDate(row.submitTime, true)}
        {row.autoSubmitted === 1 && <Tag>{t('assignment.monitor.autoSubmitted')}</Tag>}
      </span>
    );
  }
  if (row.closeTime)
    return (
      <Typography.Text type="secondary">
        {t('assignment.monitor.reopenedUntil', { time: formatDate(row.closeTime, true) })}
      </Typography.Text>
    );
  return <Typography.Text type="secondary">—</Typography.Text>;
}

/**
 * 监控: every student's attempt at an assignment — state, time left, answers so far, integrity signals (shown as
 * counts, never judged), score — refreshed every 10 s while students may be writing; 延时, 重新开放 and 收卷 per
 * student with a reason, and their answers in marker mode.
 */
export function MonitorDrawer({ assignment, onClose }: { assignment: Assignment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const language = useSettings((s) => s.language);
  const screen = useScreen();
  const canException = useAuth((s) => Boolean(s.permission.paper_teacher_exception));
  const canMark = useAuth((s) => Boolean(s.permission.paper_student_question_view));
  const [exception, setException] = useState<ExceptionTarget | null>(null);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const id = assignment?.id;

  const detail = useQuery({
    queryKey: [ASSIGNMENT_KEY, 'monitor', id],
    queryFn: () => assignmentApi.detail(id!),
    enabled: Boolean(id),
    placeholderData: assignment ?? undefined,
    refetchInterval: (q) => (q.state.data && isLive(q.state.data) ? REFRESH_MS : false),
  });
  const current = detail.data ?? assignment;
  const live = current ? isLive(current) : false;

  useEffect(() => {
    if (!id || !live) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: [ATTEMPT_KEY, 'list'] }),
      REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, [id, live, queryClient]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const option = useMemo<CrudOption<Attempt, typeof NO_FORM> | null>(() => {
    if (!current) return null;
    return {
      biz: ATTEMPT_KEY,
      ownActions: true,
      title: 'assignment.monitor.noun',
      rowKey: 'id',
      api: attemptApi,
      formSchema: NO_FORM,
      selectFor: ['paper_teacher_exception'],
      columns: [
        {
          prop: 'studentName',
          label: 'assignment.monitor.student',
          width: 110,
          ellipsis: true,
          render: (_, row) => (
            <span>
              {row.studentName}
              {row.attemptNo > 1 && (
                <Tag className={styles.inlineTag}>{t('assignment.monitor.attemptNo', { n: row.attemptNo })}</Tag>
              )}
            </span>
          ),
        },
        ...attemptColumns(current, t),
        { prop: 'startTime', label: 'assignment.monitor.start', type: 'datetime', width: 140 },
        {
          prop: 'endTime',
          label: 'assignment.monitor.end',
          width: 150,
          render: (_, row) => <EndCell row={row} />,
        },
        { prop: 'answered', label: 'assignment.monitor.answered', width: 80 },
        {
          prop: 'leftPage',
          label: 'assignment.monitor.integrity',
          width: 110,
          render: (_, row) => (
            <Tooltip
              title={t('assignment.monitor.integrityHint', { page: row.leftPage, fullscreen: row.leftFullscreen })}
            >
              <Typography.Text type="secondary">
                {row.leftPage} / {row.leftFullscreen}
              </Typography.Text>
            </Tooltip>
          ),
        },
        {
          prop: 'score',
          label: 'assignment.monitor.score',
          width: 100,
          // A score is never cut (a fitted table narrows the text columns instead).
          minWidth: 100,
          render: (_, row) => (
            <span className={styles.endCell}>
              {row.score ?? '—'}
              {row.toMark > 0 && <Tag color="orange">{t('assignment.monitor.toMark', { count: row.toMark })}</Tag>}
            </span>
          ),
        },
      ],
      toolbar: (ctx) => {
        if (!canException) return null;
        const picked = inProgressOf(ctx.selected);
        return (
          <Tooltip title={picked.length ? undefined : t('assignment.monitor.forceHint')}>
            <Button
              danger
              icon={<StopOutlined />}
              disabled={!picked.length}
              onClick={() => setException({ kind: 'force', attempts: picked })}
            >
              {t('assignment.monitor.forceSelected', { count: picked.length })}
            </Button>
          </Tooltip>
        );
      },
      rowActions: (row) => {
        const can = attemptActions(row, current, new Date());
        const actions: RowAction[] = [];
        if (can.extend)
          actions.push({
            code: 'paper_teacher_exception',
            label: 'assignment.monitor.extend',
            icon: <ClockCircleOutlined />,
            onClick: () => setException({ kind: 'extend', attempt: row }),
          });
        if (can.reopen)
          actions.push({
            code: 'paper_teacher_exception',
            label: 'assignment.monitor.reopen',
            icon: <UnlockOutlined />,
            onClick: () => setException({ kind: 'reopen', attempt: row }),
          });
        if (can.forceSubmit)
          actions.push({
            code: 'paper_teacher_exception',
            label: 'assignment.monitor.force',
            icon: <StopOutlined />,
            danger: true,
            onClick: () => setException({ kind: 'force', attempts: [row] }),
          });
        if (can.review)
          actions.push({
            code: 'paper_student_view',
            label: 'assignment.monitor.review',
            icon: <FileSearchOutlined />,
            onClick: () => setReviewing(row.id),
          });
        return actions;
      },
    };
  }, [current, t, language, canException]);

  const updated = detail.dataUpdatedAt ? dayjs(detail.dataUpdatedAt).format('HH:mm:ss') : '';

  return (
    <Drawer
      title={
        current ? (
          <span className={styles.drawerTitle}>
            <span className={styles.drawerName}>{t('assignment.monitor.title', { name: current.title })}</span>
            <Tag color={STATE_COLORS[current.state]}>{t(`assignment.state.${current.state}`)}</Tag>
          </span>
        ) : null
      }
      open={Boolean(assignment)}
      onClose={onClose}
      size={screen === 0 ? '100%' : screen < 3 ? '94%' : 1120}
      destroyOnHidden
      extra={
        live ? (
          <Tooltip title={t('assignment.monitor.autoRefresh')}>
            <Tag icon={<SyncOutlined spin={detail.isFetching} />} color="processing">
              {t('assignment.monitor.updated', { time: updated })}
            </Tag>
          </Tooltip>
        ) : null
      }
    >
      {current && option && (
        <>
          <Typography.Paragraph type="secondary" className={styles.window}>
            {t('assignment.monitor.window', {
              open: formatDate(current.openTime, true),
              close: formatDate(current.closeTime, true),
            })}
            {' · '}
            {current.duration
              ? t('assignment.list.minutes', { count: current.duration })
              : t('assignment.form.untilClose')}
            {' · '}
            {current.classNames.join('、')}
          </Typography.Paragraph>
          <Summary assignment={current} />
          <CrudPage key={current.id} option={option} query={{ paperTeacherId: current.id }} embedded name="monitor" />
        </>
      )}
      <ExceptionDialog target={exception} onClose={() => setException(null)} />
      <AttemptDrawer attemptId={reviewing} onOpen={setReviewing} onClose={() => setReviewing(null)} canMark={canMark} />
    </Drawer>
  );
}
