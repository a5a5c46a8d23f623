import { FileTextOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './exam.module.css';

/** 考试说明 above the paper, and outside practice that leaving is recorded; the student may close it. */
export function ExamNotice({ remark, isPractice }: { remark: string; isPractice: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  // Practice leaves the integrity note out, so without a remark there is nothing to show.
  if (!open || (isPractice && !remark)) return null;
  return (
    <Alert
      className={styles.remark}
      type="info"
      icon={<FileTextOutlined />}
      showIcon
      closable={{ onClose: () => setOpen(false), 'aria-label': t('common.close') }}
      title={remark ? t('take.remark') : undefined}
      description={
        <>
          {remark && <div className={styles.remarkText}>{remark}</div>}
          {!isPractice && <div className={styles.integrity}>{t('take.integrity')}</div>}
        </>
      }
    />
  );
}
