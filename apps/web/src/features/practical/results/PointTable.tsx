import { Card, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { percent, scoreText } from '../../assignment/results/options.ts';
import type { ResultPoint } from './format.ts';
import styles from './results.module.css';

/** 考核点: each point's marks, mean, how many failed it and the share of its marks earned; 否决项 tagged. */
export function PointTable({ points }: { points: ResultPoint[] }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const columns = useMemo<TableColumnsType<ResultPoint>>(
    () => [
      {
        key: 'name',
        dataIndex: 'name',
        title: t('practicalResults.points.name'),
        width: 220,
        render: (_, p) => (
          <span className={styles.name}>
            {p.name}
            {p.critical === 1 && <Tag color="red">{t('practicalResults.points.critical')}</Tag>}
          </span>
        ),
      },
      { key: 'score', dataIndex: 'score', title: t('practicalResults.points.score'), width: 72, align: 'right' },
      {
        key: 'mean',
        dataIndex: 'mean',
        title: t('practicalResults.points.mean'),
        width: 88,
        align: 'right',
        render: (_, p) => scoreText(p.mean),
      },
      { key: 'failed', dataIndex: 'failed', title: t('practicalResults.points.failed'), width: 96, align: 'right' },
      {
        key: 'share',
        dataIndex: 'share',
        title: t('practicalResults.points.share'),
        width: 88,
        align: 'right',
        render: (_, p) => percent(p.share),
      },
    ],
    [t, i18n.language],
  );

  return (
    <Card size="small" title={<h2 className={styles.cardTitle}>{t('practicalResults.points.title')}</h2>}>
      <Table<ResultPoint>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={points}
        pagination={false}
        caption={<span className="visually-hidden">{t('practicalResults.points.caption')}</span>}
        scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) }}
        data-table="points"
      />
    </Card>
  );
}
