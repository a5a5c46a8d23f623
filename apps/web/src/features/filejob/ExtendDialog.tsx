import type { FilejobClass } from '@shixun/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { filejobAssignmentApi } from '../../api/filejob.ts';
import { DateTimeInput } from '../paper/FormControls.tsx';

type Row = FilejobClass['records'][number];
interface Values {
  until?: Dayjs | null;
  reason?: string;
}

/**
 * 延期: one student's own deadline, later than the assignment's, with the reason (kept with who granted it); an
 * extension can be taken back. `onClose(true)` when something changed.
 */
export function ExtendDialog({
  record,
  deadline,
  onClose,
}: {
  record: Row | null;
  deadline: string | undefined;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another student's dialog opens
  useEffect(() => {
    if (!record) return;
    form.resetFields();
    const base = dayjs(record.extensionUntil ?? deadline);
    form.setFieldsValue({ until: record.extensionUntil ? base : base.add(1, 'day'), reason: '' });
  }, [record]);

  const save = useMutation({
    mutationFn: (body: { until: string | null; reason: string }) =>
      filejobAssignmentApi.extend({ filejobStudentId: record!.id, ...body }),
    onSuccess: (_, body) => {
      void message.success(t(body.until ? 'filejob.extend.saved' : 'filejob.extend.cleared'));
      onClose(true);
    },
  });

  const submit = async (clear: boolean) => {
    const v = await form.validateFields(clear ? ['reason'] : undefined).catch(() => undefined);
    if (!v) return;
    save.mutate({ until: clear ? null : (v.until?.toISOString() ?? null), reason: v.reason?.trim() ?? '' });
  };

  return (
    <Modal
      title={record ? t('filejob.extend.title', { name: record.studentName }) : ''}
      open={Boolean(record)}
      onCancel={() => onClose(false)}
      destroyOnHidden
      footer={
        <Space wrap>
          {record?.extensionUntil ? (
            <Button danger loading={save.isPending} onClick={() => void submit(true)}>
              {t('filejob.extend.clear')}
            </Button>
          ) : null}
          <Button onClick={() => onClose(false)}>{t('crud.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit(false)}>
            {t('filejob.extend.save')}
          </Button>
        </Space>
      }
    >
      <Form<Values> form={form} name="filejobExtendForm" layout="vertical">
        <Form.Item
          name="until"
          label={t('filejob.extend.until')}
          required
          rules={[{ required: true, message: t('filejob.extend.untilRequired') }]}
        >
          <DateTimeInput />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('filejob.extend.reason')}
          required
          rules={[{ required: true, whitespace: true, message: t('filejob.extend.reasonRequired') }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
