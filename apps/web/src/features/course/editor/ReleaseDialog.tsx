import type { Course, CourseTopicNode } from '@shixun/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, DatePicker, Empty, Form, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { clazzApi } from '../../../api/exam.ts';
import { ORG_TREE_KEY } from '../../academic/OrgTree.tsx';
import { classNames } from '../progress/ClassPicker.tsx';
import { saveReleases } from './topic-save.ts';

/**
 * 开放时间 of one topic: a date and time per class the course is taught to (none: the topic opens with the course),
 * saved through the course's form (`classes[].releases`), which the server checks against the course's topics.
 */
export function ReleaseDialog({
  course,
  topic,
  liveTopicIds,
  onClose,
  onSaved,
}: {
  course: Course;
  topic: CourseTopicNode | null;
  liveTopicIds: ReadonlySet<string>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, Dayjs | null>>();
  const { data: tree } = useQuery({ queryKey: ORG_TREE_KEY, queryFn: clazzApi.tree });
  const names = classNames(tree ?? []);
  useEffect(() => {
    if (!topic) return;
    form.setFieldsValue(
      Object.fromEntries(
        course.classes.map((c) => [c.classId, c.releases[topic.id] ? dayjs(c.releases[topic.id]) : null]),
      ),
    );
  }, [topic, course, form]);
  const save = useMutation({
    mutationFn: (values: Record<string, Dayjs | null>) =>
      saveReleases(
        course.id,
        topic!.id,
        Object.fromEntries(course.classes.map((c) => [c.classId, values[c.classId]?.toISOString()])),
        liveTopicIds,
      ),
    onSuccess: () => {
      void message.success(t('courseTopic.releaseSaved'));
      onSaved();
    },
  });
  return (
    <Modal
      open={topic !== null}
      title={t('courseTopic.releaseTitle', { name: topic?.name ?? '' })}
      okText={t('course.save')}
      okButtonProps={{ disabled: !course.classes.length }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      {course.classes.length ? (
        <>
          <Typography.Paragraph type="secondary">{t('courseTopic.releaseHint')}</Typography.Paragraph>
          <Form form={form} name="releaseForm" layout="horizontal" labelCol={{ flex: '140px' }} onFinish={save.mutate}>
            {course.classes.map((c) => (
              <Form.Item key={c.classId} name={c.classId} label={names.get(c.classId) ?? c.classId}>
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  placeholder={t('courseTopic.releasePlaceholder')}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            ))}
          </Form>
        </>
      ) : (
        <Empty description={t('courseTopic.releaseNoClasses')} />
      )}
    </Modal>
  );
}
