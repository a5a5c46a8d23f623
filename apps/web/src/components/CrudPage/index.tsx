import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@shixun/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, type GetProp, Result, Space, Table, type TableProps, Tooltip } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCrudPermissions } from '../../app/permission.ts';
import { tableColumns } from './columns.tsx';
import styles from './crud.module.css';
import { type DrawerState, FormDrawer } from './FormDrawer.tsx';
import { type Filters, SearchBar } from './SearchBar.tsx';
import type { CrudOption } from './types.ts';

export type { CrudColumn, CrudOption } from './types.ts';

/**
 * The one generic CRUD page (ARCHITECTURE §6), driven by an Avue-like option: search form, toolbar, paged
 * multi-select table, view/add/edit drawer and confirmed deletes, each button shown only with its permission.
 * Declare the option once at module level: the drawer refills its form whenever the option object changes.
 */
export function CrudPage<T extends object, S extends z.ZodObject>({ option }: { option: CrudOption<T, S> }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const can = useCrudPermissions(option.biz);
  const [paging, setPaging] = useState({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [filters, setFilters] = useState<Filters>({});
  const [selected, setSelected] = useState<Key[]>([]);
  const [drawer, setDrawer] = useState<DrawerState<T> | null>(null);

  const list = useQuery({
    queryKey: [option.biz, 'list', paging, filters],
    queryFn: () => option.api.list({ ...paging, ...filters }),
    placeholderData: keepPreviousData,
  });
  const records = list.data?.records ?? [];

  const remove = useMutation({
    mutationFn: (ids: string[]) => option.api.remove(ids),
    onSuccess: (_, ids) => {
      void message.success(t('crud.deleted'));
      setSelected([]);
      // Deleting the whole last page would leave an empty page behind: step back one.
      if (ids.length >= records.length && paging.current > 1) setPaging((p) => ({ ...p, current: p.current - 1 }));
      void queryClient.invalidateQueries({ queryKey: [option.biz, 'list'] });
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

  const keyOf = (row: T) => String(row[option.rowKey]);
  const columns = tableColumns(option.columns, t, {
    can,
    onView: (record) => setDrawer({ mode: 'view', record }),
    onEdit: (record) => setDrawer({ mode: 'edit', record }),
    onDelete: (record) => confirmRemove([keyOf(record)]),
  });

  const rowSelection: TableProps<T>['rowSelection'] = can.delete
    ? { selectedRowKeys: selected, onChange: setSelected }
    : undefined;
  const pagination: GetProp<TableProps<T>, 'pagination'> = {
    current: paging.current,
    pageSize: paging.size,
    total: list.data?.total ?? 0,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (total) => t('crud.total', { total }),
    onChange: (current, size) => {
      setSelected([]);
      setPaging((p) => ({ current: size === p.size ? current : 1, size }));
    },
  };

  const emptyText = list.isError ? (
    <Result
      status="warning"
      title={t('crud.loadFailed')}
      extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crud.empty')} />
  );

  return (
    <Card variant="borderless" className={styles.page}>
      <SearchBar
        columns={option.columns}
        onSearch={(next) => {
          setSelected([]);
          setFilters(next);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
      />
      <div className={styles.toolbar} data-testid="crud-toolbar">
        <Space wrap>
          {can.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ mode: 'add' })}>
              {t('crud.add')}
            </Button>
          )}
          {can.delete && (
            <Button danger icon={<DeleteOutlined />} onClick={() => confirmRemove(selected.map(String))}>
              {t('crud.delete')}
            </Button>
          )}
          {selected.length > 0 && (
            <span className={styles.selection}>
              {t('crud.selected', { count: selected.length })}
              <Button type="link" size="small" onClick={() => setSelected([])}>
                {t('crud.clearSelection')}
              </Button>
            </span>
          )}
        </Space>
        <Tooltip title={t('crud.refresh')}>
          <Button
            shape="circle"
            aria-label={t('crud.refresh')}
            icon={<ReloadOutlined spin={list.isFetching} />}
            onClick={() => void list.refetch()}
          />
        </Tooltip>
      </div>
      <Table<T>
        rowKey={keyOf}
        size="middle"
        columns={columns}
        dataSource={records}
        loading={list.isFetching}
        rowSelection={rowSelection}
        pagination={pagination}
        locale={{ emptyText }}
        scroll={{ x: 'max-content' }}
        onRow={(record) => ({ onDoubleClick: () => can.view && setDrawer({ mode: 'view', record }) })}
      />
      <FormDrawer option={option} state={drawer} canEdit={can.edit} onChange={setDrawer} />
    </Card>
  );
}
