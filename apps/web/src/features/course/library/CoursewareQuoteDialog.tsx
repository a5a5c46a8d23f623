import type { CourseTopicNode, Courseware } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Form, Modal, Select, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canChangeCourse, courseApi, courseSubApi, topicTreeKey } from '../../../api/course.ts';

type TopicOption = { value: string; title: string; children?: TopicOption[] };
const topicOptions = (nodes: CourseTopicNode[]): TopicOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.name,
    ...(n.children?.length ? { children: topicOptions(n.children) } : {}),
  }));

/** Where a quoted courseware goes: a course the teacher may change, and a topic of it (shown by name). */
export interface WareTarget {
  courseId: string;
  courseSubId: string;
  topicName: string;
}

/**
 * 引用课件: pick one of my courses (those I may change) and a topic of it; the caller confirms and quotes. The
 * courseware goes last on that topic.
 */
export function CoursewareQuoteDialog({
  ware,
  onClose,
  onPicked,
}: {
  ware: Courseware | null;
  onClose: () => void;
  onPicked: (ware: Courseware, target: WareTarget) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ courseId?: string; courseSubId?: string }>();
  const [courseId, setCourseId] = useState<string>();
  useEffect(() => {
    if (ware) {
      form.resetFields();
      setCourseId(undefined);
    }
  }, [ware, form]);
  const courses = useQuery({
    queryKey: ['course', 'picker'],
    queryFn: () => courseApi.list({ current: 1, size: 200 }),
    enabled: ware !== null,
  });
  const mine = (courses.data?.records ?? []).filter((c) => canChangeCourse(c.access));
  const tree = useQuery({
    queryKey: topicTreeKey(courseId ?? ''),
    queryFn: () => courseSubApi.tree(courseId!),
    enabled: Boolean(courseId),
  });
  const names = new Map<string, string>();
  const walk = (nodes: CourseTopicNode[]) => {
    for (const n of nodes) {
      names.set(n.id, n.name);
      walk(n.children ?? []);
    }
  };
  walk(tree.data ?? []);
  return (
    <Modal
      open={ware !== null}
      title={t('courseLibrary.ware.pickTitle', { name: ware?.name ?? '' })}
      okText={t('courseLibrary.quote')}
      okButtonProps={{ disabled: !mine.length }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      {!courses.isLoading && !mine.length ? (
        <Empty description={t('courseLibrary.ware.noCourses')} />
      ) : (
        <Form
          form={form}
          name="wareQuoteForm"
          layout="vertical"
          onFinish={(v) =>
            ware &&
            onPicked(ware, {
              courseId: v.courseId!,
              courseSubId: v.courseSubId!,
              topicName: names.get(v.courseSubId!) ?? '',
            })
          }
        >
          <Form.Item
            name="courseId"
            label={t('courseLibrary.ware.course')}
            rules={[{ required: true, message: t('courseLibrary.ware.pickCourse') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={courses.isLoading}
              placeholder={t('courseLibrary.ware.pickCourse')}
              options={mine.map((c) => ({ value: c.id, label: c.name }))}
              onChange={(id: string) => {
                setCourseId(id);
                form.setFieldValue('courseSubId', undefined);
              }}
            />
          </Form.Item>
          <Form.Item
            name="courseSubId"
            label={t('courseLibrary.ware.topic')}
            rules={[{ required: true, message: t('courseLibrary.ware.pickTopic') }]}
          >
            <TreeSelect
              disabled={!courseId}
              loading={tree.isLoading}
              placeholder={t('courseLibrary.ware.pickTopic')}
              treeData={topicOptions(tree.data ?? [])}
              treeDefaultExpandAll
              showSearch={{ treeNodeFilterProp: 'title' }}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
