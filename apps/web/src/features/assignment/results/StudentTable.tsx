import type { RESULT_STUDENT_SORTS, ResultOutcome, ResultStudent, ResultStudentsQuery } from '@shixun/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Input, Table, type TableColumnsType, type TableProps, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assignmentApi } from '../../../api/assignment.ts';
import { outcomesOf, RESULTS_KEY, scoreText, studentOutcome } from './options.ts';
import styles from './results.module.css';

const OUTCOME_COLORS: Record<ResultOutcome, string> = {
  passed: 'green',
  failed: 'red',
  absent: 'default',
  notStarted: 'default',
  inProgress: 'processing',
};

type Row = ResultStudent & { outcome: ResultOutcome };
type Query = Pick<ResultStudentsQuery, 'current' | 'size' | 'classId' | 'outcome' | 'student' | 'ascs' | 'descs'>;
type SortKey = (typeof RESULT_STUDENT_SORTS)[number];

/**
 * 学生成绩: rank, student number, name, class, score and outcome, a page at a time from the server, which sorts
 * (students without a score stay last either way), filters by class and outcome and searches by name or number.
 * Blind marking before release: answer labels only, in the server's label order, with no name search or class filter.
 */
export function StudentTable({
  assignmentId,
  classes,
  assignmentState,
  blind,
}: {
  assignmentId: string;
  classes: { classId: string; className: string }[];
  assignmentState: string;
  blind: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState<Query>({ current: 1, size: 20 });
  const page = useQuery({
    queryKey: [...RESULTS_KEY, assignmentId, 'students', query],
    queryFn: () => assignmentApi.resultStudents(assignmentId, query),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo<Row[]>(
    () => (page.data?.records ?? []).map((s) => ({ ...s, outcome: studentOutcome(s, assignmentState) })),
    [page.data, assignmentState],
  );
  const sortOf = (key: SortKey) =>
    query.ascs === key ? ('ascend' as const) : query.descs === key ? ('descend' as const) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const columns = useMemo<TableColumnsType<Row>>(
    () => [
      {
        key: 'rank',
        dataIndex: 'rank',
        title: t('results.students.rank'),
        width: 72,
        sorter: true,
        sortOrder: sortOf('rank'),
        render: (rank: number | null) => rank ?? '—',
      },
      ...(blind
        ? [{ key: 'studentName', dataIndex: 'studentName', title: t('results.students.label'), width: 120 }]
        : ([
            {
              key: 'studentNo',
              dataIndex: 'studentNo',
              title: t('results.students.no'),
              width: 120,
              sorter: true,
              sortOrder: sortOf('studentNo'),
            },
            {
              key: 'studentName',
              dataIndex: 'studentName',
              title: t('results.students.name'),
              width: 110,
              sorter: true,
              sortOrder: sortOf('studentName'),
            },
          ] satisfies TableColumnsType<Row>)),
      {
        key: 'className',
        hidden: blind,
        dataIndex: 'className',
        title: t('results.students.class'),
        width: 140,
        ellipsis: true,
        sorter: true,
        sortOrder: sortOf('className'),
        filters: classes.length > 1 ? classes.map((c) => ({ text: c.className || '—', value: c.classId })) : undefined,
        filterMultiple: false,
        filteredValue: query.classId ? [query.classId] : null,
      },
      {
        key: 'score',
        dataIndex: 'score',
        title: t('results.students.score'),
        width: 80,
        sorter: true,
        sortOrder: sortOf('score'),
        render: (score: number | null) => scoreText(score),
      },
      {
        key: 'outcome',
        dataIndex: 'outcome',
        title: t('results.students.result'),
        width: 96,
        filters: outcomesOf(assignmentState).map((o) => ({ text: t(`results.students.${o}`), value: o })),
        filterMultiple: false,
        filteredValue: query.outcome ? [query.outcome] : null,
        render: (outcome: ResultOutcome) => (
          <Tag color={OUTCOME_COLORS[outcome]}>{t(`results.students.${outcome}`)}</Tag>
        ),
      },
    ],
    [t, i18n.language, classes, assignmentState, query, blind],
  );

  const change: TableProps<Row>['onChange'] = (pagination, filters, sorter) => {
    const sort = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = sort?.order ? (sort.columnKey as SortKey) : undefined;
    setQuery((q) => ({
      ...q,
      current: pagination.current ?? 1,
      size: pagination.pageSize ?? q.size,
      classId: (filters.className?.[0] as string | undefined) ?? undefined,
      outcome: (filters.outcome?.[0] as ResultOutcome | undefined) ?? undefined,
      ascs: sort?.order === 'ascend' ? key : undefined,
      descs: sort?.order === 'descend' ? key : undefined,
    }));
  };

  return (
    <Card
      size="small"
      title={t('results.students.title')}
      extra={
        !blind && (
          <Input.Search
            allowClear
            size="small"
            placeholder={t('results.students.search')}
            aria-label={t('results.students.search')}
            onSearch={(value) => setQuery((q) => ({ ...q, current: 1, student: value.trim() || undefined }))}
            className={styles.studentSearch}
          />
        )
      }
    >
      {blind && <Alert type="info" showIcon title={t('results.students.blind')} className={styles.blindNote} />}
      <Table<Row>
        rowKey="paperStudentId"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={page.isFetching}
        onChange={change}
        pagination={{
          current: query.current,
          pageSize: query.size,
          total: page.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100, 200],
          hideOnSinglePage: true,
          showTotal: (total) => t('results.students.total', { count: total }),
        }}
        scroll={{ x: 'max-content' }}
        rowClassName={(s) => (s.score === null ? (styles.absentRow ?? '') : '')}
        data-table="students"
      />
    </Card>
  );
}
