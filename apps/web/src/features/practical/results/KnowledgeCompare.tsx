import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/Chart.tsx';
import { percent, type Translate } from '../../assignment/results/options.ts';
import type { ResultKnowledge } from './format.ts';
import { knowledgeOption } from './knowledge-option.ts';
import { useChartPalette } from './palette.ts';
import styles from './results.module.css';

/** 知识点：实训与考试对比 — a table of both shares per knowledge point, and the same as grouped bars. */
export function KnowledgeCompare({ knowledge }: { knowledge: ResultKnowledge[] }) {
  const { t, i18n } = useTranslation();
  const palette = useChartPalette();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const option = useMemo(
    () => (knowledge.length ? knowledgeOption(knowledge, t as Translate, palette) : null),
    [knowledge, palette, t, i18n.language],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const columns = useMemo<TableColumnsType<ResultKnowledge>>(
    () => [
      { key: 'name', dataIndex: 'name', title: t('practicalResults.knowledge.name'), render: (_, k) => k.name || '—' },
      {
        key: 'practical',
        title: t('practicalResults.knowledge.practical'),
        width: 112,
        align: 'right',
        render: (_, k) => percent(k.practical),
      },
      {
        key: 'exam',
        title: t('practicalResults.knowledge.exam'),
        width: 112,
        align: 'right',
        render: (_, k) => percent(k.exam),
      },
    ],
    [t, i18n.language],
  );
  const title = t('practicalResults.knowledge.title');

  return (
    <Card size="small" title={<h2 className={styles.cardTitle}>{title}</h2>}>
      {option ? (
        <div className={styles.knowledge}>
          <Table<ResultKnowledge>
            rowKey="flagId"
            size="small"
            columns={columns}
            dataSource={knowledge}
            pagination={false}
            caption={<span className="visually-hidden">{t('practicalResults.knowledge.caption')}</span>}
            className={styles.knowledgeTable}
            data-table="knowledge"
          />
          {/* The table above says the same to a screen reader. */}
          <Chart option={option} label={title} height={260} className={styles.knowledgeChart} />
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('practicalResults.knowledge.none')} />
      )}
    </Card>
  );
}
