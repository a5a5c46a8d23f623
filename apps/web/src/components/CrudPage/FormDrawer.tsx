import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Space, Spin } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldControl } from './fields.tsx';
import { isRequired, schemaRule } from './schema-rules.ts';
import type { CrudOption, DrawerMode } from './types.ts';

export interface DrawerState<T> {
  mode: DrawerMode;
  record?: T;
}

interface Props<T, S extends z.ZodObject> {
  option: CrudOption<T, S>;
  state: DrawerState<T> | null;
  canEdit: boolean;
  onChange: (state: DrawerState<T> | null) => void;
}

/**
 * View (read-only), add and edit in one drawer. A record is shown from the list row at once and refreshed from
 * `detail`; a failed save keeps the drawer open with everything typed. Esc closes it.
 */
export function FormDrawer<T, S extends z.ZodObject>({ option, state, canEdit, onChange }: Props<T, S>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  // While the drawer slides out, keep showing what it showed (title, read-only look) instead of flickering.
  const last = useRef(state);
  if (state) last.current = state;
  const mode = last.current?.mode ?? 'view';
  const id = state?.record ? String(state.record[option.rowKey]) : undefined;
  const fields = useMemo(
    () => option.columns.filter((c) => !c.hideInForm && c.prop in option.formSchema.shape),
    [option],
  );

  const detail = useQuery({
    queryKey: [option.biz, 'detail', id],
    queryFn: () => option.api.detail(id!),
    enabled: Boolean(state && id),
    gcTime: 0,
  });

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    const source = (detail.data ?? state.record) as Record<string, unknown> | undefined;
    if (source) form.setFieldsValue(Object.fromEntries(fields.map((c) => [c.prop, source[c.prop]])));
  }, [state, detail.data, form, fields]);

  const save = useMutation({
    mutationFn: (values: z.output<S>) => option.api.submit(mode === 'edit' ? { ...values, id } : values),
    onSuccess: () => {
      void message.success(t(mode === 'edit' ? 'crud.updated' : 'crud.added'));
      void queryClient.invalidateQueries({ queryKey: [option.biz] });
      onChange(null);
    },
  });

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const parsed = option.formSchema.safeParse(values);
    if (parsed.success) save.mutate(parsed.data);
  };

  const title = t(`crud.${mode}Title`, { title: t(option.title) });
  const readOnly = mode === 'view';

  return (
    <Drawer
      title={title}
      open={Boolean(state)}
      onClose={() => onChange(null)}
      size={560}
      forceRender
      mask={{ closable: readOnly }}
      footer={
        <Space className="crud-drawer-footer">
          <Button onClick={() => onChange(null)}>{readOnly ? t('common.close') : t('crud.cancel')}</Button>
          {readOnly && canEdit && state && (
            <Button type="primary" icon={<EditOutlined />} onClick={() => onChange({ ...state, mode: 'edit' })}>
              {t('crud.edit')}
            </Button>
          )}
          {!readOnly && (
            <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
              {t('crud.save')}
            </Button>
          )}
        </Space>
      }
    >
      <Spin spinning={detail.isFetching}>
        <Form
          form={form}
          name="form"
          layout="vertical"
          validateTrigger="onBlur"
          disabled={readOnly}
          className={readOnly ? 'crud-view' : undefined}
        >
          {fields.map((c) => {
            const label = t(c.label);
            const rule = schemaRule(option.formSchema, c.prop, label, t);
            return (
              <Form.Item
                key={c.prop}
                name={c.prop as string}
                label={label}
                required={!readOnly && isRequired(option.formSchema, c.prop)}
                rules={readOnly ? [] : (c.rules ?? (rule ? [rule] : []))}
                valuePropName={c.type === 'switch' ? 'checked' : 'value'}
              >
                {fieldControl(c, t, 'form')}
              </Form.Item>
            );
          })}
        </Form>
      </Spin>
    </Drawer>
  );
}
