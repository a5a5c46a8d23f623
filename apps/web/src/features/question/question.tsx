import {
  CloudDownloadOutlined,
  CloudUploadOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { type Question, questionFormSchema } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { canEditLib, LIB_OPTIONS_KEY, libraryApi, questionApi } from '../../api/question.ts';
import { useScreen } from '../../app/useScreen.ts';
import { ActionButton, type CrudOption, CrudPage, type RowAction } from '../../components/CrudPage/index.tsx';
import { htmlToText } from '../../components/RichEditor/index.tsx';
import { useAuth } from '../../stores/auth.ts';
import { useSettings } from '../../stores/settings.ts';
import { CopyDialog } from './CopyDialog.tsx';
import { ExportDialog } from './ExportDialog.tsx';
import { ImportWizard } from './import/ImportWizard.tsx';
import { KnowledgeTree } from './KnowledgeTree.tsx';
import { LIB_LIST_KEY, TYPE_COLORS, typeName } from './labels.ts';
import { PreviewDialog } from './PreviewDialog.tsx';
import { type EditorTarget, QuestionEditor } from './QuestionEditor.tsx';
import { QuestionFilters, type QuestionFilterValues } from './QuestionFilters.tsx';
import styles from './question.module.css';
import { QUESTION_LIST_KEY, savedViewQuestion } from './question-form.ts';

/** 难度 as stars: ★★★☆☆. */
function Stars({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`questionBank.difficulty.${value}`, { defaultValue: '' })}>
      <span className={styles.stars} role="img" aria-label={t('questionBank.question.difficultyOf', { n: value })}>
        {'★'.repeat(value)}
        <span>{'★'.repeat(Math.max(0, 5 - value))}</span>
      </span>
    </Tooltip>
  );
}

/**
 * 试题管理: the questions of the libraries a teacher may read, narrowed by library (also from `?libId=`), type,
 * difficulty, words and a knowledge point (the tree beside the list, its descendants included). Questions are
 * previewed as students see them, edited in the full editor where their library may be edited, deleted (a composite
 * question with its children), imported from Word or Excel, exported, and copied into another library.
 */
export default function QuestionPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const language = useSettings((s) => s.language);
  const canAdd = useAuth((s) => Boolean(s.permission.question_add));
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<QuestionFilterValues>(() => ({ libId: params.get('libId') ?? undefined }));
  const [flagId, setFlagId] = useState<string>();
  // On a phone the knowledge points are a filter like the others: a tree above the list would fill the screen.
  const phone = useScreen() === 0;
  const [editing, setEditing] = useState<EditorTarget | null>(null);
  const [previewId, setPreviewId] = useState<string>();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState<Question[] | null>(null);
  const [copying, setCopying] = useState<Question[] | null>(null);

  // Opened from 题库管理's 试题 link: that library.
  const linked = params.get('libId');
  useEffect(() => {
    if (linked) setFilters((f) => (f.libId === linked ? f : { ...f, libId: linked }));
  }, [linked]);

  const libs = useQuery({ queryKey: [...LIB_OPTIONS_KEY, 'read'], queryFn: () => libraryApi.options('read') });
  const accessOf = useMemo(() => new Map((libs.data ?? []).map((l) => [l.id, l.access])), [libs.data]);
  const editable = (q: Pick<Question, 'libId'>) => canEditLib(accessOf.get(q.libId));

  const preview = useQuery({
    queryKey: ['question-tree', previewId],
    queryFn: () => questionApi.tree(previewId!),
    enabled: Boolean(previewId),
  });

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: [QUESTION_LIST_KEY] });
    void queryClient.invalidateQueries({ queryKey: [LIB_LIST_KEY] });
  };
  const remove = useMutation({
    mutationFn: (ids: string[]) => (ids.length === 1 ? questionApi.removeOne(ids[0]!) : questionApi.remove(ids)),
    onSuccess: () => {
      void message.success(t('crud.deleted'));
      changed();
    },
  });

  const confirmRemove = (rows: Question[]) => {
    if (!rows.length) {
      void message.warning(t('crud.selectOne'));
      return;
    }
    if (rows.some((r) => !editable(r))) {
      void message.warning(t('questionBank.question.readOnlyRows'));
      return;
    }
    const children = rows.reduce((n, r) => n + (r.type === 'composite' ? r.childCount : 0), 0);
    const one = rows.length === 1 ? rows[0]! : undefined;
    modal.confirm({
      title: t('questionBank.question.deleteTitle'),
      content: (
        <>
          <p>
            {one
              ? t('questionBank.question.deleteOne', { stem: htmlToText(one.stem).slice(0, 60) })
              : t('questionBank.question.deleteMany', { count: rows.length })}
          </p>
          {children > 0 && (
            <Typography.Text type="danger">
              {t('questionBank.question.deleteChildren', { count: children })}
            </Typography.Text>
          )}
        </>
      ),
      okText: t('crud.delete'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(rows.map((r) => r.id)).catch(() => undefined),
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const option = useMemo<CrudOption<Question, typeof questionFormSchema>>(
    () => ({
      biz: QUESTION_LIST_KEY,
      ownActions: true,
      title: 'questionBank.question.title',
      rowKey: 'id',
      api: questionApi,
      formSchema: questionFormSchema,
      columns: [
        {
          prop: 'stem',
          label: 'questionBank.question.stem',
          width: 250,
          hideInForm: true,
          render: (_, row) => {
            const text = htmlToText(row.stem) || t('questionBank.children.noStem');
            return (
              <Tooltip title={text.length > 40 ? text : undefined} placement="topLeft">
                <Typography.Link
                  className={styles.stem}
                  role="button"
                  tabIndex={0}
                  onClick={() => setPreviewId(row.id)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      setPreviewId(row.id);
                    }
                  }}
                  data-question={row.id}
                >
                  {text}
                </Typography.Link>
                {row.type === 'composite' && (
                  <span className={styles.sub}>{t('questionBank.question.childCount', { count: row.childCount })}</span>
                )}
              </Tooltip>
            );
          },
        },
        {
          prop: 'type',
          label: 'questionBank.question.type',
          width: 110,
          hideInForm: true,
          render: (_, row) => <Tag color={TYPE_COLORS[row.type]}>{typeName(row.type)}</Tag>,
        },
        {
          prop: 'difficulty',
          label: 'questionBank.question.difficulty',
          width: 92,
          hideInForm: true,
          render: (_, row) => <Stars value={row.difficulty} />,
        },
        {
          prop: 'score',
          label: 'questionBank.question.score',
          width: 60,
          hideInForm: true,
          render: (_, row) => row.score,
        },
        { prop: 'libName', label: 'questionBank.question.library', width: 130, ellipsis: true, hideInForm: true },
      ],
      selectFor: ['question_delete', 'question_export', 'question_add'],
      toolbar: (ctx) => (
        <>
          {canAdd && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() =>
                setEditing({ libId: filters.libId, type: filters.types?.length === 1 ? filters.types[0] : 'single' })
              }
            >
              {t('questionBank.question.add')}
            </Button>
          )}
          <ActionButton
            code="question_import"
            icon={<CloudUploadOutlined />}
            label="questionBank.question.import"
            onClick={() => setImporting(true)}
          />
          <ActionButton
            code="question_export"
            icon={<CloudDownloadOutlined />}
            label="questionBank.question.export"
            onClick={() => setExporting(ctx.selected)}
          />
          <ActionButton
            code="question_add"
            icon={<CopyOutlined />}
            label="questionBank.question.copy"
            rows={{ selected: ctx.selected, run: setCopying }}
          />
          <ActionButton
            code="question_delete"
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
            label: 'questionBank.preview.button',
            icon: <EyeOutlined />,
            onClick: () => setPreviewId(row.id),
          },
        ];
        if (editable(row)) {
          actions.push(
            {
              code: 'question_edit',
              label: 'crud.edit',
              icon: <EditOutlined />,
              onClick: () => setEditing({ id: row.id }),
            },
            {
              code: 'question_delete',
              label: 'crud.delete',
              icon: <DeleteOutlined />,
              danger: true,
              onClick: () => confirmRemove([row]),
            },
          );
        }
        return actions;
      },
    }),
    [t, language, canAdd, filters, accessOf],
  );

  const query = {
    libId: filters.libId,
    type: filters.types?.length ? filters.types.join(',') : undefined,
    difficulty: filters.difficulty,
    text: filters.text?.trim() || undefined,
    flagId,
  };
  const defined = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;
  const currentLib = libs.data?.find((l) => l.id === filters.libId);

  return (
    <>
      <CrudPage
        // New filters start on the first page with nothing ticked.
        key={JSON.stringify(defined)}
        option={option}
        query={defined}
        heading={
          <QuestionFilters
            value={filters}
            libs={libs.data}
            loadingLibs={libs.isLoading}
            onSearch={setFilters}
            knowledge={phone ? { value: flagId, onChange: setFlagId } : undefined}
          />
        }
        side={phone ? undefined : <KnowledgeTree value={flagId} onChange={(node) => setFlagId(node?.id)} />}
      />
      <QuestionEditor target={editing} onClose={() => setEditing(null)} />
      <PreviewDialog
        open={Boolean(previewId)}
        question={preview.data ? savedViewQuestion(preview.data) : undefined}
        loading={preview.isFetching}
        onClose={() => setPreviewId(undefined)}
      />
      <ImportWizard
        open={importing}
        libId={currentLib && canEditLib(currentLib.access) ? currentLib.id : undefined}
        onClose={() => setImporting(false)}
        onImported={(libId) => {
          changed();
          setFilters((f) => ({ ...f, libId }));
        }}
      />
      <ExportDialog selected={exporting} lib={currentLib} onClose={() => setExporting(null)} />
      <CopyDialog
        questions={copying}
        onClose={() => setCopying(null)}
        onCopied={() => {
          setCopying(null);
          changed();
        }}
      />
    </>
  );
}
