import type { FlagKind, FlagNode } from '@shixun/contracts';
import { flagFormSchema } from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { flagApi } from '../../api/exam.ts';
import { schemaRule } from '../../components/CrudPage/schema-rules.ts';
import type { TreeEditing } from '../../components/TreeEditor.tsx';

/** What the right-hand panel does: edit the picked node, or add one under `parent` ("0" = a root). */
export type FlagEditing = TreeEditing<FlagNode>;

const FIELDS = ['name', 'enName', 'code', 'remark'] as const;

/** The node form beside the tree: name (and an English name), code, remark, status. */
export function FlagForm({
  kind,
  editing,
  canSave,
  onSaved,
}: {
  kind: FlagKind;
  editing: FlagEditing | null;
  canSave: boolean;
  onSaved: (node: { id: string }) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();

  useEffect(() => {
    form.resetFields();
    if (editing?.mode === 'edit') form.setFieldsValue({ ...editing.node });
  }, [editing, form]);

  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      editing?.mode === 'edit'
        ? flagApi.submit({ ...values, id: editing.node.id } as never)
        : flagApi.submit({ ...values, kind, parentId: editing?.parent?.id ?? '0' } as never),
    onSuccess: (saved) => {
      void message.success(t(editing?.mode === 'edit' ? 'crud.updated' : 'crud.added'));
      void queryClient.invalidateQueries({ queryKey: ['flag'] });
      void queryClient.invalidateQueries({ queryKey: ['options'] });
      onSaved(saved as { id: string });
    },
  });

  if (!editing) {
    return (
      <Card variant="borderless">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('academic.flag.pickHint')} />
      </Card>
    );
  }
  const heading =
    editing.mode === 'edit'
      ? t('academic.flag.editTitle', { name: editing.node.title })
      : editing.parent
        ? t('academic.flag.addChildTitle', { name: editing.parent.title })
        : t('academic.flag.addRootTitle');
  const readOnly = !canSave;
  return (
    <Card variant="borderless" title={heading}>
      <Form
        form={form}
        layout="vertical"
        name={`flag-${kind}`}
        disabled={readOnly}
        initialValues={{ status: 1 }}
        onFinish={(values) => save.mutate(values)}
      >
        {FIELDS.map((prop) => {
          const label = t(`academic.flag.${prop}`);
          return (
            <Form.Item
              key={prop}
              name={prop}
              label={label}
              required={prop === 'name'}
              rules={[schemaRule(flagFormSchema, prop, label, t)!]}
              extra={prop === 'enName' || prop === 'code' ? t(`academic.flag.${prop}Help`) : undefined}
            >
              {prop === 'remark' ? <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} /> : <Input allowClear />}
            </Form.Item>
          );
        })}
        <Form.Item name="status" label={t('academic.status')}>
          <Select
            options={[
              { label: t('crud.enabled'), value: 1 },
              { label: t('crud.disabled'), value: 0 },
            ]}
          />
        </Form.Item>
        {canSave && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('crud.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
