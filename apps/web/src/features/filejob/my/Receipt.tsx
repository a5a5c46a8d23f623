import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { FilejobReceipt } from '@shixun/contracts';
import { Button, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../components/FilePreview/format.ts';
import styles from './my.module.css';
import { receiptText, saveText } from './receipt-text.ts';
import { lateText, receiptWords } from './words.ts';

/**
 * 回执: what the server took and when — title, the student, the server's time, each file's name, size and SHA-256,
 * lateness — to download as a small text file made here, or print (the print style shows the receipt alone).
 */
export const Receipt = forwardRef<HTMLElement, { receipt: FilejobReceipt }>(function Receipt({ receipt: r }, ref) {
  const { t } = useTranslation();
  const download = () =>
    saveText(receiptText(r, receiptWords(t, r)), t('filejobMy.receiptFile', { title: r.title, no: r.studentNo }));
  return (
    <section ref={ref} tabIndex={-1} className={styles.receipt} aria-labelledby="filejob-receipt" data-testid="receipt">
      <Typography.Title level={2} id="filejob-receipt" className={styles.section}>
        {t('filejobMy.receiptTitle')}
      </Typography.Title>
      <dl className={styles.facts}>
        <dt>{t('filejobMy.jobTitle')}</dt>
        <dd>{r.title}</dd>
        <dt>{t('filejobMy.student')}</dt>
        <dd>
          {r.studentNo} {r.studentName}
        </dd>
        <dt>{t('filejobMy.serverTime')}</dt>
        <dd data-testid="receipt-time">{dayjs(r.serverTime).format('YYYY-MM-DD HH:mm:ss')}</dd>
        <dt>{t('filejobMy.status')}</dt>
        <dd>
          <Tag color={r.late ? 'red' : 'green'}>{lateText(t, r)}</Tag>
          {r.superseded ? <Tag>{t('filejobMy.superseded')}</Tag> : null}
        </dd>
      </dl>
      <ol className={styles.receiptFiles}>
        {r.files.map((f) => (
          <li key={f.attachId} data-testid="receipt-file">
            <span className={styles.fileName}>{f.name}</span>
            <span className={styles.fileSize}>{formatSize(f.size)}</span>
            <span className={styles.hash}>
              <abbr title="SHA-256">SHA-256</abbr> <code data-testid="receipt-sha256">{f.sha256}</code>
            </span>
          </li>
        ))}
      </ol>
      <Typography.Paragraph className={styles.help}>{t('filejobMy.receiptNote')}</Typography.Paragraph>
      <Space wrap className={styles.noPrint}>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('filejobMy.download')}
        </Button>
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('filejobMy.print')}
        </Button>
      </Space>
    </section>
  );
});
