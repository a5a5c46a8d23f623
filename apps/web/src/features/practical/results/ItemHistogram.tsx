import { Card, Empty } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/Chart.tsx';
import type { Translate } from '../../assignment/results/options.ts';
import { binLabels, measureText, outsideLimits, type ResultItem, signed } from './format.ts';
import { histogramOption } from './histogram-option.ts';
import { useChartPalette } from './palette.ts';
import styles from './results.module.css';

/** The bins as a table for screen readers: the canvas itself says nothing. */
function BinTable({ item }: { item: ResultItem }) {
  const { t } = useTranslation();
  const labels = binLabels(item.bins);
  return (
    <table className="visually-hidden">
      <caption>{t('practicalResults.histogram.tableCaption', { name: item.name })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('practicalResults.histogram.bin', { unit: item.unit })}</th>
          <th scope="col">{t('practicalResults.histogram.count')}</th>
        </tr>
      </thead>
      <tbody>
        {item.bins.map((b, i) => (
          <tr key={labels[i]}>
            <th scope="row">{labels[i]}</th>
            <td>{b.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * 测量值直方图 of the chosen measured item, with its figures (n, mean, standard deviation, shift) and what the two bar
 * colours mean; an empty card while the task has no measured item or the item no values.
 */
export function ItemHistogram({ item }: { item: ResultItem | undefined }) {
  const { t, i18n } = useTranslation();
  const palette = useChartPalette();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const option = useMemo(
    () => (item?.bins.length ? histogramOption(item, t as Translate, palette) : null),
    [item, palette, t, i18n.language],
  );
  const title = item
    ? t('practicalResults.histogram.titleOf', { name: item.name })
    : t('practicalResults.histogram.title');

  let body: ReactNode;
  if (!item) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('practicalResults.histogram.noMeasured')} />;
  } else if (!option || !item.values.length) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('practicalResults.histogram.noValues')} />;
  } else {
    const c = item.capability;
    const out = item.values.filter((v) => outsideLimits(v, item)).length;
    body = (
      <>
        <Chart
          option={option}
          label={t('practicalResults.histogram.label', { name: item.name, n: item.values.length, out })}
        />
        <BinTable item={item} />
        <div className={styles.chartNotes}>
          {c && (
            <span>
              {t('practicalResults.histogram.stats', {
                n: c.n,
                mean: measureText(c.mean),
                sd: measureText(c.sd),
                shift: signed(c.shift),
              })}
            </span>
          )}
          <span className={styles.legend} aria-hidden="true">
            <span className={styles.swatch} style={{ background: palette.primary }} />
            {t('practicalResults.histogram.legendInside')}
            <span className={styles.swatch} style={{ background: palette.error }} />
            {t('practicalResults.histogram.legendOutside')}
          </span>
        </div>
      </>
    );
  }

  return (
    <Card size="small" title={<h2 className={styles.cardTitle}>{title}</h2>} className={styles.chartCard}>
      {body}
    </Card>
  );
}
