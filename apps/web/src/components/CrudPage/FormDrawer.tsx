import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Drawer, Form, Row, Space, Spin } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldControl } from './fields.tsx';
import { isRequired, schemaRule } from './schema-rules.ts';
import type { CrudOption, DrawerMode } from './types.ts';
import { acceptsNull, fromFormValue, toFormValue } from './values.ts';

export interface DrawerState<T> {
  mode: DrawerMode;
  record?: T;
  /** Starting values of a new record: the option's defaults, the page's and the caller's (e.g. a row's parent). */
  defaults?: Record<string, unknown>;
}

interface Props<T, S extends z.ZodObject> {
  option: CrudOption<T, S>;
  state: DrawerState<T> | null;
  canEdit: boolean;
  onChange: (state: DrawerState<T> | null) => void;
  /** The form's name, the prefix of its field ids. */
  name?: string;
}

/**
 * View (read-only), add and edit in one drawer. A record is shown from the list row at once and refreshed from
 * `detail`; a failed save keeps the drawer open with everything typed. Esc closes it.
 */
export function FormDrawer<T, S extends z.ZodObject>({ option, state, canEdit, onChange, name = 'form' }: Props<T, S>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  // While the drawer slides out, keep showing what it showed (title, read-only look) instead of flickering.
  const last = useRef(state);
  if (state) last.current = state;
  const mode = last.current?.mode ?? 'view';
  const id = state?.record ? String(state.record[option.rowKey]) : undefined;
  const allFields = useMemo(
    () => option.columns.filter((c) => !c.hideInForm && c.prop in option.formSchema.shape),
    [option],
  );
  // Every value the form holds, shown or not, so conditional fields can follow the fields they depend on.
  const values = (Form.useWatch([], { form, preserve: true }) ?? {}) as Record<string, unknown>;
  const fields = allFields.filter((c) => (!c.modes || c.modes.includes(mode)) && (!c.visible || c.visible(values)));

  const detail = useQuery({
    queryKey: [option.biz, 'detail', id],
    queryFn: () => option.api.detail(id!),
    enabled: Boolean(state && id),
    gcTime: 0,
  });

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    const source = (detail.data ?? state.record ?? state.defaults) as Record<string, unknown> | undefined;
    if (source) form.setFieldsValue(Object.fromEntries(allFields.map((c) => [c.prop, toFormValue(c, source[c.prop])])));
  }, [state, detail.data, form, allFields]);

  const save = useMutation({
    mutationFn: (values: z.output<S>) => {
      const body = option.beforeSubmit ? option.beforeSubmit(values, mode) : values;
      return option.api.submit(mode === 'edit' ? { ...body, id } : body);
    },
    onSuccess: (saved) => {
      void message.success(t(mode === 'edit' ? 'crud.updated' : 'crud.added'));
      void queryClient.invalidateQueries({ queryKey: [option.biz] });
      void queryClient.invalidateQueries({ queryKey: ['options'] });
      onChange(null);
      option.afterSave?.(saved, mode);
    },
  });

  /** Defaults of schema fields the form does not show, e.g. the dictionary a new item belongs to. */
  const hiddenDefaults = () => {
    const shown = new Set<string>(fields.map((c) => c.prop));
    return Object.fromEntries(
      Object.entries(state?.defaults ?? {}).filter(([key]) => key in option.formSchema.shape && !shown.has(key)),
    );
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const shown = Object.fromEntries(
      fields.map((c) => {
        const value = fromFormValue(c, (values as Record<string, unknown>)[c.prop]);
        // A cleared select or date is `undefined`, which JSON drops and the server would keep: where the schema has
        // a "none" (null), an edit sends that instead, so clearing a field really clears it.
        const cleared = value === undefined && mode === 'edit' && acceptsNull(option.formSchema, c.prop);
        return [c.prop, cleared ? null : value];
      }),
    );
    const converted = mode === 'add' ? { ...hiddenDefaults(), ...shown } : shown;
    // Only the fields shown (and, when adding, hidden defaults) are sent: an edit never blanks what the form does
    // not hold (e.g. a password).
    const schema = mode === 'add' ? option.formSchema : option.formSchema.partial();
    const parsed = schema.safeParse(converted);
    if (parsed.success) {
      save.mutate(parsed.data as z.output<S>);
      return;
    }
    // The shown fields passed their rules, so a hidden value is at fault: say so rather than do nothing.
    const key = parsed.error.issues[0]?.message ?? 'validation.invalid';
    void message.error(t(`shared:${key}`, { field: '', defaultValue: key }));
  };

  const title = t(`crud.${mode}Title`, { title: t(option.title) });
  const readOnly = mode === 'view';

  return (
    <Drawer
      title={title}
      open={Boolean(state)}
      onClose={() => onChange(null)}
      size={allFields.some((c) => c.type === 'richText') ? 820 : 560}
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
          name={name}
          layout="vertical"
          validateTrigger="onBlur"
          disabled={readOnly}
          // Read-only: values drawn as text, without the borders, arrows and placeholders of something to edit.
          variant={readOnly ? 'borderless' : undefined}
          className={readOnly ? 'crud-view' : undefined}
        >
          <Row gutter={16}>
            {fields.map((c) => {
              const label = t(c.label);
              // A secret left empty in an edit keeps the stored one, so there it is checked only when typed.
              const keepsStored = c.type === 'password' && mode === 'edit';
              const schema = keepsStored ? option.formSchema.partial() : option.formSchema;
              const rule = schemaRule(schema, c.prop, label, t, (v) => fromFormValue(c, v));
              return (
                <Col key={c.prop} span={c.half ? 12 : 24}>
                  <Form.Item
                    name={c.prop as string}
                    label={label}
                    // Not required by the schema: let a column's own rules (e.g. required only while shown) say.
                    required={readOnly ? false : isRequired(schema, c.prop) || undefined}
                    rules={readOnly ? [] : (c.rules ?? (rule ? [rule] : []))}
                    valuePropName={c.type === 'switch' ? 'checked' : 'value'}
                    extra={c.help && !readOnly ? t(c.help) : undefined}
                  >
                    {fieldControl(c, t, readOnly ? 'view' : 'form')}
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
        </Form>
      </Spin>
    </Drawer>
  );
}
