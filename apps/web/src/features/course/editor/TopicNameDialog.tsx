import type { CourseTopicNode } from '@shixun/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { courseSubApi } from '../../../api/course.ts';
import { updateTopic } from './topic-save.ts';

/** A topic added (under `parentId`, "0" for a chapter; `under` names the parent) or renamed (`topic`). */
export type TopicNaming = { parentId: string; under?: string } | { topic: CourseTopicNode };

/** The topic's name in a small dialog: a new topic goes last among its siblings. */
export function TopicNameDialog({
  courseId,
  naming,
  onClose,
  onSaved,
}: {
  courseId: string;
  naming: TopicNaming | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const renaming = naming && 'topic' in naming ? naming.topic : undefined;
  useEffect(() => {
    if (naming) form.setFieldsValue({ name: renaming?.name ?? '' });
  }, [naming, renaming, form]);
  const save = useMutation({
    mutationFn: async ({ name }: { name: string }) => {
      if (renaming) {
        await updateTopic(renaming.id, { name });
        return renaming.id;
      }
      const parentId = naming && 'parentId' in naming ? naming.parentId : '0';
      const saved = (await courseSubApi.submit({ courseId, parentId, name })) as { id: string };
      return saved.id;
    },
    onSuccess: (id) => {
      void message.success(t(renaming ? 'crud.updated' : 'crud.added'));
      onSaved(id);
    },
  });
  const title = renaming
    ? t('course.topic.rename')
    : naming && 'under' in naming && naming.under
      ? t('course.topic.addUnder', { name: naming.under })
      : t('course.topic.add');
  return (
    <Modal
      open={naming !== null}
      title={title}
      okText={t('course.save')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="topicForm" layout="vertical" onFinish={(values) => save.mutate(values)}>
        <Form.Item
          name="name"
          label={t('course.topic.name')}
          rules={[{ required: true, whitespace: true, message: t('shared:course.topic.name.required') }]}
        >
          <Input maxLength={100} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
