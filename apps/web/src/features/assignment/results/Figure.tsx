import { Card } from 'antd';
import type { ReactNode } from 'react';
import styles from './figure.module.css';

/** One summary figure of a results page (exams and practical tasks): its label, value and an optional note. */
export function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Card size="small" className={styles.figure}>
      <div className={styles.figureLabel}>{label}</div>
      <div className={styles.figureValue}>{value}</div>
      {note ? <div className={styles.figureNote}>{note}</div> : null}
    </Card>
  );
}
