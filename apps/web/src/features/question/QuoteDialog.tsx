import type { QuestionLib } from '@shixun/contracts';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { libraryApi } from '../../api/question.ts';

interface Props {
  lib: QuestionLib | null;
  onClose: () => void;
  onQuoted: (copy: { id: string; name: string; count: number }) => void;
}

/** 引用: a library the teacher may read, copied with its questions into a new library of their own, named here. */
export function QuoteDialog({ lib, onClose, onQuoted }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const quote = useMutation({
    mutationFn: (name: string) => libraryApi.quote(lib!.id, name),
    onSuccess: onQuoted,
  });

  useEffect(() => {
    if (lib) form.setFieldsValue({ name: lib.name });
  }, [lib, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (values) quote.mutate(values.name.trim());
  };

  return (
    <Modal
      open={lib !== null}
      title={t('questionBank.quote.title', { name: lib?.name ?? '' })}
      okText={t('questionBank.lib.quote')}
      onOk={() => void submit()}
      confirmLoading={quote.isPending}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Typography.Paragraph type="secondary">
        {t('questionBank.quote.hint', { name: lib?.name ?? '', count: lib?.questionCount ?? 0 })}
      </Typography.Paragraph>
      <Form form={form} name="quoteForm" layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label={t('questionBank.quote.name')}
          rules={[
            { required: true, whitespace: true, message: t('shared:questionLib.name.required') },
            { max: 100, message: t('shared:validation.tooLong', { field: t('questionBank.quote.name') }) },
          ]}
        >
          <Input autoFocus maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
