import type { ImportFix, PreviewQuestion } from '@shixun/contracts';
import { Alert, Button, Empty, Pagination, Segmented, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportCard } from './ImportCard.tsx';
import styles from './import.module.css';

type Show = 'all' | 'flagged' | 'skipped';
const PAGE = 10;

interface Props {
  /** The preview's questions, each `kept` as the plan says. */
  questions: PreviewQuestion[];
  fileName: string;
  libName: string;
  /** The file is being read again with a fix. */
  checking: boolean;
  onFix: (fix: ImportFix) => Promise<boolean>;
  onSkip: (indexes: number[], skip: boolean) => void;
}

const isFlagged = (q: PreviewQuestion) => q.kept !== false && q.problems.length > 0;

/**
 * 检查试题: every question of the file as it will be saved, flagged ones first to hand (a filter), each fixed in
 * place or skipped; the rest are imported. Ten at a time, so a 2,000-question file stays quick.
 */
export function ImportReview({ questions, fileName, libName, checking, onFix, onSkip }: Props) {
  const { t } = useTranslation();
  const [show, setShow] = useState<Show>('all');
  const [page, setPage] = useState(1);
  const flagged = questions.flatMap((q, i) => (isFlagged(q) ? [i] : []));
  const skipped = questions.filter((q) => q.kept === false).length;
  const kept = questions.length - skipped;
  const shown = questions
    .map((q, index) => ({ q, index }))
    .filter(({ q }) => show === 'all' || (show === 'flagged' ? isFlagged(q) : q.kept === false));
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));

  // A filter that empties (the last flagged question fixed) or shrinks keeps the teacher on a page that exists.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  // Nothing read yet (a sheet whose columns are to be mapped first): the wizard says why above.
  if (questions.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('questionBank.import.none.all')} />;

  return (
    <>
      {flagged.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          className={styles.summary}
          title={t('questionBank.import.flaggedSummary', { total: questions.length, count: flagged.length })}
          description={t('questionBank.import.flaggedHint')}
          action={
            <Button size="small" onClick={() => onSkip(flagged, true)}>
              {t('questionBank.import.skipFlagged', { count: flagged.length })}
            </Button>
          }
        />
      ) : (
        <Alert
          type="success"
          showIcon
          className={styles.summary}
          title={t('questionBank.import.ready', { count: kept, file: fileName, name: libName })}
          description={skipped ? t('questionBank.import.skippedSummary', { count: skipped }) : undefined}
        />
      )}
      <div className={styles.bar}>
        <Segmented<Show>
          value={show}
          onChange={(value) => {
            setShow(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('questionBank.import.showAll', { count: questions.length }) },
            { value: 'flagged', label: t('questionBank.import.showFlagged', { count: flagged.length }) },
            { value: 'skipped', label: t('questionBank.import.showSkipped', { count: skipped }) },
          ]}
        />
        {pages > 1 && (
          <Pagination
            size="small"
            simple
            current={page}
            pageSize={PAGE}
            total={shown.length}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </div>
      <Spin spinning={checking}>
        <div className={styles.list} data-testid="import-preview">
          {shown.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`questionBank.import.none.${show}`)} />
          ) : (
            shown
              .slice((page - 1) * PAGE, page * PAGE)
              .map(({ q, index }) => (
                <ImportCard
                  key={index}
                  question={q}
                  index={index}
                  busy={checking}
                  onFix={onFix}
                  onSkip={(skip) => onSkip([index], skip)}
                />
              ))
          )}
        </div>
      </Spin>
    </>
  );
}
