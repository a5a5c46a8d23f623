import type { Course, CourseTopicNode } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Modal, Spin, Tree, type TreeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { courseSubApi, topicTreeKey } from '../../../api/course.ts';

/** A public course before quoting it: what it is, and its topic tree read-only, each topic with its counts. */
export function CoursePreview({ course, onClose }: { course: Course | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tree = useQuery({
    queryKey: topicTreeKey(course?.id ?? ''),
    queryFn: () => courseSubApi.tree(course!.id),
    enabled: course !== null,
  });
  return (
    <Modal
      open={course !== null}
      title={t('courseLibrary.previewCourse', { name: course?.name ?? '' })}
      onCancel={onClose}
      footer={null}
      width="min(720px, 100vw)"
      destroyOnHidden
    >
      {course && (
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('courseLibrary.col.author')}>{course.ownerName || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('courseLibrary.direction')}>{course.directionName || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('courseLibrary.col.usage')}>
            {t('courseLibrary.usage.course', { topics: course.topicCount, wares: course.coursewareCount })}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Spin spinning={tree.isLoading}>
        {tree.data?.length ? (
          <Tree
            data-testid="library-course-tree"
            defaultExpandAll
            selectable={false}
            treeData={tree.data as unknown as TreeProps['treeData']}
            fieldNames={{ title: 'name', key: 'id', children: 'children' }}
            titleRender={(node) => {
              const topic = node as unknown as CourseTopicNode;
              return (
                <span>
                  {topic.name}{' '}
                  <span style={{ color: 'var(--ant-color-text-secondary)', fontSize: 12 }}>
                    ({t('course.topic.counts', { wares: topic.coursewareCount, papers: topic.paperCount })})
                  </span>
                </span>
              );
            }}
          />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(tree.isLoading ? 'courseLibrary.loading' : 'courseLibrary.previewEmpty')}
          />
        )}
      </Spin>
    </Modal>
  );
}
