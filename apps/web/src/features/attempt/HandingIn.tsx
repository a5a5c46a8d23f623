import { Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './exam.module.css';

interface Props {
  open: boolean;
  /** Handed in by the timer, not the student. */
  timeUp: boolean;
  /** Why it is trying again, if it is. */
  error: string | null;
}

/** While the paper is handed in: nothing else can be done, so it cannot be closed. */
export function HandingIn({ open, timeUp, error }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={open} closable={false} mask={{ closable: false }} keyboard={false} footer={null} centered width={360}>
      <div className={styles.handing} data-testid="exam-handing-in">
        <Spin size="large" />
        <p className={styles.handingTitle}>{timeUp ? t('take.timer.up') : t('take.submit.sending')}</p>
        {error && <p className={styles.muted}>{error}</p>}
      </div>
    </Modal>
  );
}
