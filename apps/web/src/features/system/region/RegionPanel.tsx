import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  REGION_CODE_LENGTHS,
  REGION_MAX_LEVEL,
  REGION_ROOT,
  type Region,
  type RegionForm,
  regionFormSchema,
} from '@shixun/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Form, Input, InputNumber, Row, Space, Spin, Tag, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { regionApi } from '../../../api/system.ts';
import { useCrudPermissions } from '../../../app/permission.ts';
import { schemaRule } from '../../../components/CrudPage/schema-rules.ts';
import { formatDate } from '../../../components/CrudPage/values.ts';
import styles from './region.module.css';

/** What the panel shows: a region, that region being edited, or a new region under `parent` (null: a province). */
export type PanelState =
  | { mode: 'view' | 'edit'; code: string }
  | { mode: 'add'; parent: Region | null }
  | { mode: 'none' };

interface Props {
  state: PanelState;
  onChange: (state: PanelState) => void;
  onSaved: (region: Region, added: boolean) => void;
  onRemoved: (region: Region) => void;
}

/** The names from the province down to the region itself. */
const namesOf = (r: Region) =>
  [r.provinceName, r.cityName, r.districtName, r.townName, r.villageName].slice(0, r.regionLevel);
const pathOf = (r: Region) => namesOf(r).join(' / ');

/**
 * The picked region in a form: read-only until 编辑; 新增下级 starts a region under it (the code pre-filled with
 * the parent's, which it must start with); 删除 asks first, and the server refuses while regions are below it.
 */
export function RegionPanel({ state, onChange, onSaved, onRemoved }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCrudPermissions('region');
  const [form] = Form.useForm();
  const code = state.mode === 'view' || state.mode === 'edit' ? state.code : undefined;
  const detail = useQuery({
    queryKey: ['region', 'detail', code],
    queryFn: () => regionApi.detail(code!),
    enabled: Boolean(code),
  });
  const region = detail.data?.code === code ? detail.data : undefined;
  const parent = state.mode === 'add' ? state.parent : null;
  const level = state.mode === 'add' ? (parent ? parent.regionLevel + 1 : 1) : (region?.regionLevel ?? 1);
  const digits = REGION_CODE_LENGTHS[level - 1] ?? 12;

  useEffect(() => {
    form.resetFields();
    if (state.mode === 'add') form.setFieldsValue({ code: parent?.code ?? '', sort: 0 });
    else if (region) form.setFieldsValue(region);
  }, [form, state, region, parent]);

  const save = useMutation({
    mutationFn: (values: RegionForm) => regionApi.submit(values),
    onSuccess: (saved) => {
      void message.success(t(state.mode === 'add' ? 'crud.added' : 'crud.updated'));
      onSaved(saved, state.mode === 'add');
    },
  });
  const remove = useMutation({
    mutationFn: (r: Region) => regionApi.remove(r.code),
    onSuccess: (_, r) => {
      void message.success(t('crud.deleted'));
      onRemoved(r);
    },
  });

  if (state.mode === 'none') {
    return (
      <Card variant="borderless" className={styles.panel}>
        <Empty className={styles.hint} description={t('region.pickHint')} />
      </Card>
    );
  }

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const parsed = regionFormSchema.safeParse({
      ...values,
      code: state.mode === 'add' ? values.code : code,
      parentCode: state.mode === 'add' ? (parent?.code ?? REGION_ROOT) : undefined,
    });
    if (parsed.success) save.mutate(parsed.data);
  };
  const confirmRemove = (r: Region) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('region.deleteConfirm', { name: r.name }),
      okButtonProps: { danger: true },
      // A refusal (e.g. regions below it) was already shown by the client; close the dialog either way.
      onOk: () => remove.mutateAsync(r).catch(() => undefined),
    });

  const readOnly = state.mode === 'view';
  const parentCode = state.mode === 'add' ? parent?.code : region?.parentCode;
  const parentPath =
    state.mode === 'add' ? parent && pathOf(parent) : region && namesOf(region).slice(0, -1).join(' / ');
  const prefix = parent?.code ?? '';
  const codeRule = {
    validator: async (_: unknown, value?: string) => {
      if (state.mode !== 'add' || !value) return;
      if (value.length !== digits || !value.startsWith(prefix)) {
        throw new Error(t('shared:region.code.length', { level, digits }));
      }
    },
  };
  const rule = (prop: keyof RegionForm, label: string) => schemaRule(regionFormSchema, prop, t(label), t)!;

  const title =
    state.mode === 'add'
      ? parent
        ? t('region.addUnder', { name: parent.name })
        : t('region.addProvinceTitle')
      : region && (
          <Space>
            {state.mode === 'edit' ? t('region.editTitle', { name: region.name }) : pathOf(region)}
            <Tag color="blue">{t(`region.levels.${region.regionLevel}`)}</Tag>
          </Space>
        );
  const actions = readOnly && region && (
    <Space>
      {can.edit && (
        <Button icon={<EditOutlined />} onClick={() => onChange({ mode: 'edit', code: region.code })}>
          {t('crud.edit')}
        </Button>
      )}
      {can.add && (
        <Tooltip title={region.regionLevel >= REGION_MAX_LEVEL ? t('region.maxLevel') : undefined}>
          <Button
            icon={<PlusOutlined />}
            disabled={region.regionLevel >= REGION_MAX_LEVEL}
            onClick={() => onChange({ mode: 'add', parent: region })}
          >
            {t('region.addChild')}
          </Button>
        </Tooltip>
      )}
      {can.delete && (
        <Button danger icon={<DeleteOutlined />} loading={remove.isPending} onClick={() => confirmRemove(region)}>
          {t('crud.delete')}
        </Button>
      )}
    </Space>
  );
  const cancel = () =>
    onChange(
      state.mode === 'add'
        ? parent
          ? { mode: 'view', code: parent.code }
          : { mode: 'none' }
        : { mode: 'view', code: code! },
    );

  return (
    <Card variant="borderless" className={styles.panel} title={title} extra={actions}>
      <Spin spinning={detail.isFetching}>
        <Form
          form={form}
          name="region"
          layout="vertical"
          validateTrigger="onBlur"
          disabled={readOnly}
          // Read-only like the CRUD drawer's 查看: values drawn as text (see .crud-view).
          variant={readOnly ? 'borderless' : undefined}
          className={readOnly ? 'crud-view' : undefined}
          onFinish={() => void submit()}
        >
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Form.Item label={t('region.parent')}>
                <Input
                  disabled
                  value={
                    parentCode && parentCode !== REGION_ROOT ? `${parentPath}（${parentCode}）` : t('region.noParent')
                  }
                />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item
                name="code"
                label={t('region.code')}
                required={state.mode === 'add'}
                rules={state.mode === 'add' ? [rule('code', 'region.code'), codeRule] : []}
                extra={
                  state.mode === 'add'
                    ? prefix
                      ? t('region.codePrefixHelp', { level, digits, prefix })
                      : t('region.codeHelp', { level, digits })
                    : state.mode === 'edit'
                      ? t('region.codeFixed')
                      : undefined
                }
              >
                <Input disabled={state.mode !== 'add'} maxLength={digits} inputMode="numeric" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item
                name="name"
                label={t('region.name')}
                required={!readOnly}
                rules={readOnly ? [] : [rule('name', 'region.name')]}
              >
                <Input placeholder={t('crud.inputPlaceholder', { label: t('region.name') })} maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="sort" label={t('region.sort')} rules={readOnly ? [] : [rule('sort', 'region.sort')]}>
                <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="remark"
                label={t('region.remark')}
                rules={readOnly ? [] : [rule('remark', 'region.remark')]}
              >
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
              </Form.Item>
            </Col>
            {readOnly && region && (
              <Col span={24}>
                <Form.Item label={t('region.updateTime')}>
                  <Input disabled value={formatDate(region.updateTime, true)} />
                </Form.Item>
              </Col>
            )}
          </Row>
          {!readOnly && (
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('crud.save')}
              </Button>
              <Button onClick={cancel}>{t('crud.cancel')}</Button>
            </Space>
          )}
        </Form>
      </Spin>
    </Card>
  );
}
