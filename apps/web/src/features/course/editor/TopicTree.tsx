import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  PlusSquareOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import type { CourseTopicNode } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Space, Spin, Tooltip, Tree, type TreeProps } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { courseSubApi, topicTreeKey } from '../../../api/course.ts';
import { useCrudPermissions } from '../../../app/permission.ts';
import styles from './editor.module.css';
import { TopicNameDialog, type TopicNaming } from './TopicNameDialog.tsx';

/** Every topic by id, and each topic's siblings in order (roots under "0"). */
function index(nodes: CourseTopicNode[]) {
  const byId = new Map<string, CourseTopicNode>();
  const siblings = new Map<string, CourseTopicNode[]>();
  const walk = (list: CourseTopicNode[], parentId: string) => {
    siblings.set(parentId, list);
    for (const n of list) {
      byId.set(n.id, n);
      walk(n.children ?? [], n.id);
    }
  };
  walk(nodes, '0');
  return { byId, siblings };
}

/**
 * A course's topic tree: pick a topic to show its coursewares and papers; add a chapter, a subtopic or a sibling,
 * rename, move one step up or down, delete (with its subtopics, coursewares and papers, after confirming).
 */
export function TopicTree({
  courseId,
  editable,
  selectedId,
  onSelect,
}: {
  courseId: string;
  /** The caller may change the course (own, shared to edit, administrator). */
  editable: boolean;
  selectedId?: string;
  onSelect: (topic: CourseTopicNode | undefined) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const held = useCrudPermissions('course_sub');
  const can = { add: editable && held.add, edit: editable && held.edit, delete: editable && held.delete };
  const [naming, setNaming] = useState<TopicNaming | null>(null);
  const [folded, setFolded] = useState<Set<string>>(new Set());
  const tree = useQuery({ queryKey: topicTreeKey(courseId), queryFn: () => courseSubApi.tree(courseId) });
  const { byId, siblings } = useMemo(() => index(tree.data ?? []), [tree.data]);
  const selected = selectedId ? byId.get(selectedId) : undefined;
  // The course list's counts follow the tree too.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['course_sub'] });
  const run = useMutation({
    mutationFn: (job: () => Promise<unknown>) => job(),
    onSuccess: refresh,
  });

  const position = selected ? (siblings.get(selected.parentId) ?? []).findIndex((n) => n.id === selected.id) : -1;
  const siblingCount = selected ? (siblings.get(selected.parentId)?.length ?? 0) : 0;
  const step = (direction: 'up' | 'down') => run.mutate(() => courseSubApi.step(selected!.id, direction));

  const remove = () => {
    const topic = selected!;
    modal.confirm({
      title: t('course.topic.deleteTitle'),
      content: t(topic.hasChildren ? 'course.topic.deleteCascade' : 'course.topic.deleteConfirm', { name: topic.name }),
      okText: t('crud.delete'),
      okButtonProps: { danger: true },
      onOk: () =>
        courseSubApi
          .removeCascade([topic.id])
          .then(() => {
            void message.success(t('crud.deleted'));
            onSelect(undefined);
            refresh();
          })
          .catch(() => undefined),
    });
  };

  const action = (label: string, icon: ReactNode, onClick: () => void, disabled = false, danger = false) => (
    <Tooltip title={t(label)}>
      <Button icon={icon} aria-label={t(label)} disabled={disabled} danger={danger} onClick={onClick} />
    </Tooltip>
  );

  return (
    <Card
      variant="borderless"
      title={t('course.topic.tree')}
      style={{ height: '100%' }}
      extra={
        can.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setNaming({ parentId: '0' })}>
            {t('course.topic.addRoot')}
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        {can.add &&
          action(
            'course.topic.addChild',
            <SubnodeOutlined />,
            () => setNaming({ parentId: selected!.id, under: selected!.name }),
            !selected,
          )}
        {can.add &&
          action(
            'course.topic.addSibling',
            <PlusSquareOutlined />,
            () => setNaming({ parentId: selected!.parentId }),
            !selected,
          )}
        {can.edit && action('course.topic.rename', <EditOutlined />, () => setNaming({ topic: selected! }), !selected)}
        {can.edit && action('course.topic.up', <ArrowUpOutlined />, () => step('up'), !selected || position <= 0)}
        {can.edit &&
          action(
            'course.topic.down',
            <ArrowDownOutlined />,
            () => step('down'),
            !selected || position >= siblingCount - 1,
          )}
        {can.delete && action('crud.delete', <DeleteOutlined />, remove, !selected, true)}
      </Space>
      <Spin spinning={tree.isFetching || run.isPending}>
        {tree.data?.length ? (
          <Tree
            blockNode
            // Every topic starts unfolded, one added later too (courses are small); a folded one stays folded.
            expandedKeys={[...byId.keys()].filter((id) => !folded.has(id))}
            onExpand={(keys) => setFolded(new Set([...byId.keys()].filter((id) => !keys.includes(id))))}
            treeData={tree.data as unknown as TreeProps['treeData']}
            fieldNames={{ title: 'name', key: 'id', children: 'children' }}
            titleRender={(node) => {
              const topic = node as unknown as CourseTopicNode;
              return (
                <span>
                  {topic.name}
                  {topic.coursewareCount + topic.paperCount > 0 && (
                    <span
                      className={styles.count}
                      title={t('course.topic.counts', { wares: topic.coursewareCount, papers: topic.paperCount })}
                    >
                      {' '}
                      ({topic.coursewareCount}/{topic.paperCount})
                    </span>
                  )}
                </span>
              );
            }}
            selectedKeys={selectedId ? [selectedId] : []}
            // Clicking the picked topic again keeps it picked (antd would unselect it).
            onSelect={(_keys, info) => onSelect(byId.get(String(info.node.key)))}
          />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(tree.isLoading ? 'course.loading' : 'course.topic.empty')}
          />
        )}
      </Spin>
      <TopicNameDialog
        courseId={courseId}
        naming={naming}
        onClose={() => setNaming(null)}
        onSaved={(id) => {
          setNaming(null);
          refresh();
          void tree.refetch().then((r) => onSelect(index(r.data ?? []).byId.get(id)));
        }}
      />
    </Card>
  );
}
