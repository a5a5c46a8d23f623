import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './exam.module.css';
import type { Leaf } from './paper.ts';

interface Props {
  unanswered: Leaf[];
  flagged: Leaf[];
  /** Answers the server has not confirmed yet (they go with the hand-in). */
  pending: number;
  online: boolean;
}

/** What the hand-in confirmation says: the unanswered and flagged questions by number, and answers not yet saved. */
export function SubmitConfirm({ unanswered, flagged, pending, online }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.confirm} data-testid="submit-confirm">
      {unanswered.length ? (
        <div>
          <p>{t('take.submit.unanswered', { count: unanswered.length })}</p>
          <p className={styles.numbers}>{unanswered.map((l) => l.label).join(t('take.sheet.comma'))}</p>
        </div>
      ) : (
        <p>{t('take.submit.allAnswered')}</p>
      )}
      {flagged.length > 0 && (
        <div>
          <p>{t('take.submit.flagged', { count: flagged.length })}</p>
          <p className={styles.numbers}>{flagged.map((l) => l.label).join(t('take.sheet.comma'))}</p>
        </div>
      )}
      {pending > 0 && (
        <Alert
          type={online ? 'info' : 'warning'}
          showIcon
          title={online ? t('take.submit.pending', { count: pending }) : t('take.submit.pendingOffline')}
        />
      )}
      <p className={styles.muted}>{t('take.submit.final')}</p>
    </div>
  );
}
