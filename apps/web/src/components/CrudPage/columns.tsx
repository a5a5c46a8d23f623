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

/** Table columns with the narrowest each may be drawn (`minWidth`, see fitColumns). */
export type FittedColumns<T> = (TableColumnsType<T>[number] & { minWidth?: number })[];

/**
 * The narrowest a heading can wrap to, drawn at 14 px in bold with the cell's padding (8 px a side): its longest
 * Latin word (about 8.5 px a letter); Chinese wraps between any two characters.
 */
function headingWidth(title: string): number {
  const words = title.split(/[\s\u2e80-\uffff]+/);
  return Math.ceil(Math.max(0, ...words.map((w) => w.length * 8.5))) + 20;
}

/** Columns are never fitted narrower than this. */
const NARROWEST = 64;

/**
 * How narrow a column may become: what it declares (a bar or a figure that must not be cut), else as narrow as its
 * heading can wrap; its text then wraps or ends in an ellipsis.
 */
function columnMinWidth<T>(column: CrudColumn<T>, title: string): number {
  const width = column.width ?? DEFAULT_WIDTH;
  if (column.minWidth !== undefined) return Math.min(column.minWidth, width);
  return Math.min(width, Math.max(NARROWEST, headingWidth(title)));
}

/**
 * The columns narrowed to `available` pixels when their declared widths do not fit (a panel at 1366×768 beside
 * the menu and a tree): each column gives up width in proportion to what it can spare above its `minWidth`, so a
 * pinned 操作 column never lies over other columns while they could fit. When even the narrowest widths do not fit
 * (a phone), those are used and the table scrolls sideways. `available` undefined (not measured yet): as declared.
 */
export function fitColumns<T>(columns: FittedColumns<T>, available: number | undefined): FittedColumns<T> {
  const total = tableWidth(columns);
  if (available === undefined || total <= available) return columns;
  const spare = columns.reduce((sum, c) => sum + widthOf(c) - (c.minWidth ?? widthOf(c)), 0);
  const excess = total - available;
  const share = spare > 0 ? Math.min(1, excess / spare) : 0;
  return columns.map((c) => {
    const width = widthOf(c);
    const min = c.minWidth ?? width;
    return min < width ? { ...c, width: Math.max(min, Math.floor(width - (width - min) * share)) } : c;
  });
}

const widthOf = (c: { width?: unknown }): number => (typeof c.width === 'number' ? c.width : DEFAULT_WIDTH);

/** The sum of the columns' widths: the table fills its panel down to this, then scrolls sideways. */
export function tableWidth<T>(columns: TableColumnsType<T>): number {
  return columns.reduce((sum, c) => sum + widthOf(c), 0);
}

/**
 * Table columns from the option, plus the pinned 操作 column when the user holds 查看, 编辑 or 删除 (`standard`, so an
 * empty table keeps its header) or any row has an action the user may take.
 */
export function tableColumns<T>(
  columns: CrudColumn<T>[],
  t: TFunction,
  actions: { rows: T[]; of: (row: T) => ShownAction[]; standard: boolean; compact: boolean },
): FittedColumns<T> {
  const data: FittedColumns<T> = columns
    .filter((c) => !c.hideInTable)
    .map((c) => ({
      key: c.prop,
      dataIndex: c.prop,
      title: t(c.label),
      width: c.width ?? DEFAULT_WIDTH,
      minWidth: columnMinWidth(c, t(c.label)),
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
