import {
  CloudDownloadOutlined,
  CloudUploadOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  FileTextOutlined,
  PlusOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { type LibAccess, type QuestionLib, questionLibFormSchema } from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Segmented, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canEditLib, canManageLib, LIB_OPTIONS_KEY, libraryApi } from '../../api/question.ts';
import { type DrawerState, FormDrawer } from '../../components/CrudPage/FormDrawer.tsx';
import {
  ActionButton,
  type CrudColumn,
  type CrudOption,
  CrudPage,
  type RowAction,
} from '../../components/CrudPage/index.tsx';
import type { ListQuery } from '../../components/CrudPage/types.ts';
import { ShareDialog } from '../../components/ShareDialog.tsx';
import { useAuth } from '../../stores/auth.ts';
import { useSettings } from '../../stores/settings.ts';
import { ACCESS_COLORS, disciplineName, LIB_LIST_KEY } from './labels.ts';
import { QuoteDialog } from './QuoteDialog.tsx';

/** The views of the list: everything readable, the caller's own, shared with them, published. */
const SCOPES = ['all', 'mine', 'shared', 'public'] as const;
type Scope = (typeof SCOPES)[number];

/** Libraries shared with the caller are told apart by their access only: read them all (at most 1000), page here. */
async function sharedPage(query: ListQuery) {
  const { current, size, scope: _, ...filters } = query;
  const rows: QuestionLib[] = [];
  for (let page = 1; page <= 5; page++) {
    const answer = await libraryApi.list({ ...filters, current: page, size: 200 });
    rows.push(...answer.records);
    if (page * 200 >= answer.total) break;
  }
  const shared = rows.filter((r) => r.access === 'edit' || r.access === 'read');
  return {
    records: shared.slice((current - 1) * size, current * size),
    total: shared.length,
    current,
    size,
    pages: Math.ceil(shared.length / size),
  };
}

/** A library's shares: `question_lib_permission` by `libId`. */
const LIB_SHARES = { resource: 'question_lib_permission', targetField: 'libId' } as const;

/** 试题管理 narrowed to one library. */
const questionsPath = (lib: Pick<QuestionLib, 'id'>) => `/question/question?libId=${lib.id}`;

const listApi = {
  ...libraryApi,
  list: (query: ListQuery) => (query.scope === 'shared' ? sharedPage(query) : libraryApi.list(query)),
};

const disciplineColumn: CrudColumn<QuestionLib> = {
  prop: 'discipline',
  label: 'questionBank.lib.discipline',
  type: 'select',
  options: [
    { label: 'questionBank.discipline.none', value: '' },
    { label: 'questionBank.discipline.cn', value: 'cn' },
    { label: 'questionBank.discipline.math', value: 'math' },
    { label: 'questionBank.discipline.en', value: 'en' },
  ],
  width: 100,
};

/** The add/edit drawer: the one CrudPage drawer, opened by the page's own buttons. */
const formOption: CrudOption<QuestionLib, typeof questionLibFormSchema> = {
  biz: LIB_LIST_KEY,
  title: 'questionBank.lib.title',
  rowKey: 'id',
  api: libraryApi,
  formSchema: questionLibFormSchema,
  defaults: { discipline: '' },
  columns: [
    { prop: 'name', label: 'questionBank.lib.name' },
    disciplineColumn,
    { prop: 'remark', label: 'questionBank.lib.remark', type: 'textarea' },
  ],
};

function AccessTag({ access }: { access: LibAccess }) {
  const { t } = useTranslation();
  return <Tag color={ACCESS_COLORS[access]}>{t(`questionBank.access.${access}`)}</Tag>;
}

/**
 * 题库管理: the libraries a teacher may read — their own, those shared with them or their school, the public ones —
 * with what they may do with each: edit and delete (theirs, or shared to edit), share and publish (theirs), quote
 * (copy into a library of their own), and open its questions.
 */
export default function LibraryPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useAuth((s) => s.user?.userId ?? '');
  const canAdd = useAuth((s) => Boolean(s.permission.question_lib_add));
  const language = useSettings((s) => s.language);
  const [scope, setScope] = useState<Scope>('all');
  const [drawer, setDrawer] = useState<DrawerState<QuestionLib> | null>(null);
  const [sharing, setSharing] = useState<QuestionLib | null>(null);
  const [quoting, setQuoting] = useState<QuestionLib | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: [LIB_LIST_KEY] });
  const openQuestions = (lib: Pick<QuestionLib, 'id'>) => navigate(questionsPath(lib));

  const publish = useMutation({
    mutationFn: ({ lib, isPublic }: { lib: QuestionLib; isPublic: 0 | 1 }) => libraryApi.setPublic(lib, isPublic),
    onSuccess: (_, { isPublic }) => {
      void message.success(t(isPublic ? 'questionBank.lib.publishedDone' : 'questionBank.lib.unpublishedDone'));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (ids: string[]) => libraryApi.remove(ids),
    onSuccess: () => {
      void message.success(t('crud.deleted'));
      refresh();
      void queryClient.invalidateQueries({ queryKey: LIB_OPTIONS_KEY });
    },
  });

  const confirmPublish = (lib: QuestionLib) => {
    const isPublic = lib.isPublic === 1 ? 0 : 1;
    modal.confirm({
      title: t(isPublic ? 'questionBank.lib.publish' : 'questionBank.lib.unpublish'),
      content: t(isPublic ? 'questionBank.lib.publishConfirm' : 'questionBank.lib.unpublishConfirm', {
        name: lib.name,
      }),
      okText: t(isPublic ? 'questionBank.lib.publish' : 'questionBank.lib.unpublish'),
      onOk: () => publish.mutateAsync({ lib, isPublic }).catch(() => undefined),
    });
  };

  const confirmRemove = (libs: QuestionLib[]) => {
    if (!libs.length) {
      void message.warning(t('crud.selectOne'));
      return;
    }
    const locked = libs.filter((l) => !canEditLib(l.access));
    if (locked.length) {
      void message.warning(t('questionBank.lib.cannotDelete', { names: locked.map((l) => l.name).join('、') }));
      return;
    }
    const count = libs.reduce((n, l) => n + l.questionCount, 0);
    modal.confirm({
      title: t('questionBank.lib.deleteTitle'),
      content:
        libs.length === 1
          ? t('questionBank.lib.deleteConfirm', { name: libs[0]!.name, count })
          : t('questionBank.lib.deleteManyConfirm', { libs: libs.length, count }),
      okButtonProps: { danger: true },
      okText: t('crud.delete'),
      onOk: () => remove.mutateAsync(libs.map((l) => l.id)).catch(() => undefined),
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const option = useMemo<CrudOption<QuestionLib, typeof questionLibFormSchema>>(
    () => ({
      ...formOption,
      ownActions: true,
      api: listApi,
      columns: [
        {
          prop: 'name',
          label: 'questionBank.lib.name',
          search: true,
          width: 180,
          ellipsis: true,
          render: (_, row) => (
            <span>
              <Tooltip title={row.remark || undefined} placement="topLeft">
                <Typography.Link
                  href={questionsPath(row)}
                  onClick={(e) => {
                    e.preventDefault();
                    openQuestions(row);
                  }}
                  data-lib={row.id}
                >
                  {row.name}
                </Typography.Link>
              </Tooltip>
              {row.isPublic === 1 && (
                <Tag color="gold" style={{ marginInlineStart: 6 }}>
                  {t('questionBank.lib.publishedTag')}
                </Tag>
              )}
            </span>
          ),
        },
        { ...disciplineColumn, search: true, render: (v) => disciplineName(String(v ?? '')) || '—' },
        {
          prop: 'access',
          label: 'questionBank.lib.access',
          width: 84,
          render: (_, row) => <AccessTag access={row.access} />,
        },
        { prop: 'ownerName', label: 'questionBank.lib.owner', width: 84, ellipsis: true },
        {
          prop: 'questionCount',
          label: 'questionBank.lib.count',
          width: 90,
          render: (_, row) => row.questionCount,
        },
        { prop: 'remark', label: 'questionBank.lib.remark', width: 140, ellipsis: true },
        { prop: 'updateTime', label: 'questionBank.lib.updated', type: 'datetime', width: 140 },
      ],
      selectFor: ['question_lib_delete'],
      toolbar: (ctx) => (
        <>
          {canAdd && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDrawer({ mode: 'add', defaults: { discipline: '' } })}
            >
              {t('questionBank.lib.add')}
            </Button>
          )}
          <ActionButton
            code="question_lib_delete"
            icon={<DeleteOutlined />}
            label="crud.delete"
            rows={{ selected: ctx.selected, run: confirmRemove }}
          />
        </>
      ),
      rowActions: (row) => {
        const actions: RowAction[] = [
          {
            code: 'question_view',
            label: 'questionBank.lib.questions',
            icon: <FileTextOutlined />,
            onClick: () => openQuestions(row),
          },
        ];
        if (canEditLib(row.access)) {
          actions.push({
            code: 'question_lib_edit',
            label: 'crud.edit',
            icon: <EditOutlined />,
            onClick: () => setDrawer({ mode: 'edit', record: row }),
          });
        }
        if (canManageLib(row.access)) {
          actions.push(
            {
              code: 'question_lib_permission_view',
              label: 'questionBank.lib.share',
              icon: <ShareAltOutlined />,
              onClick: () => setSharing(row),
            },
            {
              code: 'question_lib_edit',
              label: row.isPublic === 1 ? 'questionBank.lib.unpublish' : 'questionBank.lib.publish',
              icon: row.isPublic === 1 ? <CloudDownloadOutlined /> : <CloudUploadOutlined />,
              onClick: () => confirmPublish(row),
            },
          );
        }
        if (row.access !== 'own') {
          actions.push({
            code: 'question_lib_quote',
            label: 'questionBank.lib.quote',
            icon: <CopyOutlined />,
            onClick: () => setQuoting(row),
          });
        }
        if (canEditLib(row.access)) {
          actions.push({
            code: 'question_lib_delete',
            label: 'crud.delete',
            icon: <DeleteOutlined />,
            danger: true,
            onClick: () => confirmRemove([row]),
          });
        }
        return actions;
      },
    }),
    [t, language, canAdd],
  );

  const query: Record<string, string | number> | undefined =
    scope === 'mine'
      ? { createUser: userId }
      : scope === 'public'
        ? { isPublic: 1 }
        : scope === 'shared'
          ? { scope: 'shared' }
          : undefined;

  return (
    <>
      <CrudPage
        // A new view starts on its first page with nothing ticked.
        key={scope}
        option={option}
        query={query}
        heading={
          // On a phone the views scroll sideways rather than squeeze.
          <div style={{ marginBottom: 16, maxWidth: '100%', overflowX: 'auto' }}>
            <Segmented<Scope>
              value={scope}
              onChange={setScope}
              options={SCOPES.map((s) => ({ value: s, label: t(`questionBank.lib.scope.${s}`) }))}
            />
          </div>
        }
      />
      <FormDrawer option={formOption} state={drawer} canEdit onChange={setDrawer} name="libraryForm" />
      <ShareDialog
        kind={LIB_SHARES}
        target={sharing}
        title={t('questionBank.share.title', { name: sharing?.name ?? '' })}
        onClose={() => setSharing(null)}
        onChanged={refresh}
      />
      <QuoteDialog
        lib={quoting}
        onClose={() => setQuoting(null)}
        onQuoted={(copy) => {
          setQuoting(null);
          refresh();
          void queryClient.invalidateQueries({ queryKey: LIB_OPTIONS_KEY });
          modal.confirm({
            title: t('questionBank.quote.doneTitle'),
            content: t('shared:questionLib.quoted', { name: copy.name, count: copy.count }),
            okText: t('questionBank.quote.open'),
            cancelText: t('questionBank.quote.stay'),
            onOk: () => openQuestions(copy),
          });
        }}
      />
    </>
  );
}
