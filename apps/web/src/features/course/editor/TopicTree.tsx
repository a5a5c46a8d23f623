import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  ClockCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  LockOutlined,
  PlusOutlined,
  PlusSquareOutlined,
  SubnodeOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import type { Course, CourseTopicNode } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Space, Spin, Tooltip, Tree, type TreeProps } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { courseApi, courseSubApi, topicTreeKey } from '../../../api/course.ts';
import { clazzApi } from '../../../api/exam.ts';
import { useCrudPermissions } from '../../../app/permission.ts';
import { ORG_TREE_KEY } from '../../academic/OrgTree.tsx';
import { classNames } from '../progress/ClassPicker.tsx';
import styles from './editor.module.css';
import { ReleaseDialog } from './ReleaseDialog.tsx';
import { TopicNameDialog, type TopicNaming } from './TopicNameDialog.tsx';
import { updateTopic } from './topic-save.ts';

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

/** A topic's release dates in words: one class's date, or how many classes have one (each named on hover). */
function ReleaseWords({ course, topicId }: { course: Course | undefined; topicId: string }) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ORG_TREE_KEY, queryFn: clazzApi.tree });
  const dated = (course?.classes ?? []).filter((c) => c.releases[topicId]);
  if (!dated.length) return null;
  const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
  const names = classNames(data ?? []);
  const all = dated
    .map((c) =>
      t('courseTopic.releaseFor', { className: names.get(c.classId) ?? c.classId, time: time(c.releases[topicId]!) }),
    )
    .join('\n');
  return (
    <span className={styles.count} title={all}>
      {' · '}
      <ClockCircleOutlined aria-hidden />{' '}
      {dated.length === 1
        ? t('courseTopic.releaseOne', { time: time(dated[0]!.releases[topicId]!) })
        : t('courseTopic.releaseMany', { count: dated.length })}
    </span>
  );
}

/**
 * A course's topic tree: pick a topic to show its coursewares and papers; add a chapter, a subtopic or a sibling,
 * rename, move one step up or down, delete (with its subtopics, coursewares and papers, after confirming); switch
 * 需完成上一个知识点 (the topic's `locked`) and set its 开放时间 per class. Both are said in words on the node.
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
  const [releasing, setReleasing] = useState<CourseTopicNode | null>(null);
  // The same cache as the editor's header: the classes and their release dates.
  const course = useQuery({ queryKey: ['course', 'detail', courseId], queryFn: () => courseApi.detail(courseId) });
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
  const toggleLock = () => {
    const topic = selected!;
    const locked = topic.locked ? 0 : 1;
    run.mutate(() =>
      updateTopic(topic.id, { locked }).then(
        () => void message.success(t(locked ? 'courseTopic.locked' : 'courseTopic.unlocked')),
      ),
    );
  };

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
        {can.edit &&
          action(
            selected?.locked ? 'courseTopic.unlock' : 'courseTopic.lock',
            selected?.locked ? <UnlockOutlined /> : <LockOutlined />,
            toggleLock,
            !selected,
          )}
        {can.edit && action('courseTopic.release', <ClockCircleOutlined />, () => setReleasing(selected!), !selected)}
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
                  {topic.locked === 1 && (
                    <>
                      <LockOutlined aria-hidden />{' '}
                    </>
                  )}
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
                  {topic.locked === 1 && <span className={styles.count}> · {t('courseTopic.lockedWords')}</span>}
                  <ReleaseWords course={course.data} topicId={topic.id} />
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
      {course.data && (
        <ReleaseDialog
          course={course.data}
          topic={releasing}
          liveTopicIds={new Set(byId.keys())}
          onClose={() => setReleasing(null)}
          onSaved={() => {
            setReleasing(null);
            void queryClient.invalidateQueries({ queryKey: ['course'] });
          }}
        />
      )}
    </Card>
  );
}
