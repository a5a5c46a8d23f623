import {
  BarChartOutlined,
  DeleteOutlined,
  NotificationOutlined,
  SendOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { PRACTICAL_RELEASE_RULES, type PracticalAssignment, practicalAssignmentFormSchema } from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Progress, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { practicalAssignmentApi } from '../../api/practical.ts';
import { type DrawerState, FormDrawer } from '../../components/CrudPage/FormDrawer.tsx';
import { type CrudOption, CrudPage, type RowAction } from '../../components/CrudPage/index.tsx';
import { formatDate } from '../../components/CrudPage/values.ts';
import { useAuth } from '../../stores/auth.ts';
import { useSettings } from '../../stores/settings.ts';
import listStyles from '../assignment/assignment.module.css';
import { STATE_COLORS } from '../assignment/logic.ts';
import { Choice, DateTimeInput } from '../paper/FormControls.tsx';
import { PRACTICAL_ASSIGNMENT_KEY, PracticalAssignDrawer } from './AssignDrawer.tsx';
import { RecordsDrawer } from './RecordsDrawer.tsx';
import { resultsPath } from './routes.ts';

type Settings = typeof practicalAssignmentFormSchema;

/** 设置: title, window, release and remark (the task and the classes stay). Times go out as ISO strings. */
const SETTINGS: CrudOption<PracticalAssignment, Settings> = {
  biz: 'practical_teacher',
  title: 'practicalWork.noun',
  rowKey: 'id',
  api: {
    ...practicalAssignmentApi,
    submit: ({ openTime, closeTime, ...rest }) =>
      practicalAssignmentApi.submit({
        ...rest,
        ...(openTime ? { openTime: openTime.toISOString() } : {}),
        ...(closeTime ? { closeTime: closeTime.toISOString() } : {}),
      }),
  },
  formSchema: practicalAssignmentFormSchema,
  columns: [
    { prop: 'title', label: 'practicalWork.title' },
    { prop: 'openTime', label: 'practicalWork.openTime', type: 'datetime', half: true, control: <DateTimeInput /> },
    { prop: 'closeTime', label: 'practicalWork.closeTime', type: 'datetime', half: true, control: <DateTimeInput /> },
    {
      prop: 'releaseRule',
      label: 'practicalWork.releaseRule',
      control: (
        <Choice
          options={PRACTICAL_RELEASE_RULES.map((r) => ({ value: r, label: `practicalWork.releaseRules.${r}` }))}
        />
      ),
    },
    { prop: 'remark', label: 'practicalWork.remark', type: 'textarea' },
  ],
};

/**
 * 实训安排: the practical tasks a teacher has given to classes — classes, window, who records, state and progress —
 * with 记录与评分, 成绩分析, 公布成绩, 设置 and 删除 per row, and 发布实训 (also from the tasks' page, `?paperId=`).
 */
export default function PracticalAssignmentPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = useSettings((s) => s.language);
  const canAdd = useAuth((s) => Boolean(s.permission.practical_teacher_add));
  const [params, setParams] = useSearchParams();
  const presetTask = params.get('paperId') ?? undefined;
  const [assigning, setAssigning] = useState<{ paperId?: string } | null>(null);
  const [drawer, setDrawer] = useState<DrawerState<PracticalAssignment> | null>(null);
  const [records, setRecords] = useState<PracticalAssignment | null>(null);

  useEffect(() => {
    if (presetTask && canAdd) setAssigning({ paperId: presetTask });
  }, [presetTask, canAdd]);
  const closeAssign = () => {
    setAssigning(null);
    if (presetTask) {
      const next = new URLSearchParams(params);
      next.delete('paperId');
      setParams(next, { replace: true });
    }
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [PRACTICAL_ASSIGNMENT_KEY] });

  const remove = useMutation({
    mutationFn: (id: string) => practicalAssignmentApi.remove([id]),
    onSuccess: () => {
      void message.success(t('crud.deleted'));
      refresh();
    },
  });
  const release = useMutation({
    mutationFn: (id: string) => practicalAssignmentApi.release(id),
    onSuccess: () => {
      void message.success(t('practicalWork.released'));
      refresh();
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language; navigate is stable
  const option = useMemo<CrudOption<PracticalAssignment, Settings>>(
    () => ({
      ...SETTINGS,
      ownActions: true,
      columns: [
        {
          prop: 'title',
          label: 'practicalWork.title',
          search: true,
          minWidth: 180,
          render: (_, row) => (
            <Typography.Link onClick={() => setRecords(row)} data-assignment={row.id}>
              {row.title}
            </Typography.Link>
          ),
        },
        {
          prop: 'classNames',
          label: 'practicalWork.classes',
          width: 130,
          render: (_, row) => row.classNames.join('、') || '—',
        },
        {
          prop: 'openTime',
          label: 'practicalWork.window',
          width: 150,
          render: (_, row) => (
            <span className={listStyles.window}>
              <span>{formatDate(row.openTime, true)}</span>
              <span className={listStyles.muted}>
                {t('practicalWork.until', { time: formatDate(row.closeTime, true) })}
              </span>
            </span>
          ),
        },
        {
          prop: 'recorder',
          label: 'practicalWork.recorder',
          width: 150,
          render: (_, row) => t(`practicalWork.recorders.${row.recorder}`),
        },
        {
          prop: 'state',
          label: 'practicalWork.state',
          width: 84,
          render: (_, row) => <Tag color={STATE_COLORS[row.state]}>{t(`practicalWork.states.${row.state}`)}</Tag>,
        },
        {
          prop: 'progress',
          label: 'practicalWork.progress',
          minWidth: 170,
          render: (_, row) => {
            const { students, submitted, marked } = row.progress;
            const text = t('practicalWork.progressText', { submitted, students, marked });
            return (
              <div className={listStyles.progressCell}>
                <Progress
                  percent={students ? Math.round((submitted / students) * 100) : 0}
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
            {t('practicalWork.assign')}
          </Button>
        ) : null,
      rowActions: (row) => {
        const actions: RowAction[] = [
          {
            code: 'practical_student_view',
            label: 'practicalWork.records',
            icon: <TeamOutlined />,
            onClick: () => setRecords(row),
          },
          {
            code: 'practical_teacher_results',
            label: 'practicalWork.results',
            icon: <BarChartOutlined />,
            onClick: () => navigate(resultsPath(row.id)),
          },
          {
            code: 'practical_teacher_edit',
            label: 'practicalWork.settings',
            icon: <SettingOutlined />,
            onClick: () => setDrawer({ mode: 'edit', record: row }),
          },
        ];
        if (row.state !== 'released')
          actions.push({
            code: 'practical_teacher_release',
            label: 'practicalWork.release',
            icon: <NotificationOutlined />,
            onClick: () =>
              modal.confirm({
                title: t('practicalWork.releaseTitle', { name: row.title }),
                content: t('practicalWork.releaseBody', { unsigned: row.progress.students - row.progress.marked }),
                okText: t('practicalWork.release'),
                onOk: () => release.mutateAsync(row.id).catch(() => undefined),
              }),
          });
        actions.push({
          code: 'practical_teacher_delete',
          label: 'crud.delete',
          icon: <DeleteOutlined />,
          danger: true,
          onClick: () =>
            modal.confirm({
              title: t('practicalWork.deleteTitle'),
              content: t('practicalWork.deleteBody', { name: row.title, count: row.progress.students }),
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
      <FormDrawer option={SETTINGS} state={drawer} canEdit onChange={setDrawer} name="practicalSettingsForm" />
      <PracticalAssignDrawer open={Boolean(assigning)} paperId={assigning?.paperId} onClose={closeAssign} />
      <RecordsDrawer key={records?.id} assignment={records} onClose={() => setRecords(null)} />
    </>
  );
}
