import { CopyOutlined, SendOutlined, ShareAltOutlined } from '@ant-design/icons';
import {
  type LibAccess,
  type PracticalInspection,
  type PracticalPaper,
  type PracticalPoint,
  practicalInspectionFormSchema,
  practicalPaperFormSchema,
  practicalPointFormSchema,
} from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Card, Empty, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PRACTICAL_SHARES, practicalInspectionApi, practicalPaperApi, practicalPointApi } from '../../api/practical.ts';
import { Attachments } from '../../components/Attachments/index.tsx';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { ShareDialog } from '../../components/ShareDialog.tsx';
import { ACCESS_COLORS } from '../question/labels.ts';
import styles from './practical.module.css';

const yesNo = [
  { label: 'practical.no', value: 0 },
  { label: 'practical.yes', value: 1 },
];

/** The caller may change the task's settings, points and items: theirs, shared with them to edit, or as administrator. */
const changeable = (task: PracticalPaper) => task.access === 'own' || task.access === 'edit' || task.access === 'admin';

type TaskFile = PracticalPaper['attachments'][number];

/** The task's drawings and other files — pictures and PDFs — which students open beside the task at the bench. */
function DrawingsField({ value, onChange }: { value?: TaskFile[]; onChange?: (files: TaskFile[]) => void }) {
  const { t } = useTranslation();
  return <Attachments files={value ?? []} itemName={t('practical.task.files')} {...(onChange ? { onChange } : {})} />;
}

/**
 * The tasks' list; `share` opens the share dialog of a task the caller owns (or administers), `quote` copies
 * someone else's task (shared with the caller or published) as the caller's own.
 */
const taskOption = (
  share: (task: PracticalPaper) => void,
  assign: (task: PracticalPaper) => void,
  quote: (task: PracticalPaper) => void,
): CrudOption<PracticalPaper, typeof practicalPaperFormSchema> => ({
  biz: 'practical_paper',
  title: 'practical.task.title',
  rowKey: 'id',
  api: practicalPaperApi,
  formSchema: practicalPaperFormSchema,
  columns: [
    { prop: 'title', label: 'practical.task.name', search: true, minWidth: 200 },
    { prop: 'totalScore', label: 'practical.task.total', type: 'number', hideInForm: true, width: 90 },
    { prop: 'pointCount', label: 'practical.task.points', type: 'number', hideInForm: true, width: 90 },
    {
      prop: 'duration',
      label: 'practical.task.duration',
      type: 'number',
      width: 110,
      help: 'practical.task.durationHelp',
    },
    { prop: 'passScore', label: 'practical.task.passScore', type: 'number', width: 90, hideInTable: true },
    { prop: 'isPublic', label: 'practical.task.public', type: 'select', options: yesNo, width: 90 },
    {
      prop: 'access',
      label: 'practical.task.access',
      hideInForm: true,
      width: 100,
      render: (value) => <AccessTag access={value as LibAccess} />,
    },
    { prop: 'ownerName', label: 'practical.task.owner', hideInForm: true, width: 100 },
    { prop: 'task', label: 'practical.task.task', type: 'richText', hideInTable: true },
    { prop: 'safety', label: 'practical.task.safety', type: 'richText', hideInTable: true },
    { prop: 'attachments', label: 'practical.task.files', hideInTable: true, control: <DrawingsField /> },
  ],
  rowRights: (row) => ({ edit: changeable(row), remove: row.access === 'own' || row.access === 'admin' }),
  rowActions: (row) => [
    {
      code: 'practical_teacher_add',
      label: 'practicalWork.assign',
      icon: <SendOutlined />,
      disabled: row.pointCount === 0,
      onClick: () => assign(row),
    },
    ...(row.access === 'own' || row.access === 'admin'
      ? [
          {
            code: 'practical_paper_permission_view' as const,
            label: 'practical.task.share',
            icon: <ShareAltOutlined />,
            onClick: () => share(row),
          },
        ]
      : []),
    ...(row.access !== 'own'
      ? [
          {
            code: 'practical_paper_quote' as const,
            label: 'practical.task.quote',
            icon: <CopyOutlined />,
            onClick: () => quote(row),
          },
        ]
      : []),
  ],
});

function AccessTag({ access }: { access: LibAccess }) {
  const { t } = useTranslation();
  return <Tag color={ACCESS_COLORS[access]}>{t(`questionBank.access.${access}`)}</Tag>;
}

const RULES = ['all', 'proportional', 'banded', 'judgement'] as const;

const pointOption: CrudOption<PracticalPoint, typeof practicalPointFormSchema> = {
  biz: 'practical_point',
  title: 'practical.point.title',
  rowKey: 'id',
  api: practicalPointApi,
  formSchema: practicalPointFormSchema,
  columns: [
    { prop: 'sort', label: 'practical.sort', type: 'number', width: 70 },
    { prop: 'name', label: 'practical.point.name', minWidth: 160 },
    { prop: 'score', label: 'practical.point.score', type: 'number', width: 80 },
    {
      prop: 'rule',
      label: 'practical.point.rule',
      type: 'select',
      options: RULES.map((r) => ({ label: `practical.rule.${r}`, value: r })),
      width: 120,
    },
    { prop: 'critical', label: 'practical.point.critical', type: 'select', options: yesNo, width: 90 },
    { prop: 'minScore', label: 'practical.point.minScore', type: 'number', hideInTable: true, half: true },
    { prop: 'maxScore', label: 'practical.point.maxScore', type: 'number', hideInTable: true, half: true },
    { prop: 'evidenceRequired', label: 'practical.point.evidence', type: 'select', options: yesNo, hideInTable: true },
    { prop: 'requirement', label: 'practical.point.requirement', type: 'textarea', hideInTable: true },
  ],
};

const inspectionOption: CrudOption<PracticalInspection, typeof practicalInspectionFormSchema> = {
  biz: 'practical_inspection',
  title: 'practical.inspection.title',
  rowKey: 'id',
  api: practicalInspectionApi,
  formSchema: practicalInspectionFormSchema,
  columns: [
    { prop: 'sort', label: 'practical.sort', type: 'number', width: 70 },
    { prop: 'name', label: 'practical.inspection.name', minWidth: 140 },
    {
      prop: 'kind',
      label: 'practical.inspection.kind',
      type: 'select',
      options: [
        { label: 'practical.kind.measure', value: 'measure' },
        { label: 'practical.kind.check', value: 'check' },
      ],
      width: 90,
    },
    { prop: 'nominal', label: 'practical.inspection.nominal', width: 90, half: true },
    { prop: 'unit', label: 'practical.inspection.unit', width: 60, half: true },
    { prop: 'lowerDeviation', label: 'practical.inspection.lower', width: 90, half: true },
    { prop: 'upperDeviation', label: 'practical.inspection.upper', width: 90, half: true },
    { prop: 'instrument', label: 'practical.inspection.instrument', width: 110, half: true },
    { prop: 'resolution', label: 'practical.inspection.resolution', width: 90, half: true },
    { prop: 'method', label: 'practical.inspection.method', hideInTable: true },
    { prop: 'weight', label: 'practical.inspection.weight', type: 'number', hideInTable: true },
  ],
};

/**
 * 实训考核: the practical tasks a teacher may read; pick one for its assessment points (考核点), and a point for its
 * inspection items (检查项) — readings against a nominal value and tolerance, or pass/fail checks. The server
 * checks each tolerance as the judging will read it.
 */
export default function PracticalPaperPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [task, setTask] = useState<PracticalPaper>();
  const [sharing, setSharing] = useState<PracticalPaper | null>(null);
  const [point, setPoint] = useState<PracticalPoint>();
  const { message, modal } = App.useApp();
  const quote = useMutation({
    mutationFn: (row: PracticalPaper) => practicalPaperApi.quote(row.id),
    onSuccess: (copy) => {
      void message.success(t('shared:practical.quoted', { name: copy.title }));
      void queryClient.invalidateQueries({ queryKey: ['practical_paper'] });
      setTask(copy);
      setPoint(undefined);
    },
  });
  const tasks = useMemo(() => {
    const confirmQuote = (row: PracticalPaper) =>
      modal.confirm({
        title: t('practical.task.quoteTitle'),
        content: t('practical.task.quoteConfirm', { name: row.title, count: row.pointCount }),
        okText: t('practical.task.quote'),
        onOk: () => quote.mutateAsync(row).catch(() => undefined),
      });
    return {
      ...taskOption(setSharing, (row) => navigate(`/practical/assignment?paperId=${row.id}`), confirmQuote),
      // A task deleted takes its points and items along: let go of it.
      afterRemove: (ids: string[]) => setTask((picked) => (picked && ids.includes(picked.id) ? undefined : picked)),
    };
  }, [navigate, modal, t, quote.mutateAsync]);
  // A task's total and its count of points follow its points: the task list reloads after each change of them.
  const points = useMemo(() => {
    const reloadTasks = () => void queryClient.invalidateQueries({ queryKey: ['practical_paper'] });
    return {
      ...pointOption,
      afterSave: reloadTasks,
      afterRemove: (ids: string[]) => {
        reloadTasks();
        setPoint((picked) => (picked && ids.includes(picked.id) ? undefined : picked));
      },
    };
  }, [queryClient]);
  const pickTask = (row?: PracticalPaper) => {
    setTask(row);
    setPoint(undefined);
  };
  const hint = (text: string, testId: string) => (
    <Card variant="borderless" data-testid={testId}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />
    </Card>
  );
  return (
    <div className={styles.stack}>
      <CrudPage
        option={tasks}
        embedded
        heading={<h3>{t('practical.task.title')}</h3>}
        onPick={pickTask}
        picked={task?.id}
      />
      {task ? (
        <CrudPage
          key={task.id}
          name="point"
          option={points}
          embedded
          query={{ paperId: task.id }}
          defaults={{ paperId: task.id, rule: 'proportional' }}
          heading={<h3>{t('practical.point.of', { name: task.title })}</h3>}
          readOnly={!changeable(task)}
          onPick={setPoint}
          picked={point?.id}
        />
      ) : (
        hint(t('practical.pickTask'), 'practical-pick-task')
      )}
      {task &&
        (point ? (
          <CrudPage
            key={point.id}
            name="inspection"
            option={inspectionOption}
            embedded
            query={{ pointId: point.id }}
            defaults={{ paperId: task.id, pointId: point.id, kind: 'measure' }}
            heading={<h3>{t('practical.inspection.of', { name: point.name })}</h3>}
            readOnly={!changeable(task)}
          />
        ) : (
          hint(t('practical.pickPoint'), 'practical-pick-point')
        ))}
      <ShareDialog
        kind={PRACTICAL_SHARES}
        target={sharing}
        title={t('practical.task.shareTitle', { name: sharing?.title ?? '' })}
        onClose={() => setSharing(null)}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: ['practical_paper'] })}
      />
    </div>
  );
}
