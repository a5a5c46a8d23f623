import type { AssignmentResults } from '@shixun/contracts';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Figure } from './Figure.tsx';
import { percent, scoreText } from './options.ts';
import styles from './results.module.css';

/**
 * 应考/实考/缺考, 平均分, 中位数, 最高/最低, 标准差, 及格率. While students can still answer, those who have not handed in
 * are 未交, not yet 缺考.
 */
export function SummaryCards({ results }: { results: AssignmentResults }) {
  const { t } = useTranslation();
  const s = results.summary;
  const over = results.assignment.state === 'closed' || results.assignment.state === 'released';
  const figures = [
    {
      key: 'attendance',
      label: t(over ? 'results.summary.attendance' : 'results.summary.attendanceOpen'),
      value: (
        <>
          {s.students} / {s.submitted} /{' '}
          <Typography.Text type={over && s.absent ? 'danger' : undefined} className={styles.inherit}>
            {s.absent}
          </Typography.Text>
        </>
      ),
    },
    { key: 'mean', label: t('results.summary.mean'), value: scoreText(s.mean) },
    { key: 'median', label: t('results.summary.median'), value: scoreText(s.median) },
    { key: 'range', label: t('results.summary.range'), value: `${scoreText(s.max)} / ${scoreText(s.min)}` },
    { key: 'stdev', label: t('results.summary.stdev'), value: scoreText(s.stdev) },
    {
      key: 'passRate',
      label: t('results.summary.passRate'),
      value: percent(s.passRate),
      note: s.submitted ? t('results.summary.passCount', { count: s.passed }) : undefined,
    },
  ];
  return (
    <Row gutter={[12, 12]}>
      {figures.map((f) => (
        <Col key={f.key} xs={12} sm={8} xl={4} data-figure={f.key}>
          <Figure label={f.label} value={f.value} note={f.note} />
        </Col>
      ))}
    </Row>
  );
}
