import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { CrudAction } from '@shixun/contracts';
import { Button, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { DictLabel } from '../DictSelect.tsx';
import { htmlToText } from '../RichEditor/index.tsx';
import { optionLabel, useColumnOptions } from './fields.tsx';
import type { CrudColumn } from './types.ts';
import { formatDate, toFormValue } from './values.ts';

/** A value shown through the options its column loads from the server. */
function RemoteLabel<T>({ column, value }: { column: CrudColumn<T>; value: unknown }) {
  const { data } = useColumnOptions(column);
  const list = toFormValue(column, value);
  // "0" is the root of every tree (ARCHITECTURE §3): a row without a parent shows nothing there.
  const values = (Array.isArray(list) ? list : [list]).filter((v) => v !== '0' && v !== null && v !== undefined);
  const text = values.map((v) => optionLabel(data, v) ?? String(v ?? '')).join('、');
  if (!column.ellipsis || !text) return text;
  return (
    <Tooltip title={text} placement="topLeft">
      {text}
    </Tooltip>
  );
}

function cell<T>(column: CrudColumn<T>, value: unknown, row: T, t: TFunction): ReactNode {
  if (column.render) return column.render(value, row);
  if (column.loadOptions) return <RemoteLabel column={column} value={value} />;
  switch (column.type) {
    case 'status':
      return value === 0 ? <Tag color="red">{t('crud.disabled')}</Tag> : <Tag color="green">{t('crud.enabled')}</Tag>;
    case 'switch':
      return value === true || value === 1 ? t('crud.yes') : t('crud.no');
    case 'date':
    case 'datetime':
      return formatDate(value, column.type === 'datetime');
    case 'select': {
      if (column.dict) return <DictLabel dict={column.dict} value={value} />;
      const labelOf = (v: unknown) => {
        const option = column.options?.find((o) => o.value === v);
        return option ? t(option.label) : String(v ?? '');
      };
      if (!column.multiple) return labelOf(value);
      const list = toFormValue(column, value);
      const values = Array.isArray(list) ? list : [];
      return values.map((v) => <Tag key={String(v)}>{labelOf(v)}</Tag>);
    }
    case 'richText':
      return text(column, htmlToText(typeof value === 'string' ? value : ''));
    default:
      return text(column, value);
  }
}

function text<T>(column: CrudColumn<T>, value: unknown): ReactNode {
  if (column.ellipsis && typeof value === 'string' && value) {
    return (
      <Tooltip title={value} placement="topLeft">
        {value}
      </Tooltip>
    );
  }
  return value as ReactNode;
}

export interface RowActions<T> {
  can: Record<CrudAction, boolean>;
  onView: (row: T) => void;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  /** Page-specific buttons after the standard ones. */
  extra?: (row: T) => ReactNode;
  /** Icons with tooltips instead of labelled buttons, for a narrow panel. */
  compact?: boolean;
}

/** One standard row button: labelled, or (compact) an icon named by its tooltip and for screen readers. */
function RowButton({
  label,
  icon,
  danger,
  compact,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  danger?: boolean;
  compact?: boolean;
  onClick: () => void;
}) {
  if (!compact) {
    return (
      <Button type="link" size="small" danger={danger} icon={icon} onClick={onClick}>
        {label}
      </Button>
    );
  }
  return (
    <Tooltip title={label}>
      <Button type="link" size="small" danger={danger} icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

/** Table columns from the option, plus 查看/编辑/删除 (and any extras) for the actions the user may take. */
export function tableColumns<T>(columns: CrudColumn<T>[], t: TFunction, actions: RowActions<T>): TableColumnsType<T> {
  const data: TableColumnsType<T> = columns
    .filter((c) => !c.hideInTable)
    .map((c) => ({
      key: c.prop,
      dataIndex: c.prop,
      title: t(c.label),
      width: c.width,
      ellipsis: c.ellipsis ? { showTitle: false } : undefined,
      render: (value: unknown, row: T) => cell(c, value, row, t),
    }));
  const { can, extra, compact } = actions;
  if (!can.view && !can.edit && !can.delete && !extra) return data;
  return [
    ...data,
    {
      key: 'actions',
      title: t('crud.actions'),
      fixed: 'right',
      render: (_: unknown, row: T) => (
        <Space size={0} wrap={false}>
          {can.view && (
            <RowButton
              label={t('crud.view')}
              icon={<EyeOutlined />}
              compact={compact}
              onClick={() => actions.onView(row)}
            />
          )}
          {can.edit && (
            <RowButton
              label={t('crud.edit')}
              icon={<EditOutlined />}
              compact={compact}
              onClick={() => actions.onEdit(row)}
            />
          )}
          {can.delete && (
            <RowButton
              label={t('crud.delete')}
              icon={<DeleteOutlined />}
              danger
              compact={compact}
              onClick={() => actions.onDelete(row)}
            />
          )}
          {extra?.(row)}
        </Space>
      ),
    },
  ];
}
