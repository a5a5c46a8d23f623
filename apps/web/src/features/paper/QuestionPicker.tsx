import { ImportOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type PaperSection, type Question } from '@shixun/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paperQuestionApi } from '../../api/paper.ts';
import { LIB_OPTIONS_KEY, libraryApi, questionApi } from '../../api/question.ts';
import { useScreen } from '../../app/useScreen.ts';
import { htmlToText } from '../../components/RichEditor/index.tsx';
import { TYPE_COLORS, typeName } from '../question/labels.ts';
import { PreviewDialog } from '../question/PreviewDialog.tsx';
import { QuestionFilters, type QuestionFilterValues } from '../question/QuestionFilters.tsx';
import { savedViewQuestion } from '../question/question-form.ts';
import styles from './paper.module.css';

interface Props {
  paperId: string;
  section: PaperSection;
  /** Bank questions already in the paper: shown as 已在试卷中 and not pickable. */
  inPaper: Set<string>;
  onClose: () => void;
  onAdded: () => Promise<void> | void;
}

/** The query the bank's list takes for these filters. */
export function bankQuery(filters: QuestionFilterValues, flagId: string | undefined) {
  const query: Record<string, string | number> = {};
  if (filters.libId) query.libId = filters.libId;
  if (filters.types?.length) query.type = filters.types.join(',');
  if (filters.difficulty) query.difficulty = filters.difficulty;
  if (filters.text?.trim()) query.text = filters.text.trim();
  if (flagId) query.flagId = flagId;
  return query;
}

/**
 * 从题库添加: the bank's questions the teacher may read, narrowed like 试题管理 (library, type, difficulty, words,
 * knowledge point), ticked across pages and added last to the section. Questions already in the paper are shown
 * but cannot be ticked (a question is in a paper once); a stem opens the question's preview.
 */
export function QuestionPicker({ paperId, section, inPaper, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const phone = useScreen() === 0;
  const [filters, setFilters] = useState<QuestionFilterValues>({});
  const [flagId, setFlagId] = useState<string>();
  const [paging, setPaging] = useState({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [picked, setPicked] = useState<Key[]>([]);
  const [previewId, setPreviewId] = useState<string>();

  const libs = useQuery({ queryKey: [...LIB_OPTIONS_KEY, 'read'], queryFn: () => libraryApi.options('read') });
  const query = bankQuery(filters, flagId);
  const list = useQuery({
    queryKey: ['paper-picker', paging, query],
    queryFn: () => questionApi.list({ ...paging, ...query }),
    placeholderData: keepPreviousData,
  });
  const preview = useQuery({
    queryKey: ['question-tree', previewId],
    queryFn: () => questionApi.tree(previewId!),
    enabled: Boolean(previewId),
  });

  const add = useMutation({
    mutationFn: () => paperQuestionApi.importInto(paperId, section.id, picked.map(String)),
    onSuccess: async () => {
      void message.success(t('shared:paper.imported', { count: picked.length }));
      await onAdded();
    },
  });

  const open = (id: string) => setPreviewId(id);
  const columns: TableColumnsType<Question> = [
    {
      key: 'stem',
      title: t('questionBank.question.stem'),
      width: 320,
      render: (_, row) => {
        const text = htmlToText(row.stem) || t('questionBank.children.noStem');
        return (
          <div className={styles.pickStem}>
            <Typography.Link
              role="button"
              tabIndex={0}
              className={styles.pickStemText}
              onClick={() => open(row.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  open(row.id);
                }
              }}
              aria-label={t('paper.picker.previewOf', { stem: text.slice(0, 40) })}
            >
              {text}
            </Typography.Link>
            {inPaper.has(row.id) && <Tag color="default">{t('paper.picker.inPaper')}</Tag>}
            {row.type === 'composite' && (
              <span className={styles.muted}>{t('questionBank.question.childCount', { count: row.childCount })}</span>
            )}
          </div>
        );
      },
    },
    {
      key: 'type',
      title: t('questionBank.question.type'),
      width: 100,
      render: (_, row) => <Tag color={TYPE_COLORS[row.type]}>{typeName(row.type)}</Tag>,
    },
    {
      key: 'difficulty',
      title: t('questionBank.question.difficulty'),
      width: 90,
      render: (_, row) => (
        <Tooltip title={t(`questionBank.difficulty.${row.difficulty}`, { defaultValue: '' })}>
          <span className={styles.stars}>
            {'★'.repeat(row.difficulty)}
            <span>{'★'.repeat(Math.max(0, 5 - row.difficulty))}</span>
          </span>
        </Tooltip>
      ),
    },
    { key: 'score', title: t('questionBank.question.score'), width: 64, render: (_, row) => row.score },
    {
      key: 'lib',
      title: t('questionBank.question.library'),
      width: 130,
      ellipsis: true,
      render: (_, row) => row.libName,
    },
  ];

  return (
    <Modal
      open
      title={t('paper.picker.title', { name: section.name })}
      onCancel={onClose}
      width={phone ? '100%' : 1080}
      style={phone ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
      destroyOnHidden
      footer={
        <div className={styles.pickerFooter}>
          <span className={styles.muted}>{t('paper.picker.picked', { count: picked.length })}</span>
          <span className={styles.pickerButtons}>
            {picked.length > 0 && (
              <Button type="link" onClick={() => setPicked([])}>
                {t('crud.clearSelection')}
              </Button>
            )}
            <Button onClick={onClose}>{t('crud.cancel')}</Button>
            <Button
              type="primary"
              icon={<ImportOutlined />}
              disabled={!picked.length}
              loading={add.isPending}
              onClick={() => add.mutate()}
            >
              {t('paper.picker.add', { name: section.name })}
            </Button>
          </span>
        </div>
      }
    >
      <QuestionFilters
        value={filters}
        libs={libs.data}
        loadingLibs={libs.isLoading}
        onSearch={(next) => {
          setFilters(next);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
        knowledge={{
          value: flagId,
          onChange: (id) => {
            setFlagId(id);
            setPaging((p) => ({ ...p, current: 1 }));
          },
        }}
      />
      <Table<Question>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 704 }}
        rowSelection={{
          selectedRowKeys: picked,
          onChange: (keys) => setPicked(keys),
          preserveSelectedRowKeys: true,
          getCheckboxProps: (row) => ({
            disabled: inPaper.has(row.id),
            'aria-label': t('paper.picker.pick', { stem: htmlToText(row.stem).slice(0, 40) }),
          }),
        }}
        rowClassName={(row) => (inPaper.has(row.id) ? (styles.takenRow ?? '') : '')}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: list.data?.total ?? 0,
          showSizeChanger: !phone,
          size: 'small',
          showTotal: (total) => t('crud.total', { total }),
          onChange: (current, size) => setPaging((p) => ({ current: size === p.size ? current : 1, size })),
        }}
      />
      <PreviewDialog
        open={Boolean(previewId)}
        question={preview.data ? savedViewQuestion(preview.data) : undefined}
        loading={preview.isFetching}
        onClose={() => setPreviewId(undefined)}
      />
    </Modal>
  );
}
