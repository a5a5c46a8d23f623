import type { AssignmentResults } from '@shixun/contracts';
import { Card, Col, Empty, Row, theme } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/Chart.tsx';
import {
  type ChartPalette,
  classOption,
  distributionOption,
  facilityOption,
  knowledgeOption,
  type Translate,
} from './options.ts';
import styles from './results.module.css';

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} className={styles.chartCard}>
      {children}
    </Card>
  );
}

/**
 * The four charts, two a row on a laptop and stacked on a phone: the score distribution, classes' means and pass
 * rates, each question's facility and discrimination, and knowledge point mastery by class.
 */
export function ResultCharts({ results }: { results: AssignmentResults }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const palette = useMemo<ChartPalette>(
    () => ({
      primary: token.colorPrimary,
      success: token.colorSuccess,
      warning: token.colorWarning,
      error: token.colorError,
      muted: token.colorTextTertiary,
    }),
    [token.colorPrimary, token.colorSuccess, token.colorWarning, token.colorError, token.colorTextTertiary],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const options = useMemo(() => {
    const tr = t as Translate;
    return {
      distribution: distributionOption(results, tr, palette),
      classes: classOption(results, tr, palette),
      facility: facilityOption(results.questions, tr, palette),
      knowledge: results.knowledge.length ? knowledgeOption(results, tr) : null,
    };
  }, [results, palette, t, i18n.language]);
  // Many questions or knowledge points need more room than a half-width card gives.
  const wideFacility = results.questions.length > 25;
  const wideKnowledge = results.knowledge.length > 8;

  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} xl={12}>
        <ChartCard title={t('results.chart.distribution')}>
          <Chart option={options.distribution} label={t('results.chart.distribution')} />
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title={t('results.chart.byClass')}>
          <Chart option={options.classes} label={t('results.chart.byClass')} />
        </ChartCard>
      </Col>
      <Col xs={24} xl={wideFacility ? 24 : 12}>
        <ChartCard title={t('results.chart.facility')}>
          <Chart option={options.facility} label={t('results.chart.facility')} />
        </ChartCard>
      </Col>
      <Col xs={24} xl={wideKnowledge ? 24 : 12}>
        <ChartCard title={t('results.chart.knowledge')}>
          {options.knowledge ? (
            <Chart option={options.knowledge} label={t('results.chart.knowledge')} />
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('results.empty.noKnowledge')}
              className={styles.chartEmpty}
            />
          )}
        </ChartCard>
      </Col>
    </Row>
  );
}
