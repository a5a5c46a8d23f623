import { DeleteOutlined, NotificationOutlined, SendOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { type FilejobAssignment, filejobAssignmentFormSchema, RELEASE_RULES } from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Progress, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { filejobAssignmentApi } from '../../api/filejob.ts';
import { type DrawerState, FormDrawer } from '../../components/CrudPage/FormDrawer.tsx';
import { type CrudOption, CrudPage, type RowAction } from '../../components/CrudPage/index.tsx';
import { formatDate } from '../../components/CrudPage/values.ts';
import { useAuth } from '../../stores/auth.ts';
import { useSettings } from '../../stores/settings.ts';
import listStyles from '../assignment/assignment.module.css';
import { STATE_COLORS } from '../assignment/logic.ts';
import { Choice, DateTimeInput, UnitNumber } from '../paper/FormControls.tsx';
import { FilejobAssignDrawer } from './AssignDrawer.tsx';
import { HandinsDrawer } from './HandinsDrawer.tsx';
import { FILEJOB_ASSIGNMENT_KEY } from './routes.ts';

type Settings = typeof filejobAssignmentFormSchema;
const iso = (v: unknown) => (v && typeof v === 'object' && 'toISOString' in v ? (v as Dayjs).toISOString() : v);

/**
 * 设置: title, start, deadline, grace, release and remark. The job and the classes stay: the server is sent them as
 * they are, read again so a stale page cannot move an assignment.
 */
const SETTINGS: CrudOption<FilejobAssignment, Settings> = {
  biz: 'filejob_teacher',
  title: 'filejob.noun',
  rowKey: 'id',
  api: {
    ...filejobAssignmentApi,
    submit: async ({ id, startTime, deadline, ...rest }) => {
      const current = await filejobAssignmentApi.detail(id!);
      return filejobAssignmentApi.submit({
        ...rest,
        id,
        jobId: current.jobId,
        classIds: current.classIds,
        startTime: iso(startTime) as string,
        deadline: iso(deadline) as string,
      });
    },
  },
  formSchema: filejobAssignmentFormSchema,
  columns: [
    { prop: 'title', label: 'filejob.titleField' },
    { prop: 'startTime', label: 'filejob.startTime', type: 'datetime', half: true, control: <DateTimeInput /> },
    { prop: 'deadline', label: 'filejob.deadline', type: 'datetime', half: true, control: <DateTimeInput /> },
    {
      prop: 'graceMinutes',
      label: 'filejob.grace',
      help: 'filejob.graceHelp',
      control: <UnitNumber max={1440} unit="filejob.minutes" />,
    },
    {
      prop: 'releaseRule',
      label: 'filejob.releaseRule',
      control: <Choice options={RELEASE_RULES.map((r) => ({ value: r, label: `filejob.releaseRules.${r}` }))} />,
    },
    { prop: 'remark', label: 'filejob.remark', type: 'textarea' },
  ],
};

/**
 * 作业安排: the file jobs a teacher has given to classes — window, state, who has handed in — with 提交与评分 (per
 * class: hand-ins, marking, extensions, the class zip), 设置, 公布成绩 and 删除, and 布置作业 (also from the jobs'
 * page, `?jobId=`).
 */
export default function FilejobAssignmentPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const language = useSettings((s) => s.language);
  const canAdd = useAuth((s) => Boolean(s.permission.filejob_teacher_add));
  const [params, setParams] = useSearchParams();
  const presetJob = params.get('jobId') ?? undefined;
  const [assigning, setAssigning] = useState<{ jobId?: string } | null>(null);
  const [drawer, setDrawer] = useState<DrawerState<FilejobAssignment> | null>(null);
  const [sheet, setSheet] = useState<FilejobAssignment | null>(null);

  useEffect(() => {
    if (presetJob && canAdd) setAssigning({ jobId: presetJob });
  }, [presetJob, canAdd]);
  const closeAssign = () => {
    setAssigning(null);
    if (presetJob) {
      const next = new URLSearchParams(params);
      next.delete('jobId');
      setParams(next, { replace: true });
    }
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [FILEJOB_ASSIGNMENT_KEY] });

  const remove = useMutation({
    mutationFn: (id: string) => filejobAssignmentApi.remove([id]),
    onSuccess: () => {
      void message.success(t('crud.deleted'));
      refresh();
    },
  });
  const release = useMutation({
    mutationFn: (id: string) => filejobAssignmentApi.release(id),
    onSuccess: () => {
      void message.success(t('filejob.released'));
      refresh();
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const option = useMemo<CrudOption<FilejobAssignment, Settings>>(
    () => ({
      ...SETTINGS,
      ownActions: true,
      columns: [
        {
          prop: 'title',
          label: 'filejob.titleField',
          search: true,
          minWidth: 180,
          render: (_, row) => (
            <Typography.Link onClick={() => setSheet(row)} data-assignment={row.id}>
              {row.title}
            </Typography.Link>
          ),
        },
        {
          prop: 'classNames',
          label: 'filejob.classes',
          width: 130,
          render: (_, row) => row.classNames.join('、') || '—',
        },
        {
          prop: 'deadline',
          label: 'filejob.window',
          width: 150,
          render: (_, row) => (
            <span className={listStyles.window}>
              <span>{formatDate(row.startTime, true)}</span>
              <span className={listStyles.muted}>{t('filejob.until', { time: formatDate(row.deadline, true) })}</span>
            </span>
          ),
        },
        {
          prop: 'state',
          label: 'filejob.state',
          width: 84,
          render: (_, row) => <Tag color={STATE_COLORS[row.state]}>{t(`filejob.states.${row.state}`)}</Tag>,
        },
        {
          prop: 'progress',
          label: 'filejob.progress',
          minWidth: 190,
          render: (_, row) => {
            const { students, handed, late, marked } = row.progress;
            const text = t('filejob.progressText', { handed: handed + late, students, late, marked });
            return (
              <div className={listStyles.progressCell}>
                <Progress
                  percent={students ? Math.round(((handed + late) / students) * 100) : 0}
                  success={{ percent: students ? Math.round((marked / students) * 100) : 0 }}
                  size="small"
                  showInfo={false}
                  aria-label={text}
                />
                <span>{text}</span>
              </div>
            );
          },
        },
      ],
      toolbar: () =>
        canAdd ? (
          <Button type="primary" icon={<SendOutlined />} onClick={() => setAssigning({})}>
            {t('filejob.assign')}
          </Button>
        ) : null,
      rowActions: (row) => {
        const actions: RowAction[] = [
          {
            code: 'filejob_student_view',
            label: 'filejob.handins',
            icon: <TeamOutlined />,
            onClick: () => setSheet(row),
          },
          {
            code: 'filejob_teacher_edit',
            label: 'filejob.settings',
            icon: <SettingOutlined />,
            onClick: () => setDrawer({ mode: 'edit', record: row }),
          },
        ];
        if (row.state !== 'released')
          actions.push({
            code: 'filejob_teacher_release',
            label: 'filejob.release',
            icon: <NotificationOutlined />,
            onClick: () =>
              modal.confirm({
                title: t('filejob.releaseTitle', { name: row.title }),
                content: t('filejob.releaseBody', {
                  unmarked: row.progress.handed + row.progress.late - row.progress.marked,
                }),
                okText: t('filejob.release'),
                onOk: () => release.mutateAsync(row.id).catch(() => undefined),
              }),
          });
        actions.push({
          code: 'filejob_teacher_delete',
          label: 'crud.delete',
          icon: <DeleteOutlined />,
          danger: true,
          onClick: () =>
            modal.confirm({
              title: t('filejob.deleteTitle'),
              content: t('filejob.deleteBody', { name: row.title, count: row.progress.students }),
              okText: t('crud.delete'),
              okButtonProps: { danger: true },
              onOk: () => remove.mutateAsync(row.id).catch(() => undefined),
            }),
        });
        return actions;
      },
    }),
    [t, language, canAdd],
  );

  return (
    <>
      <CrudPage option={option} />
      <FormDrawer option={SETTINGS} state={drawer} canEdit onChange={setDrawer} name="filejobSettingsForm" />
      <FilejobAssignDrawer open={Boolean(assigning)} jobId={assigning?.jobId} onClose={closeAssign} />
      <HandinsDrawer key={sheet?.id} assignment={sheet} onClose={() => setSheet(null)} />
    </>
  );
}
