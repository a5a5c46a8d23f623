import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { QuestionTree, QuestionType } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Dropdown, Empty, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { questionApi } from '../../api/question.ts';
import { htmlToText } from '../../components/RichEditor/index.tsx';
import styles from './editor.module.css';
import { IconTool } from './IconTool.tsx';
import { TYPE_COLORS, typeName, typeOptions } from './labels.ts';
import { QUESTION_LIST_KEY } from './question-form.ts';

/** Query key of a question with its children (`tree/{id}`). */
export const treeKey = (id: string | undefined) => ['question-tree', id];

interface Props {
  /** The composite question; undefined while it is not saved yet. */
  parentId?: string;
  /** The teacher may change the question (its library is theirs or shared to edit). */
  editable: boolean;
  onAdd: (type: QuestionType) => void;
  onEdit: (child: QuestionTree) => void;
  /** A composite question not saved yet: save it first, then add `type`. */
  onSaveFirst: (type: QuestionType) => void;
  /** Make the children's total the composite question's score. */
  onUseTotal?: (total: number) => void;
}

/**
 * A composite question's children, in order: add one of any other type, edit, delete (asked first), move up or
 * down. Each change is saved at once.
 */
export function ChildList({ parentId, editable, onAdd, onEdit, onSaveFirst, onUseTotal }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useQuery({
    queryKey: treeKey(parentId),
    queryFn: () => questionApi.tree(parentId!),
    enabled: Boolean(parentId),
  });
  const children = tree.data?.children ?? [];
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: treeKey(parentId) });
    void queryClient.invalidateQueries({ queryKey: [QUESTION_LIST_KEY] });
  };
  const move = useMutation({
    mutationFn: ({ id, direction }: { id: string; direction: 'up' | 'down' }) => questionApi.move(id, direction),
    onSuccess: changed,
  });
  const remove = useMutation({
    mutationFn: (id: string) => questionApi.removeOne(id),
    onSuccess: () => {
      void message.success(t('crud.deleted'));
      changed();
    },
  });

  const confirmRemove = (child: QuestionTree, n: number) =>
    modal.confirm({
      title: t('questionBank.children.deleteTitle', { n }),
      content: htmlToText(child.stem).slice(0, 80),
      okText: t('crud.delete'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(child.id).catch(() => undefined),
    });

  const total = children.reduce((sum, c) => sum + (c.score ?? 0), 0);
  const add = (
    <Dropdown
      trigger={['click']}
      menu={{
        items: typeOptions(true).map((o) => ({ key: o.value, label: o.label })),
        onClick: ({ key }) => (parentId ? onAdd(key as QuestionType) : onSaveFirst(key as QuestionType)),
      }}
    >
      <Button type="dashed" icon={<PlusOutlined />} data-testid="add-child">
        {t('questionBank.children.add')} <DownOutlined />
      </Button>
    </Dropdown>
  );

  return (
    <div className={styles.children} data-testid="child-list">
      {!parentId && (
        <Alert type="info" showIcon title={t('questionBank.children.saveFirst')} style={{ marginBottom: 12 }} />
      )}
      <Spin spinning={tree.isFetching || move.isPending}>
        {children.length === 0 ? (
          parentId && !tree.isLoading ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shared:question.composite.empty')} />
          ) : null
        ) : (
          <ol className={styles.childList}>
            {children.map((child, i) => {
              const n = i + 1;
              return (
                <li key={child.id} className={styles.child} data-child={child.id}>
                  <span className={styles.childNo}>({n})</span>
                  <Tag color={TYPE_COLORS[child.type]}>{typeName(child.type)}</Tag>
                  <span className={styles.childStem} title={htmlToText(child.stem)}>
                    {htmlToText(child.stem) || t('questionBank.children.noStem')}
                  </span>
                  <span className={styles.childScore}>{t('questionView.score', { score: child.score })}</span>
                  {editable && (
                    <span className={styles.childActions}>
                      <IconTool
                        icon={<ArrowUpOutlined />}
                        title={t('questionBank.editor.up')}
                        label={t('questionBank.children.up', { n })}
                        disabled={i === 0 || move.isPending}
                        onClick={() => move.mutate({ id: child.id, direction: 'up' })}
                      />
                      <IconTool
                        icon={<ArrowDownOutlined />}
                        title={t('questionBank.editor.down')}
                        label={t('questionBank.children.down', { n })}
                        disabled={i === children.length - 1 || move.isPending}
                        onClick={() => move.mutate({ id: child.id, direction: 'down' })}
                      />
                      <IconTool
                        icon={<EditOutlined />}
                        title={t('crud.edit')}
                        label={t('questionBank.children.edit', { n })}
                        onClick={() => onEdit(child)}
                      />
                      <IconTool
                        icon={<DeleteOutlined />}
                        title={t('crud.delete')}
                        label={t('questionBank.children.delete', { n })}
                        danger
                        onClick={() => confirmRemove(child, n)}
                      />
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </Spin>
      <div className={styles.childFooter}>
        {editable && add}
        {children.length > 0 && (
          <span className={styles.hint}>
            {t('questionBank.children.total', { count: children.length, total })}
            {onUseTotal && (
              <Button type="link" size="small" onClick={() => onUseTotal(total)}>
                {t('questionBank.children.useTotal')}
              </Button>
            )}
          </span>
        )}
      </div>
    </div>
  );
}
