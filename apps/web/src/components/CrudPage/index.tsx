import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { crudPermissions, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@shixun/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, type GetProp, Table, type TableProps, Tooltip } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCrudPermissions } from '../../app/permission.ts';
import { useScreen } from '../../app/useScreen.ts';
import { useAuth } from '../../stores/auth.ts';
import { LoadFailed } from '../LoadFailed.tsx';
import { fitColumns, tableColumns, tableWidth } from './columns.tsx';
import styles from './crud.module.css';
import { type DrawerState, FormDrawer } from './FormDrawer.tsx';
import type { ShownAction } from './RowActions.tsx';
import { type Filters, SearchBar } from './SearchBar.tsx';
import type { CrudContext, CrudOption, RowAction } from './types.ts';
import { useLazyTree } from './useLazyTree.ts';
import { useWidth } from './useWidth.ts';

export { ActionButton } from './ActionButton.tsx';
export type { CrudColumn, CrudContext, CrudOption, DrawerMode, RowAction } from './types.ts';

interface Props<T, S extends z.ZodObject> {
  option: CrudOption<T, S>;
  /** Fixed filters sent with every list call, e.g. the dictionary whose items are shown. */
  query?: Filters;
  /** Starting values of new records on top of the option's, e.g. that dictionary as the parent. */
  defaults?: Record<string, unknown>;
  /** A heading above the search bar. */
  heading?: ReactNode;
  /** Clicking a row picks it (master–detail layouts); the picked row is highlighted. */
  onPick?: (row: T) => void;
  picked?: string;
  /**
   * One panel of several on the page (master–detail): the card does not stretch to the window's height, and the
   * row buttons are icons with tooltips, to leave the narrower table room for its columns.
   */
  embedded?: boolean;
  /** A panel beside the list, e.g. a tree that narrows it: on its left, above it on a phone. */
  side?: ReactNode;
  /**
   * Tells this page's forms apart from another CrudPage's on the same screen: field ids become `<name>Search_<field>`
   * and `<name>Form_<field>` instead of `search_<field>` and `form_<field>`.
   */
  name?: string;
  /** Rows that may be read only (e.g. those of a task shared with the caller to read): no add, edit or delete. */
  readOnly?: boolean;
}

/** The checkbox column's width, counted in the table's width. */
const SELECTION_WIDTH = 48;

/**
 * The one generic CRUD page (ARCHITECTURE §6), driven by an Avue-like option: search form, toolbar, paged
 * multi-select table (or a lazily expanded tree table), view/add/edit drawer and confirmed deletes, each button
 * shown only with its permission. Declare the option once at module level: the drawer refills its form whenever
 * the option object changes.
 */
export function CrudPage<T extends object, S extends z.ZodObject>({
  option,
  query,
  defaults,
  heading,
  onPick,
  picked,
  embedded,
  side,
  name,
  readOnly,
}: Props<T, S>) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const held = useCrudPermissions(option.biz);
  const can = option.ownActions
    ? { view: false, add: false, edit: false, delete: false }
    : readOnly
      ? { ...held, add: false, edit: false, delete: false }
      : held;
  const permission = useAuth((s) => s.permission);
  const phone = useScreen() === 0;
  const [measure, width] = useWidth<HTMLDivElement>();
  const [paging, setPaging] = useState({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [filters, setFilters] = useState<Filters>({});
  const [selected, setSelected] = useState<Key[]>([]);
  const [drawer, setDrawer] = useState<DrawerState<T> | null>(null);
  const allFilters = { ...filters, ...query };

  const list = useQuery({
    queryKey: [option.biz, 'list', paging, allFilters],
    queryFn: () => option.api.list({ ...paging, ...allFilters }),
    placeholderData: keepPreviousData,
    enabled: !option.lazyTree,
  });
  const tree = useLazyTree(option, allFilters, filters);
  const records = option.lazyTree ? tree.rows : (list.data?.records ?? []);
  const loading = option.lazyTree ? tree.isFetching : list.isFetching;
  const keyOf = (row: T) => String(row[option.rowKey]);

  const remove = useMutation({
    mutationFn: (ids: string[]) => option.api.remove(ids),
    onSuccess: (_, ids) => {
      void message.success(t('crud.deleted'));
      setSelected([]);
      // Deleting the whole last page would leave an empty page behind: step back one.
      if (ids.length >= records.length && paging.current > 1) setPaging((p) => ({ ...p, current: p.current - 1 }));
      void queryClient.invalidateQueries({ queryKey: [option.biz] });
      void queryClient.invalidateQueries({ queryKey: ['options'] });
      option.afterRemove?.(ids);
    },
  });

  const confirmRemove = (ids: string[]) => {
    if (!ids.length) {
      void message.warning(t('crud.selectOne'));
      return;
    }
    modal.confirm({
      title: t('common.tip'),
      content: t('crud.deleteConfirm'),
      okButtonProps: { danger: true },
      // A failure was already toasted by the client; close the dialog either way.
      onOk: () => remove.mutateAsync(ids).catch(() => undefined),
    });
  };

  const reload = () => void queryClient.invalidateQueries({ queryKey: [option.biz] });
  const ctx: CrudContext<T> = {
    selected: tree.flat(records).filter((r) => selected.includes(keyOf(r))),
    filters: allFilters,
    reload,
    openAdd: (values) => {
      const start = typeof option.defaults === 'function' ? option.defaults() : option.defaults;
      setDrawer({ mode: 'add', defaults: { ...start, ...defaults, ...values } });
    },
  };

  const codes = crudPermissions(option.biz);
  /** 查看, 编辑, 删除 and the page's own actions, those the user may take. */
  const actionsOf = (row: T): ShownAction[] => {
    const standard: RowAction[] = [
      {
        code: codes.view,
        label: 'crud.view',
        icon: <EyeOutlined />,
        onClick: () => setDrawer({ mode: 'view', record: row }),
      },
      {
        code: codes.edit,
        label: 'crud.edit',
        icon: <EditOutlined />,
        onClick: () => setDrawer({ mode: 'edit', record: row }),
      },
      {
        code: codes.delete,
        label: 'crud.delete',
        icon: <DeleteOutlined />,
        danger: true,
        onClick: () => confirmRemove([keyOf(row)]),
      },
    ];
    const rights = option.rowRights?.(row) ?? { edit: !readOnly, remove: !readOnly };
    const allowed = standard.filter(
      (a) => (a.code !== codes.edit || rights.edit) && (a.code !== codes.delete || rights.remove),
    );
    const all = [...(option.ownActions ? [] : allowed), ...(option.rowActions?.(row, ctx) ?? [])];
    return all
      .filter((a) => permission[a.code])
      .map((a) => ({ ...a, key: a.label, label: t(a.label), hint: a.hint ? t(a.hint) : undefined }));
  };
  const columnsWith = (compact: boolean) => {
    const made = tableColumns(option.columns, t, {
      rows: tree.flat(records),
      of: actionsOf,
      standard: can.view || can.edit || can.delete,
      compact,
    });
    // A tree's first column also holds the indent and the expand button: it keeps room for a short name.
    const first = made[0];
    if (option.lazyTree && first && typeof first.width === 'number') {
      made[0] = { ...first, minWidth: Math.max(first.minWidth ?? 0, Math.min(first.width, 140)) };
    }
    return made;
  };

  // Rows are selectable for the batch delete and for toolbar extras that act on the selection.
  const rowSelection: TableProps<T>['rowSelection'] =
    can.delete || option.selectFor?.some((code) => permission[code])
      ? { selectedRowKeys: selected, onChange: setSelected, checkStrictly: true, columnWidth: SELECTION_WIDTH }
      : undefined;
  // Fitted to the panel (measured on the toolbar, as wide as the table), so the pinned 操作 column covers no column
  // while they could all be shown; the table scrolls sideways only below their narrowest widths.
  // Row buttons become icons (as on a phone) when the columns do not fit beside their labels even at their narrowest.
  // Not on a phone: there the columns keep their widths and the table scrolls under its pinned icons, as narrowed
  // columns would break every tag into single characters.
  const available = width === undefined || phone ? undefined : width - (rowSelection ? SELECTION_WIDTH : 0);
  let compact = Boolean(embedded) || phone;
  let fitted = fitColumns(columnsWith(compact), available);
  if (!compact && available !== undefined && tableWidth(fitted) > available) {
    compact = true;
    fitted = fitColumns(columnsWith(true), available);
  }
  const columns = fitted.map(({ minWidth: _, ...column }) => column);
  const pagination: GetProp<TableProps<T>, 'pagination'> = option.lazyTree
    ? false
    : {
        current: paging.current,
        pageSize: paging.size,
        total: list.data?.total ?? 0,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        showQuickJumper: true,
        // Lists of very large tables count only so far (Page.totalCapped).
        showTotal: (total) => t(list.data?.totalCapped ? 'crud.totalCapped' : 'crud.total', { total }),
        onChange: (current, size) => {
          setSelected([]);
          setPaging((p) => ({ current: size === p.size ? current : 1, size }));
        },
      };

  const failed = option.lazyTree ? tree.isError : list.isError;
  const emptyText = failed ? (
    <LoadFailed retry={reload} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crud.empty')} />
  );

  const card = (
    <Card variant="borderless" className={embedded ? undefined : styles.page}>
      {heading}
      <SearchBar
        name={name ? `${name}Search` : undefined}
        columns={option.columns}
        onSearch={(next) => {
          setSelected([]);
          setFilters(next);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
      />
      <div className={styles.toolbar} data-testid="crud-toolbar" ref={measure}>
        {/* A flex row with gaps, not antd's Space: a page's toolbar extras arrive as one element holding several
            buttons, which Space would wrap as one item and leave touching each other. */}
        <div className={styles.buttons}>
          {can.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => ctx.openAdd()}>
              {t('crud.add')}
            </Button>
          )}
          {can.delete && (
            <Button danger icon={<DeleteOutlined />} onClick={() => confirmRemove(selected.map(String))}>
              {t('crud.delete')}
            </Button>
          )}
          {option.toolbar?.(ctx)}
          {selected.length > 0 && (
            <span className={styles.selection}>
              {t('crud.selected', { count: selected.length })}
              <Button type="link" size="small" onClick={() => setSelected([])}>
                {t('crud.clearSelection')}
              </Button>
            </span>
          )}
        </div>
        <Tooltip title={t('crud.refresh')}>
          <Button
            shape="circle"
            aria-label={t('crud.refresh')}
            icon={<ReloadOutlined spin={loading} />}
            onClick={reload}
          />
        </Tooltip>
      </div>
      <Table<T>
        className={styles.table}
        rowKey={keyOf}
        size="middle"
        columns={columns}
        dataSource={records}
        loading={loading}
        rowSelection={rowSelection}
        pagination={pagination}
        locale={{ emptyText }}
        // Laid out from the (fitted) widths: the table fills its panel and scrolls sideways only below their sum.
        scroll={{ x: tableWidth(columns) + (rowSelection ? SELECTION_WIDTH : 0) }}
        expandable={option.lazyTree ? tree.expandable : undefined}
        rowClassName={(row) =>
          [onPick ? styles.pickable : '', picked !== undefined && keyOf(row) === picked ? styles.picked : '']
            .filter(Boolean)
            .join(' ')
        }
        onRow={(record) => ({
          onClick: onPick ? () => onPick(record) : undefined,
          onDoubleClick: () => can.view && setDrawer({ mode: 'view', record }),
        })}
      />
      <FormDrawer
        option={option}
        state={drawer}
        canEdit={can.edit}
        onChange={setDrawer}
        name={name ? `${name}Form` : undefined}
      />
    </Card>
  );
  if (!side) return card;
  return (
    <div className={styles.withSide}>
      <div className={styles.side}>{side}</div>
      <div className={styles.main}>{card}</div>
    </div>
  );
}
