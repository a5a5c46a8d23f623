import {
  ApartmentOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  QrcodeOutlined,
  SendOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { PAPER_TYPES, type Paper, type paperFormSchema } from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Segmented, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canChangePaper, PAPER_LIST_KEY, PAPER_SHARES, paperApi, paperRights } from '../../api/paper.ts';
import { type DrawerState, FormDrawer } from '../../components/CrudPage/FormDrawer.tsx';
import { type CrudOption, CrudPage, type RowAction } from '../../components/CrudPage/index.tsx';
import type { ListQuery } from '../../components/CrudPage/types.ts';
import { ShareDialog } from '../../components/ShareDialog.tsx';
import { useAuth } from '../../stores/auth.ts';
import { useSettings } from '../../stores/settings.ts';
import { assignPath } from '../assignment/logic.ts';
import { ACCESS_COLORS, disciplineName } from '../question/labels.ts';
import { DownloadDialog } from './DownloadDialog.tsx';
import { editPath, previewPath, TYPE_COLORS } from './labels.ts';
import styles from './paper.module.css';
import { QrDialog } from './QrDialog.tsx';
import { newPaper, settingsOption } from './SettingsForm.tsx';

/** The tabs: every kind, or one. */
const TABS = ['all', ...PAPER_TYPES] as const;
type Tab = (typeof TABS)[number];
/**
 * Whose papers: all the caller may read, their own, those shared with them or their school (共享给我), the published
 * ones (公共资源库) — the views of 题库管理.
 */
const SCOPES = ['all', 'mine', 'shared', 'public'] as const;
type Scope = (typeof SCOPES)[number];

/** The list's own columns; the drawer's fields come from SettingsForm. */
const LIST_OPTION = settingsOption(0, true);

/** 共享给我 is a list of its own (`shared_paper_list`), with the same filters. */
const listApi = {
  ...paperApi,
  list: ({ scope, ...query }: ListQuery) =>
    scope === 'shared' ? paperApi.sharedList(query as ListQuery) : paperApi.list(query as ListQuery),
};

/**
 * 试卷管理: the papers a teacher may read — their own, those shared with them or their school, the published ones —
 * by kind (考试, 练习, 作业), words of the title, discipline and owner. Owners, edit-sharers and administrators change
 * a paper's settings and compose it (组卷, its own page); only owners and administrators publish, share and delete
 * it; anyone previews, downloads and quotes someone else's paper as a copy of their own.
 */
export default function PaperPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = useSettings((s) => s.language);
  const userId = useAuth((s) => s.user?.userId ?? '');
  const canAdd = useAuth((s) => Boolean(s.permission.paper_add));
  const [tab, setTab] = useState<Tab>('all');
  const [scope, setScope] = useState<Scope>('all');
  const [drawer, setDrawer] = useState<DrawerState<Paper> | null>(null);
  const [dialog, setDialog] = useState<{ kind: 'download' | 'qrcode'; paper: Paper } | null>(null);
  const [sharing, setSharing] = useState<Paper | null>(null);

  // A new paper is composed next: its editor opens once it is saved.
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigate is stable
  const addOption = useMemo<CrudOption<Paper, typeof paperFormSchema>>(
    () => ({
      ...LIST_OPTION,
      afterSave: (saved, mode) => {
        const id = (saved as Partial<Paper> | null)?.id;
        if (mode === 'add' && id) navigate(editPath(id));
      },
    }),
    [],
  );

  const refresh = () => void queryClient.invalidateQueries({ queryKey: [PAPER_LIST_KEY] });
  const openEditor = (paper: Pick<Paper, 'id'>) => navigate(editPath(paper.id));
  const openPreview = (paper: Pick<Paper, 'id'>) => navigate(previewPath(paper.id));

  const remove = useMutation({
    mutationFn: (ids: string[]) => paperApi.remove(ids),
    onSuccess: () => {
      void message.success(t('crud.deleted'));
      refresh();
    },
  });
  const quote = useMutation({
    mutationFn: (paper: Paper) => paperApi.quote(paper.id),
    onSuccess: (copy) => {
      void message.success(t('shared:paper.quoted', { name: copy.title }));
      refresh();
      openEditor(copy);
    },
  });

  const confirmRemove = (paper: Paper) =>
    modal.confirm({
      title: t('paper.list.deleteTitle'),
      content: t('paper.list.deleteConfirm', { name: paper.title, count: paper.questionCount }),
      okText: t('crud.delete'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync([paper.id]).catch(() => undefined),
    });
  const confirmQuote = (paper: Paper) =>
    modal.confirm({
      title: t('paper.list.quoteTitle'),
      content: t('paper.list.quoteConfirm', { name: paper.title, count: paper.questionCount }),
      okText: t('paper.list.quote'),
      onOk: () => quote.mutateAsync(paper).catch(() => undefined),
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const option = useMemo<CrudOption<Paper, typeof paperFormSchema>>(
    () => ({
      ...LIST_OPTION,
      api: listApi,
      ownActions: true,
      columns: [
        {
          prop: 'title',
          label: 'paper.field.title',
          search: true,
          width: 220,
          ellipsis: true,
          render: (_, row) => {
            const own = canChangePaper(row.access);
            const href = own ? editPath(row.id) : previewPath(row.id);
            return (
              <span className={styles.titleCell}>
                <Tooltip title={row.title} placement="topLeft">
                  <Typography.Link
                    href={href}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(href);
                    }}
                    data-paper={row.id}
                  >
                    {row.title}
                  </Typography.Link>
                </Tooltip>
                {row.isPublic === 1 && (
                  <Tag color="gold" className={styles.inlineTag}>
                    {t('paper.list.publishedTag')}
                  </Tag>
                )}
                {(row.access === 'edit' || row.access === 'read') && (
                  <Tag color={ACCESS_COLORS[row.access]} className={styles.inlineTag}>
                    {t(`paper.list.sharedTag.${row.access}`)}
                  </Tag>
                )}
                {row.composeMode === 'random' && (
                  <Tag color="purple" className={styles.inlineTag}>
                    {t('paper.list.randomTag')}
                  </Tag>
                )}
              </span>
            );
          },
        },
        {
          prop: 'paperType',
          label: 'paper.field.type',
          width: 76,
          render: (_, row) => (
            <Tag color={TYPE_COLORS[row.paperType]}>{t(`paper.type.${row.paperType}`, row.paperType)}</Tag>
          ),
        },
        {
          prop: 'discipline',
          label: 'paper.field.discipline',
          type: 'select',
          search: true,
          hideInTable: true,
          options: [
            { label: 'questionBank.discipline.cn', value: 'cn' },
            { label: 'questionBank.discipline.math', value: 'math' },
            { label: 'questionBank.discipline.en', value: 'en' },
          ],
          render: (v) => disciplineName(String(v ?? '')) || '—',
        },
        { prop: 'totalScore', label: 'paper.field.totalScore', width: 70, render: (_, row) => row.totalScore },
        { prop: 'questionCount', label: 'paper.field.questionCount', width: 90, render: (_, row) => row.questionCount },
        {
          prop: 'duration',
          label: 'paper.field.duration',
          width: 92,
          render: (_, row) =>
            row.duration ? t('paper.list.minutes', { count: row.duration }) : t('paper.settings.unlimited'),
        },
        { prop: 'ownerName', label: 'paper.field.owner', width: 90, ellipsis: true },
        { prop: 'updateTime', label: 'paper.field.updated', type: 'datetime', width: 140 },
      ],
      toolbar: () =>
        canAdd ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDrawer({ mode: 'add', defaults: newPaper(tab === 'all' ? undefined : tab) })}
          >
            {t('paper.list.add')}
          </Button>
        ) : null,
      rowActions: (row) => {
        const rights = paperRights(row.access);
        const actions: RowAction[] = [];
        if (rights.change) {
          actions.push(
            {
              code: 'paper_edit',
              label: 'paper.list.compose',
              icon: <ApartmentOutlined />,
              onClick: () => openEditor(row),
            },
            {
              code: 'paper_edit',
              label: 'paper.list.settings',
              icon: <EditOutlined />,
              onClick: () => setDrawer({ mode: 'edit', record: row }),
            },
          );
        }
        // 发布: the paper given to classes, on 考试安排 with the form open.
        if (row.questionCount > 0) {
          actions.push({
            code: 'paper_teacher_add',
            label: 'assignment.list.assignPaper',
            icon: <SendOutlined />,
            onClick: () => navigate(assignPath(row.id)),
          });
        }
        actions.push({
          code: 'paper_view',
          label: 'paper.list.preview',
          icon: <EyeOutlined />,
          onClick: () => openPreview(row),
        });
        if (rights.quote) {
          actions.push({
            code: 'paper_quote',
            label: 'paper.list.quote',
            icon: <CopyOutlined />,
            onClick: () => confirmQuote(row),
          });
        }
        actions.push({
          code: 'paper_download',
          label: 'paper.list.download',
          icon: <DownloadOutlined />,
          onClick: () => setDialog({ kind: 'download', paper: row }),
        });
        if (rights.change) {
          actions.push({
            code: 'paper_qrcode',
            label: 'paper.list.qrcode',
            icon: <QrcodeOutlined />,
            onClick: () => setDialog({ kind: 'qrcode', paper: row }),
          });
        }
        if (rights.manage) {
          actions.push(
            {
              code: 'paper_permission_view',
              label: 'paper.list.share',
              icon: <ShareAltOutlined />,
              onClick: () => setSharing(row),
            },
            {
              code: 'paper_delete',
              label: 'crud.delete',
              icon: <DeleteOutlined />,
              danger: true,
              onClick: () => confirmRemove(row),
            },
          );
        }
        return actions;
      },
    }),
    [t, language, canAdd, tab],
  );

  const query: Record<string, string | number> = {
    paperType: tab === 'all' ? PAPER_TYPES.join(',') : tab,
    ...(scope === 'mine'
      ? { createUser: userId }
      : scope === 'public'
        ? { isPublic: 1 }
        : scope === 'shared'
          ? { scope: 'shared' }
          : {}),
  };
  const drawerOption = drawer?.record
    ? settingsOption(drawer.record.totalScore, drawer.record.access === 'own')
    : addOption;

  return (
    <>
      <CrudPage
        // A new view starts on its first page.
        key={`${tab}|${scope}`}
        option={option}
        query={query}
        heading={
          <div className={styles.listHeading}>
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key as Tab)}
              items={TABS.map((k) => ({ key: k, label: t(k === 'all' ? 'paper.list.allTypes' : `paper.type.${k}`) }))}
              className={styles.typeTabs}
            />
            <div className={styles.scopes}>
              <Segmented<Scope>
                value={scope}
                onChange={setScope}
                aria-label={t('paper.list.scope')}
                options={SCOPES.map((s) => ({ value: s, label: t(`paper.list.scopes.${s}`) }))}
              />
            </div>
          </div>
        }
      />
      <FormDrawer option={drawerOption} state={drawer} canEdit onChange={setDrawer} name="paperForm" />
      {dialog && (
        <>
          <DownloadDialog paper={dialog.paper} open={dialog.kind === 'download'} onClose={() => setDialog(null)} />
          <QrDialog paper={dialog.paper} open={dialog.kind === 'qrcode'} onClose={() => setDialog(null)} />
        </>
      )}
      <ShareDialog
        kind={PAPER_SHARES}
        target={sharing}
        title={t('paper.share.title', { name: sharing?.title ?? '' })}
        onClose={() => setSharing(null)}
        onChanged={refresh}
      />
    </>
  );
}
