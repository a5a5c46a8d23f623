import { QuestionCircleOutlined } from '@ant-design/icons';
import type { ResultQuestion } from '@shixun/contracts';
import { Card, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlToText } from '../../../components/RichEditor/index.tsx';
import { TYPE_COLORS, typeName } from '../../question/labels.ts';
import { compareNo, compareNullsLast, discriminationBand, facilityBand } from './options.ts';
import styles from './results.module.css';

const FACILITY_COLORS = { hard: 'red', medium: 'orange', easy: 'green' } as const;
const DISCRIMINATION_COLORS = { good: 'green', fair: 'blue', check: 'red' } as const;

const byNumber =
  (key: 'score' | 'answered' | 'right' | 'partial' | 'wrong' | 'blank' | 'facility' | 'discrimination') =>
  (a: ResultQuestion, b: ResultQuestion, order?: 'ascend' | 'descend' | null) =>
    compareNullsLast(a[key], b[key], order);

function Heading({ label, hint }: { label: string; hint: string }) {
  return (
    <Tooltip title={hint}>
      <span className={styles.hinted}>
        {label} <QuestionCircleOutlined />
      </span>
    </Tooltip>
  );
}

/** 试题分析: each question's answers by outcome, facility (难/中/易) and discrimination (好/一般/需检查). */
export function QuestionTable({ questions }: { questions: ResultQuestion[] }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const columns = useMemo<TableColumnsType<ResultQuestion>>(
    () => [
      {
        key: 'no',
        dataIndex: 'no',
        title: t('results.questions.no'),
        // The heading and its sort arrows.
        width: 84,
        fixed: 'start',
        sorter: (a, b) => compareNo(a.no, b.no),
      },
      {
        key: 'type',
        dataIndex: 'type',
        title: t('results.questions.type'),
        width: 96,
        render: (_, q) => <Tag color={TYPE_COLORS[q.type]}>{typeName(q.type)}</Tag>,
      },
      {
        key: 'stem',
        dataIndex: 'stem',
        title: t('results.questions.stem'),
        width: 220,
        ellipsis: { showTitle: false },
        render: (_, q) => {
          const text = htmlToText(q.stem) || t('results.questions.noStem');
          return (
            <Tooltip title={text} placement="topLeft">
              <span>{text}</span>
            </Tooltip>
          );
        },
      },
      { key: 'score', dataIndex: 'score', title: t('results.questions.score'), width: 72, sorter: byNumber('score') },
      {
        key: 'answered',
        dataIndex: 'answered',
        title: t('results.questions.answered'),
        width: 80,
        sorter: byNumber('answered'),
      },
      { key: 'right', dataIndex: 'right', title: t('results.questions.right'), width: 64, sorter: byNumber('right') },
      {
        key: 'partial',
        dataIndex: 'partial',
        title: t('results.questions.partial'),
        width: 80,
        sorter: byNumber('partial'),
      },
      { key: 'wrong', dataIndex: 'wrong', title: t('results.questions.wrong'), width: 64, sorter: byNumber('wrong') },
      { key: 'blank', dataIndex: 'blank', title: t('results.questions.blank'), width: 72, sorter: byNumber('blank') },
      {
        key: 'facility',
        dataIndex: 'facility',
        title: <Heading label={t('results.questions.facility')} hint={t('results.questions.facilityHint')} />,
        width: 112,
        sorter: byNumber('facility'),
        render: (_, q) => {
          const band = facilityBand(q.facility);
          if (!band) return <Typography.Text type="secondary">—</Typography.Text>;
          return (
            <span className={styles.measure} data-band={band}>
              {q.facility!.toFixed(2)} <Tag color={FACILITY_COLORS[band]}>{t(`results.band.${band}`)}</Tag>
            </span>
          );
        },
      },
      {
        key: 'discrimination',
        dataIndex: 'discrimination',
        title: <Heading label={t('results.questions.discrimination')} hint={t('results.discrimination.hint')} />,
        width: 132,
        sorter: byNumber('discrimination'),
        render: (_, q) => {
          const band = discriminationBand(q.discrimination);
          if (!band) return <Typography.Text type="secondary">—</Typography.Text>;
          return (
            <span className={styles.measure} data-band={band}>
              {q.discrimination!.toFixed(2)}{' '}
              <Tag color={DISCRIMINATION_COLORS[band]}>{t(`results.discrimination.${band}`)}</Tag>
            </span>
          );
        },
      },
    ],
    [t, i18n.language],
  );

  return (
    <Card size="small" title={t('results.questions.title')}>
      <Table<ResultQuestion>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={questions}
        pagination={questions.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        // Laid out from the declared widths (the stem ends in an ellipsis): with max-content a long stem pushed
        // 区分度 past the card's edge at 1366 px.
        scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) }}
        data-table="questions"
      />
    </Card>
  );
}
