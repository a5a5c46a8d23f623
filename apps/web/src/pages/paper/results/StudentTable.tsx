import { SearchOutlined } from '@ant-design/icons';
import type { ResultStudent } from '@shixun/contracts';
import { Card, Input, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compareNullsLast, type StudentOutcome, scoreText, studentOutcome } from './options.ts';
import styles from './results.module.css';

const OUTCOME_COLORS: Record<StudentOutcome, string> = {
  passed: 'green',
  failed: 'red',
  absent: 'default',
  notStarted: 'default',
  inProgress: 'processing',
};
const OUTCOMES: readonly StudentOutcome[] = ['passed', 'failed', 'absent', 'notStarted', 'inProgress'];

type Row = ResultStudent & { outcome: StudentOutcome };

/**
 * 学生成绩: rank, student number, name, class, score and outcome; sortable (absent students stay last either way),
 * filtered by class and outcome, searched by name or number.
 */
export function StudentTable({ students, assignmentState }: { students: ResultStudent[]; assignmentState: string }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const rows = useMemo<Row[]>(
    () => students.map((s) => ({ ...s, outcome: studentOutcome(s, assignmentState) })),
    [students, assignmentState],
  );
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    return words
      ? rows.filter((s) => s.studentName.toLowerCase().includes(words) || s.studentNo.toLowerCase().includes(words))
      : rows;
  }, [rows, search]);
  const classes = useMemo(() => [...new Set(rows.map((s) => s.className))].sort(), [rows]);
  const outcomes = useMemo(() => OUTCOMES.filter((o) => rows.some((s) => s.outcome === o)), [rows]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const columns = useMemo<TableColumnsType<Row>>(
    () => [
      {
        key: 'rank',
        dataIndex: 'rank',
        title: t('results.students.rank'),
        width: 72,
        sorter: (a, b, order) => compareNullsLast(a.rank, b.rank, order),
        render: (rank: number | null) => rank ?? '—',
      },
      {
        key: 'studentNo',
        dataIndex: 'studentNo',
        title: t('results.students.no'),
        width: 120,
        sorter: (a, b) => a.studentNo.localeCompare(b.studentNo, 'en', { numeric: true }),
      },
      {
        key: 'studentName',
        dataIndex: 'studentName',
        title: t('results.students.name'),
        width: 110,
        sorter: (a, b) => a.studentName.localeCompare(b.studentName, 'zh-CN'),
      },
      {
        key: 'className',
        dataIndex: 'className',
        title: t('results.students.class'),
        width: 140,
        ellipsis: true,
        sorter: (a, b) => a.className.localeCompare(b.className, 'zh-CN', { numeric: true }),
        filters: classes.length > 1 ? classes.map((c) => ({ text: c || '—', value: c })) : undefined,
        onFilter: (value, s) => s.className === value,
      },
      {
        key: 'score',
        dataIndex: 'score',
        title: t('results.students.score'),
        width: 80,
        sorter: (a, b, order) => compareNullsLast(a.score, b.score, order),
        render: (score: number | null) => scoreText(score),
      },
      {
        key: 'outcome',
        dataIndex: 'outcome',
        title: t('results.students.result'),
        width: 96,
        filters:
          outcomes.length > 1 ? outcomes.map((o) => ({ text: t(`results.students.${o}`), value: o })) : undefined,
        onFilter: (value, s) => s.outcome === value,
        render: (outcome: StudentOutcome) => (
          <Tag color={OUTCOME_COLORS[outcome]}>{t(`results.students.${outcome}`)}</Tag>
        ),
      },
    ],
    [t, i18n.language, classes, outcomes],
  );

  return (
    <Card
      size="small"
      title={t('results.students.title')}
      extra={
        <Input
          allowClear
          size="small"
          prefix={<SearchOutlined />}
          placeholder={t('results.students.search')}
          aria-label={t('results.students.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={styles.studentSearch}
        />
      }
    >
      <Table<Row>
        rowKey="paperStudentId"
        size="small"
        columns={columns}
        dataSource={shown}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        rowClassName={(s) => (s.score === null ? (styles.absentRow ?? '') : '')}
        data-table="students"
      />
    </Card>
  );
}
