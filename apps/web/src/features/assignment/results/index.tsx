import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { assignmentApi } from '../../../api/assignment.ts';
import { useAuth } from '../../../stores/auth.ts';
import { storageKey } from '../../../stores/storage.ts';
import { TYPE_COLORS } from '../../paper/labels.ts';
import { AssignmentPicker, pickerKey, pickerList } from '../AssignmentPicker.tsx';
import { RESULTS_KEY } from './options.ts';
import { QuestionTable } from './QuestionTable.tsx';
import { ResultCharts } from './ResultCharts.tsx';
import styles from './results.module.css';
import { StudentTable } from './StudentTable.tsx';
import { SummaryCards } from './SummaryCards.tsx';

const STATE_COLORS: Record<string, string> = {
  scheduled: 'default',
  open: 'processing',
  closed: 'warning',
  released: 'success',
};

/** Where the shown assignment came from: a link (`?assignment=`), this browser's memory, the picker, or the default. */
type Choice = { id: string; from: 'link' | 'memory' | 'pick' | 'auto' };

function readMemory(key: string): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function writeMemory(key: string, id: string | undefined): void {
  try {
    if (id) localStorage.setItem(key, id);
    else localStorage.removeItem(key);
  } catch {
    // A browser that keeps nothing simply starts from the newest assignment next time.
  }
}

/**
 * 成绩分析 (/paper/results): one of the teacher's assignments — from a link's `?assignment=`, else the one they looked
 * at last in this browser, else the newest with submissions — summed up (attendance, mean, median, range, standard
 * deviation, pass rate), charted (score distribution, classes, question facility and discrimination, knowledge points
 * by class) and listed (item analysis, ranked students a page at a time), with the whole exported as Excel.
 */
export default function ResultsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const userId = useAuth((s) => s.user?.userId ?? '');
  const permitted = useAuth((s) => Boolean(s.permission.paper_teacher_results));
  const memoryKey = storageKey(`results-assignment:${userId}`);
  const [params, setParams] = useSearchParams();
  const linked = params.get('assignment') || undefined;
  const [choice, setChoice] = useState<Choice | undefined>(() => {
    if (linked) return { id: linked, from: 'link' };
    const remembered = readMemory(memoryKey);
    return remembered ? { id: remembered, from: 'memory' } : undefined;
  });

  // A link followed while the page is open.
  useEffect(() => {
    if (linked) setChoice((c) => (c?.id === linked ? c : { id: linked, from: 'link' }));
  }, [linked]);

  const newest = useQuery({ queryKey: pickerKey(''), queryFn: pickerList(''), staleTime: 30_000, enabled: permitted });
  // Nothing chosen yet: the newest assignment somebody submitted (else simply the newest).
  useEffect(() => {
    if (choice || !newest.data) return;
    const rows = newest.data.records;
    const first = rows.find((a) => a.progress.submitted > 0) ?? rows[0];
    if (first) setChoice({ id: first.id, from: 'auto' });
  }, [choice, newest.data]);

  const id = choice?.id;
  const results = useQuery({
    queryKey: [...RESULTS_KEY, id],
    // A remembered assignment may be gone since: it is forgotten without a word.
    queryFn: () => assignmentApi.results(id!, { quiet: choice?.from === 'memory' }),
    enabled: permitted && Boolean(id),
  });
  const data = results.data?.assignment.id === id ? results.data : undefined;

  useEffect(() => {
    if (data) writeMemory(memoryKey, data.assignment.id);
  }, [data, memoryKey]);
  useEffect(() => {
    if (results.isError && choice?.from === 'memory') {
      writeMemory(memoryKey, undefined);
      setChoice(undefined);
    }
  }, [results.isError, choice, memoryKey]);

  const pick = (next: string | undefined) => {
    if (!next) return;
    setChoice({ id: next, from: 'pick' });
    setParams(
      (p) => {
        p.set('assignment', next);
        return p;
      },
      { replace: true },
    );
  };

  const exporting = useMutation({
    mutationFn: (assignmentId: string) => assignmentApi.exportResults(assignmentId),
    onSuccess: () => void message.success(t('results.exported')),
  });

  const noAssignments = !id && newest.data?.records.length === 0;

  let body: ReactNode;
  if (!permitted) {
    body = <Alert type="warning" showIcon title={t('results.noPermission')} />;
  } else if (noAssignments) {
    body = (
      <Card>
        <Empty description={t('results.empty.noAssignments')}>
          <span className={styles.meta}>{t('results.empty.noAssignmentsHint')}</span>
        </Empty>
      </Card>
    );
  } else if (!id && !newest.isError) {
    body = (
      <div className={styles.center}>
        <Spin />
      </div>
    );
  } else if (!id) {
    body = (
      <Card>
        <Empty description={t('results.empty.pick')} />
      </Card>
    );
  } else if (results.isError && !data) {
    body = (
      <Card>
        <Empty description={t('results.empty.loadFailed')}>
          <Button onClick={() => void results.refetch()}>{t('results.empty.retry')}</Button>
        </Empty>
      </Card>
    );
  } else if (!data) {
    body = (
      <div className={styles.center} data-loading="results">
        <Spin />
      </div>
    );
  } else {
    const submitted = data.summary.submitted > 0;
    body = (
      <>
        {data.summary.toMark > 0 && (
          <Alert type="info" showIcon title={t('results.toMark', { count: data.summary.toMark })} />
        )}
        <SummaryCards results={data} />
        {submitted ? (
          <>
            <ResultCharts results={data} />
            <QuestionTable questions={data.questions} />
          </>
        ) : (
          <Card>
            <Empty description={t('results.empty.noSubmissions')}>
              <span className={styles.meta}>{t('results.empty.noSubmissionsHint')}</span>
            </Empty>
          </Card>
        )}
        <StudentTable
          assignmentId={data.assignment.id}
          classes={data.byClass}
          assignmentState={data.assignment.state}
          blind={data.assignment.blind}
        />
      </>
    );
  }

  return (
    <div className={styles.page} data-page="results">
      <Card size="small">
        <div className={styles.bar}>
          <AssignmentPicker
            className={styles.picker}
            value={id}
            onChange={pick}
            known={data ? { id: data.assignment.id, title: data.assignment.title } : undefined}
            label={t('results.picker.label')}
            placeholder={t('results.picker.placeholder')}
            notFound={t('results.picker.notFound')}
            meta={(a) => (
              <>
                <Tag color={TYPE_COLORS[a.kind]}>{t(`paper.type.${a.kind}`)}</Tag>
                <Typography.Text type="secondary">
                  {dayjs(a.openTime).format('YYYY-MM-DD')} · {a.classNames.filter(Boolean).join('、') || '—'} ·{' '}
                  {t('results.picker.submitted', { submitted: a.progress.submitted, students: a.progress.students })}
                </Typography.Text>
              </>
            )}
          />
          {data && (
            <span className={styles.meta}>
              <Tag color={TYPE_COLORS[data.assignment.kind]}>{t(`paper.type.${data.assignment.kind}`)}</Tag>
              <Tag color={STATE_COLORS[data.assignment.state]}>
                {t(`results.state.${data.assignment.state}`, data.assignment.state)}
              </Tag>
              <span>{t('results.head.total', { score: data.assignment.totalScore })}</span>
              <span>{t('results.head.pass', { score: data.assignment.passScore })}</span>
            </span>
          )}
          {permitted && (
            <div className={styles.actions}>
              <Button
                icon={<ReloadOutlined />}
                disabled={!id}
                loading={results.isFetching}
                // The analysis and the page of students shown.
                onClick={() => void queryClient.invalidateQueries({ queryKey: [...RESULTS_KEY, id] })}
              >
                {t('results.refresh')}
              </Button>
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                disabled={!data}
                loading={exporting.isPending}
                onClick={() => data && exporting.mutate(data.assignment.id)}
              >
                {t('results.export')}
              </Button>
            </div>
          )}
        </div>
      </Card>
      {body}
    </div>
  );
}
