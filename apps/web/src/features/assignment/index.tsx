import {
  AuditOutlined,
  DashboardOutlined,
  DeleteOutlined,
  NotificationOutlined,
  SendOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { type Assignment, type assignmentFormSchema, PAPER_TYPES } from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Progress, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { assignmentApi } from '../../api/assignment.ts';
import { type DrawerState, FormDrawer } from '../../components/CrudPage/FormDrawer.tsx';
import { type CrudOption, CrudPage, type RowAction } from '../../components/CrudPage/index.tsx';
import { formatDate } from '../../components/CrudPage/values.ts';
import { useAuth } from '../../stores/auth.ts';
import { useSettings } from '../../stores/settings.ts';
import { AssignDrawer } from './AssignDrawer.tsx';
import { SETTINGS_OPTION, settingsOption } from './AssignmentSettings.tsx';
import styles from './assignment.module.css';
import { ASSIGNMENT_KEY, canRelease, KIND_COLORS, markingPath, progressSummary, STATE_COLORS } from './logic.ts';
import { MonitorDrawer } from './MonitorDrawer.tsx';
import { useReleaseScores } from './useReleaseScores.tsx';

/** Started, handed in and awaiting marking, out of the students given it. */
function ProgressCell({ row }: { row: Assignment }) {
  const { t } = useTranslation();
  const s = progressSummary(row.progress);
  const text = t('assignment.list.progressText', {
    started: row.progress.started,
    submitted: s.submitted,
    students: s.students,
  });
  return (
    <div className={styles.progressCell}>
      <Progress
        percent={s.submittedPercent}
        success={{ percent: s.students ? Math.round((s.marked / s.students) * 100) : 0 }}
        size="small"
        showInfo={false}
        aria-label={text}
      />
      <span>{text}</span>
      {s.toMark > 0 ? (
        <Typography.Text type="warning">{t('assignment.list.toMark', { count: s.toMark })}</Typography.Text>
      ) : null}
    </div>
  );
}

/**
 * 考试安排: the papers a teacher has given to classes — kind, classes, window, time limit, state and progress — with
 * 监控 (live progress), 阅卷, 公布成绩, 设置 and 删除 per row, and 发布考试 (also reached from the paper list's 发布,
 * `?paperId=`).
 */
export default function AssignmentPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = useSettings((s) => s.language);
  const canAdd = useAuth((s) => Boolean(s.permission.paper_teacher_add));
  const canMonitor = useAuth((s) => Boolean(s.permission.paper_student_view));
  const [params, setParams] = useSearchParams();
  const presetPaper = params.get('paperId') ?? undefined;
  const [assigning, setAssigning] = useState<{ paperId?: string } | null>(null);
  const [drawer, setDrawer] = useState<DrawerState<Assignment> | null>(null);
  const settingsKind = drawer?.record?.kind ?? 'exam';
  const settings = useMemo(() => settingsOption(settingsKind), [settingsKind]);
  const [monitoring, setMonitoring] = useState<Assignment | null>(null);

  // The paper list's 发布 arrives with the paper chosen.
  useEffect(() => {
    if (presetPaper && canAdd) setAssigning({ paperId: presetPaper });
  }, [presetPaper, canAdd]);

  const closeAssign = () => {
    setAssigning(null);
    if (presetPaper) {
      const next = new URLSearchParams(params);
      next.delete('paperId');
      setParams(next, { replace: true });
    }
  };

  const refresh = () => void queryClient.invalidateQueries({ queryKey: [ASSIGNMENT_KEY] });

  const remove = useMutation({
    mutationFn: (id: string) => assignmentApi.remove([id]),
    onSuccess: () => {
      void message.success(t('crud.deleted'));
      refresh();
    },
  });

  const { confirm: confirmRelease } = useReleaseScores();
  const confirmRemove = (row: Assignment) =>
    modal.confirm({
      title: t('assignment.list.deleteTitle'),
      content: t('assignment.list.deleteConfirm', { name: row.title, count: row.progress.students }),
      okText: t('crud.delete'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(row.id).catch(() => undefined),
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language; navigate is stable
  const option = useMemo<CrudOption<Assignment, typeof assignmentFormSchema>>(
    () => ({
      ...SETTINGS_OPTION,
      ownActions: true,
      columns: [
        {
          prop: 'title',
          label: 'assignment.field.title',
          search: true,
          width: 200,
          ellipsis: true,
          render: (_, row) => (
            <Tooltip title={row.remark ? `${row.title} — ${row.remark}` : row.title} placement="topLeft">
              {canMonitor ? (
                <Typography.Link
                  onClick={() => setMonitoring(row)}
                  data-assignment={row.id}
                  className={styles.titleCell}
                >
                  {row.title}
                </Typography.Link>
              ) : (
                <span data-assignment={row.id}>{row.title}</span>
              )}
            </Tooltip>
          ),
        },
        {
          prop: 'kind',
          label: 'assignment.field.kind',
          type: 'select',
          search: true,
          width: 76,
          options: PAPER_TYPES.map((k) => ({ value: k, label: `assignment.kind.${k}` })),
          render: (_, row) => <Tag color={KIND_COLORS[row.kind]}>{t(`assignment.kind.${row.kind}`)}</Tag>,
        },
        {
          prop: 'classNames',
          label: 'assignment.field.classes',
          width: 130,
          ellipsis: true,
          render: (_, row) => {
            const text = row.classNames.join('、');
            return (
              <Tooltip title={text} placement="topLeft">
                {text || '—'}
              </Tooltip>
            );
          },
        },
        {
          prop: 'openTime',
          label: 'assignment.field.window',
          width: 150,
          render: (_, row) => (
            <span className={styles.window}>
              <span>{formatDate(row.openTime, true)}</span>
              <span className={styles.muted}>
                {t('assignment.list.until', { time: formatDate(row.closeTime, true) })}
              </span>
            </span>
          ),
        },
        {
          prop: 'duration',
          label: 'assignment.field.duration',
          width: 90,
          render: (_, row) =>
            row.duration ? t('assignment.list.minutes', { count: row.duration }) : t('assignment.form.untilClose'),
        },
        {
          prop: 'state',
          label: 'assignment.field.state',
          width: 84,
          render: (_, row) => <Tag color={STATE_COLORS[row.state]}>{t(`assignment.state.${row.state}`)}</Tag>,
        },
        {
          prop: 'progress',
          label: 'assignment.field.progress',
          width: 170,
          // The bar and its counts are never narrowed (a fitted table narrows the text columns instead).
          minWidth: 170,
          render: (_, row) => <ProgressCell row={row} />,
        },
      ],
      toolbar: () =>
        canAdd ? (
          <Button type="primary" icon={<SendOutlined />} onClick={() => setAssigning({})}>
            {t('assignment.list.assign')}
          </Button>
        ) : null,
      rowActions: (row) => {
        const actions: RowAction[] = [
          {
            code: 'paper_student_view',
            label: 'assignment.list.monitor',
            icon: <DashboardOutlined />,
            onClick: () => setMonitoring(row),
          },
          {
            code: 'paper_teacher_question_view',
            label: 'assignment.list.mark',
            icon: <AuditOutlined />,
            disabled: row.progress.submitted === 0,
            hint: row.progress.submitted === 0 ? 'assignment.list.markHint' : undefined,
            onClick: () => navigate(markingPath(row.id)),
          },
          {
            code: 'paper_teacher_edit',
            label: 'assignment.list.settings',
            icon: <SettingOutlined />,
            onClick: () => setDrawer({ mode: 'edit', record: row }),
          },
        ];
        if (canRelease(row))
          actions.push({
            code: 'paper_teacher_release',
            label: 'assignment.list.release',
            icon: <NotificationOutlined />,
            onClick: () => confirmRelease(row),
          });
        actions.push({
          code: 'paper_teacher_delete',
          label: 'crud.delete',
          icon: <DeleteOutlined />,
          danger: true,
          onClick: () => confirmRemove(row),
        });
        return actions;
      },
    }),
    [t, language, canAdd, canMonitor],
  );

  return (
    <>
      <CrudPage option={option} />
      <FormDrawer option={settings} state={drawer} canEdit onChange={setDrawer} name="assignmentForm" />
      <AssignDrawer open={Boolean(assigning)} paperId={assigning?.paperId} onClose={closeAssign} />
      <MonitorDrawer assignment={monitoring} onClose={() => setMonitoring(null)} />
    </>
  );
}
