import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Row, Select, Skeleton } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { practicalResultsApi } from '../../../api/practical-results.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { defaultItem } from './format.ts';
import { ItemHistogram } from './ItemHistogram.tsx';
import { ItemTable } from './ItemTable.tsx';
import { KnowledgeCompare } from './KnowledgeCompare.tsx';
import { PointTable } from './PointTable.tsx';
import styles from './results.module.css';
import { SummaryCards } from './SummaryCards.tsx';

/** Query keys of 实训成绩分析: one assignment's results under `[...PRACTICAL_RESULTS_KEY, id, classId]`. */
export const PRACTICAL_RESULTS_KEY = ['practical_teacher', 'results'] as const;

/**
 * 实训成绩分析 (/practical/results/:id): one practical assignment's handed-in records, for all its classes or one —
 * figures, points, inspection items with the histogram of a measured one, knowledge points beside the exams — and
 * the whole exported as Excel. The class is kept in the address (`?classId=`), so a link or a reload keeps it.
 */
export default function PracticalResultsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const classId = params.get('classId') ?? '';
  const [pickedItem, setPickedItem] = useState<string>();
  const classSelectId = useId();

  const results = useQuery({
    queryKey: [...PRACTICAL_RESULTS_KEY, id, classId],
    queryFn: () => practicalResultsApi.results(id, classId || undefined),
    enabled: Boolean(id),
    // Another class keeps the page in place while it loads, rather than blanking it.
    placeholderData: keepPreviousData,
  });
  // Data left from another assignment (a link followed while the page is open) is not this one's.
  const data = results.data?.id === id ? results.data : undefined;

  const exporting = useMutation({
    mutationFn: () => practicalResultsApi.exportResults(id),
    onSuccess: () => void message.success(t('practicalResults.exported')),
  });

  const pickClass = (next: string) =>
    setParams(
      (p) => {
        if (next) p.set('classId', next);
        else p.delete('classId');
        return p;
      },
      { replace: true },
    );

  let body: ReactNode;
  if (results.isError && !data) {
    // The HTTP client has already said why; this offers another try.
    body = (
      <LoadFailed
        title={t('practicalResults.loadFailed')}
        reason={results.error?.message}
        retry={() => void results.refetch()}
      />
    );
  } else if (!data) {
    body = (
      <Card data-loading="practical-results">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  } else if (data.summary.handedIn === 0) {
    body = (
      <Card>
        <Empty description={t('practicalResults.empty')}>
          <span className={styles.meta}>{t('practicalResults.emptyHint')}</span>
        </Empty>
      </Card>
    );
  } else {
    const selected = data.items.find((i) => i.id === pickedItem && i.kind === 'measure') ?? defaultItem(data.items);
    body = (
      <>
        <SummaryCards results={data} />
        <PointTable points={data.points} />
        <Row gutter={[12, 12]}>
          <Col xs={24} xxl={14}>
            <ItemTable items={data.items} selectedId={selected?.id} onSelect={setPickedItem} />
          </Col>
          <Col xs={24} xxl={10}>
            <ItemHistogram item={selected} />
          </Col>
        </Row>
        <KnowledgeCompare knowledge={data.knowledge} />
      </>
    );
  }

  return (
    <div className={styles.page} data-page="practical-results" aria-busy={results.isFetching}>
      <Card size="small">
        <div className={styles.bar}>
          <div className={styles.heading}>
            {data ? (
              <h1 className={styles.title}>{data.title}</h1>
            ) : (
              <Skeleton.Input active size="small" aria-hidden="true" />
            )}
            {data && (
              <span className={styles.meta}>
                <span>{t('practicalResults.head.total', { score: data.totalScore })}</span>
                <span>{t('practicalResults.head.pass', { score: data.passScore })}</span>
              </span>
            )}
          </div>
          <div className={styles.actions}>
            <span className={styles.filter}>
              <label htmlFor={classSelectId}>{t('practicalResults.classFilter')}</label>
              <Select
                id={classSelectId}
                className={styles.classSelect}
                value={classId}
                onChange={pickClass}
                loading={results.isFetching}
                disabled={!data}
                options={[
                  { value: '', label: t('practicalResults.allClasses') },
                  ...(data?.classes ?? []).map((c) => ({ value: c.id, label: c.name || '—' })),
                ]}
              />
            </span>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={!data}
              loading={exporting.isPending}
              onClick={() => exporting.mutate()}
            >
              {t('practicalResults.export')}
            </Button>
          </div>
        </div>
      </Card>
      {body}
    </div>
  );
}
