import { type TableColumnsType, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { DictLabel } from '../DictSelect.tsx';
import { htmlToText } from '../RichEditor/index.tsx';
import { optionLabel, useColumnOptions } from './fields.tsx';
import { actionsWidth, RowActions, type ShownAction } from './RowActions.tsx';
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

/** A column without a declared width is laid out this wide (the table scrolls below the sum of the widths). */
const DEFAULT_WIDTH = 120;

/** The sum of the columns' widths: the table fills its panel down to this, then scrolls sideways. */
export function tableWidth<T>(columns: TableColumnsType<T>): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : DEFAULT_WIDTH), 0);
}

/**
 * Table columns from the option, plus the pinned 操作 column when the user holds 查看, 编辑 or 删除 (`standard`, so an
 * empty table keeps its header) or any row has an action the user may take.
 */
export function tableColumns<T>(
  columns: CrudColumn<T>[],
  t: TFunction,
  actions: { rows: T[]; of: (row: T) => ShownAction[]; standard: boolean; compact: boolean },
): TableColumnsType<T> {
  const data: TableColumnsType<T> = columns
    .filter((c) => !c.hideInTable)
    .map((c) => ({
      key: c.prop,
      dataIndex: c.prop,
      title: t(c.label),
      width: c.width ?? DEFAULT_WIDTH,
      ellipsis: c.ellipsis ? { showTitle: false } : undefined,
      render: (value: unknown, row: T) => cell(c, value, row, t),
    }));
  const perRow = actions.rows.map(actions.of);
  if (!actions.standard && !perRow.some((list) => list.length)) return data;
  return [
    ...data,
    {
      key: 'actions',
      title: t('crud.actions'),
      fixed: 'right',
      width: actionsWidth(perRow, actions.compact, t),
      render: (_: unknown, row: T) => <RowActions actions={actions.of(row)} compact={actions.compact} />,
    },
  ];
}
