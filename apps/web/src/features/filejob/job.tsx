import { CopyOutlined, SendOutlined, ShareAltOutlined } from '@ant-design/icons';
import { FILEJOB_KINDS, type Filejob, filejobFormSchema, LATE_POLICIES, type LibAccess } from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FILEJOB_SHARES, filejobApi } from '../../api/filejob.ts';
import { Attachments } from '../../components/Attachments/index.tsx';
import { type CrudOption, CrudPage, type RowAction } from '../../components/CrudPage/index.tsx';
import { ShareDialog } from '../../components/ShareDialog.tsx';
import { ACCESS_COLORS } from '../question/labels.ts';
import { assignmentsPath } from './routes.ts';

const yesNo = [
  { label: 'filejob.no', value: 0 },
  { label: 'filejob.yes', value: 1 },
];
type JobFile = Filejob['attachments'][number];

/** The job's own files — a template to fill in, a drawing — which students download beside the requirements. */
function JobFilesField({ value, onChange }: { value?: JobFile[]; onChange?: (files: JobFile[]) => void }) {
  const { t } = useTranslation();
  return (
    <Attachments
      files={value ?? []}
      itemName={t('filejob.job.files')}
      kinds="documents"
      {...(onChange ? { onChange } : {})}
    />
  );
}

const penaltyOnly = (values: Record<string, unknown>) => values.latePolicy === 'penalty';

const jobOption = (actions: {
  /** The catalog, for the words drawn into cells. */
  t: (key: string) => string;
  share: (job: Filejob) => void;
  assign: (job: Filejob) => void;
  quote: (job: Filejob) => void;
}): CrudOption<Filejob, typeof filejobFormSchema> => ({
  biz: 'filejob',
  title: 'filejob.job.title',
  rowKey: 'id',
  api: filejobApi,
  formSchema: filejobFormSchema,
  columns: [
    { prop: 'title', label: 'filejob.job.name', search: true, minWidth: 200 },
    { prop: 'requirements', label: 'filejob.job.requirements', type: 'richText', hideInTable: true },
    { prop: 'attachments', label: 'filejob.job.files', hideInTable: true, control: <JobFilesField /> },
    {
      prop: 'allowedKinds',
      label: 'filejob.job.kinds',
      type: 'select',
      multiple: true,
      options: FILEJOB_KINDS.map((k) => ({ label: k.toUpperCase(), value: k })),
      help: 'filejob.job.kindsHelp',
      minWidth: 140,
      render: (_, row) =>
        row.allowedKinds.length ? row.allowedKinds.join(' / ').toUpperCase() : actions.t('filejob.job.kindsAny'),
    },
    { prop: 'maxSizeMb', label: 'filejob.job.maxSize', type: 'number', half: true, width: 110 },
    { prop: 'maxFiles', label: 'filejob.job.maxFiles', type: 'number', half: true, hideInTable: true },
    { prop: 'score', label: 'filejob.job.score', type: 'number', half: true, width: 80 },
    {
      prop: 'latePolicy',
      label: 'filejob.job.latePolicy',
      type: 'select',
      options: LATE_POLICIES.map((p) => ({ label: `filejob.late.${p}`, value: p })),
      width: 150,
    },
    {
      prop: 'penaltyPercent',
      label: 'filejob.job.penaltyPercent',
      type: 'number',
      half: true,
      hideInTable: true,
      visible: penaltyOnly,
    },
    {
      prop: 'penaltyMaxDays',
      label: 'filejob.job.penaltyMaxDays',
      type: 'number',
      half: true,
      hideInTable: true,
      help: 'filejob.job.penaltyMaxDaysHelp',
      visible: penaltyOnly,
    },
    { prop: 'isPublic', label: 'filejob.job.public', type: 'select', options: yesNo, width: 80 },
    {
      prop: 'access',
      label: 'filejob.job.access',
      hideInForm: true,
      width: 100,
      render: (value) => <AccessTag access={value as LibAccess} />,
    },
    { prop: 'ownerName', label: 'filejob.job.owner', hideInForm: true, width: 100 },
  ],
  rowRights: (row) => ({
    edit: row.access === 'own' || row.access === 'edit' || row.access === 'admin',
    remove: row.access === 'own' || row.access === 'admin',
  }),
  rowActions: (row) => {
    const list: RowAction[] = [
      {
        code: 'filejob_teacher_add',
        label: 'filejob.assign',
        icon: <SendOutlined />,
        onClick: () => actions.assign(row),
      },
    ];
    if (row.access === 'own' || row.access === 'admin')
      list.push({
        code: 'filejob_permission_view',
        label: 'filejob.job.share',
        icon: <ShareAltOutlined />,
        onClick: () => actions.share(row),
      });
    if (row.access !== 'own')
      list.push({
        code: 'filejob_quote',
        label: 'filejob.job.quote',
        icon: <CopyOutlined />,
        onClick: () => actions.quote(row),
      });
    return list;
  },
});

function AccessTag({ access }: { access: LibAccess }) {
  const { t } = useTranslation();
  return <Tag color={ACCESS_COLORS[access]}>{t(`questionBank.access.${access}`)}</Tag>;
}

/**
 * 文件作业: the file jobs a teacher may read — theirs, shared with them, published — with what to hand in, the limits
 * and the late rule; 布置作业 gives one to classes (作业安排), 共享 and 引用 as for papers.
 */
export default function FilejobPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [sharing, setSharing] = useState<Filejob | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['filejob'] });
  const quote = useMutation({
    mutationFn: (job: Filejob) => filejobApi.quote(job.id),
    onSuccess: (copy) => {
      void message.success(t('shared:filejob.quoted', { name: copy.title }));
      refresh();
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: built once; the callbacks read the latest state
  const option = useMemo(
    () =>
      jobOption({
        t,
        share: setSharing,
        assign: (job) => navigate(assignmentsPath(job.id)),
        quote: (job) =>
          modal.confirm({
            title: t('filejob.job.quoteTitle'),
            content: t('filejob.job.quoteConfirm', { name: job.title }),
            okText: t('filejob.job.quote'),
            onOk: () => quote.mutateAsync(job).catch(() => undefined),
          }),
      }),
    [t],
  );
  return (
    <>
      <CrudPage option={option} defaults={{ latePolicy: 'mark', maxSizeMb: 50, maxFiles: 5, score: 100 }} />
      <ShareDialog
        kind={FILEJOB_SHARES}
        target={sharing}
        title={t('filejob.job.shareTitle', { name: sharing?.title ?? '' })}
        onClose={() => setSharing(null)}
        onChanged={refresh}
      />
    </>
  );
}
