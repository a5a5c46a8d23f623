import { Card, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CpkLevel, cpkLevel, measureText, type ResultItem, signed, toleranceText } from './format.ts';
import styles from './results.module.css';

const CPK_COLORS: Record<CpkLevel, string> = { low: 'red', marginal: 'orange', capable: 'green' };

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** Cpk as a coloured tag; its level is spoken too, so the colour is never the only sign. */
export function CpkTag({ cpk }: { cpk: number | null }) {
  const { t } = useTranslation();
  const level = cpkLevel(cpk);
  if (cpk === null || level === null) return dash;
  return (
    <Tag color={CPK_COLORS[level]} data-cpk={level}>
      {cpk.toFixed(2)}
      <span className="visually-hidden"> {t(`practicalResults.items.level.${level}`)}</span>
    </Tag>
  );
}

interface Props {
  items: ResultItem[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}

/**
 * 检查项, most failed first (the server's order): tolerance, records, failures and, for measured items, the mean, its
 * shift from the nominal size, Cp and Cpk. A measured item is chosen (radio, or a click on its row) for the histogram.
 */
export function ItemTable({ items, selectedId, onSelect }: Props) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const columns = useMemo<TableColumnsType<ResultItem>>(
    () => [
      { key: 'point', dataIndex: 'pointName', title: t('practicalResults.items.point'), width: 128, ellipsis: true },
      { key: 'name', dataIndex: 'name', title: t('practicalResults.items.name'), width: 160 },
      {
        key: 'tolerance',
        title: t('practicalResults.items.tolerance'),
        width: 176,
        render: (_, i) =>
          i.kind === 'check' ? (
            <Typography.Text type="secondary">{t('practicalResults.items.check')}</Typography.Text>
          ) : (
            <span className={styles.measure}>{toleranceText(i)}</span>
          ),
      },
      {
        key: 'recorded',
        dataIndex: 'recorded',
        title: t('practicalResults.items.recorded'),
        width: 80,
        align: 'right',
      },
      { key: 'failed', dataIndex: 'failed', title: t('practicalResults.items.failed'), width: 72, align: 'right' },
      {
        key: 'mean',
        title: t('practicalResults.items.mean'),
        width: 88,
        align: 'right',
        render: (_, i) => (i.capability?.n ? measureText(i.capability.mean) : dash),
      },
      {
        key: 'shift',
        title: t('practicalResults.items.shift'),
        width: 80,
        align: 'right',
        render: (_, i) => (i.capability?.n ? signed(i.capability.shift) : dash),
      },
      {
        key: 'cp',
        title: t('practicalResults.items.cp'),
        width: 64,
        align: 'right',
        render: (_, i) => (i.capability?.cp == null ? dash : i.capability.cp.toFixed(2)),
      },
      {
        key: 'cpk',
        title: t('practicalResults.items.cpk'),
        width: 80,
        render: (_, i) => <CpkTag cpk={i.capability?.cpk ?? null} />,
      },
    ],
    [t, i18n.language],
  );
  const selectable = (i: ResultItem) => i.kind === 'measure';

  return (
    <Card size="small" title={<h2 className={styles.cardTitle}>{t('practicalResults.items.title')}</h2>}>
      <p className={styles.hint}>{t('practicalResults.items.hint')}</p>
      <Table<ResultItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={items}
        pagination={items.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        caption={<span className="visually-hidden">{t('practicalResults.items.caption')}</span>}
        rowSelection={{
          type: 'radio',
          columnWidth: 40,
          columnTitle: <span className="visually-hidden">{t('practicalResults.histogram.title')}</span>,
          selectedRowKeys: selectedId ? [selectedId] : [],
          onChange: (keys) => keys[0] && onSelect(String(keys[0])),
          getCheckboxProps: (i) => ({
            disabled: !selectable(i),
            'aria-label': t('practicalResults.items.select', { name: i.name }),
          }),
        }}
        // A click anywhere on a measured item's row picks it, as its radio does (which keyboards reach).
        onRow={(i) => ({
          onClick: () => selectable(i) && onSelect(i.id),
          className: selectable(i) ? styles.pickable : undefined,
        })}
        scroll={{ x: 40 + columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) }}
        data-table="items"
      />
      <p className={styles.footnote}>{t('practicalResults.items.cpkHint')}</p>
    </Card>
  );
}
