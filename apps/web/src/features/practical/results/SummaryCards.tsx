import type { PracticalResults } from '@shixun/contracts';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Figure } from '../../assignment/results/Figure.tsx';
import { percent, scoreText } from '../../assignment/results/options.ts';
import styles from './results.module.css';

/** 已提交, 平均分 / 总分, 合格人数 and 合格率, 否决项不合格 (in the error colour once anybody failed one). */
export function SummaryCards({ results }: { results: PracticalResults }) {
  const { t } = useTranslation();
  const s = results.summary;
  const figures = [
    { key: 'handedIn', label: t('practicalResults.summary.handedIn'), value: s.handedIn },
    {
      key: 'mean',
      label: t('practicalResults.summary.mean'),
      value: `${scoreText(s.mean)} / ${scoreText(results.totalScore)}`,
    },
    {
      key: 'passed',
      label: t('practicalResults.summary.passed'),
      value: s.passed,
      note: t('practicalResults.summary.passRate', { rate: percent(s.handedIn ? s.passed / s.handedIn : null) }),
    },
    {
      key: 'criticalFailed',
      label: t('practicalResults.summary.criticalFailed'),
      value: (
        <Typography.Text type={s.criticalFailed > 0 ? 'danger' : undefined} className={styles.inherit}>
          {s.criticalFailed}
        </Typography.Text>
      ),
      note: t('practicalResults.summary.criticalHint'),
    },
  ];
  return (
    <Row gutter={[12, 12]}>
      {figures.map((f) => (
        <Col key={f.key} xs={12} lg={6} data-figure={f.key}>
          <Figure label={f.label} value={f.value} note={f.note} />
        </Col>
      ))}
    </Row>
  );
}
