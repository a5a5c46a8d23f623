import { PAPER_QRCODE_DAYS, type Paper } from '@shixun/contracts';
import { useTranslation } from 'react-i18next';
import { paperApi } from '../../api/paper.ts';
import { QrCodeDialog } from '../../components/QrCodeDialog.tsx';

/**
 * 二维码: a picture of the paper's signed link (`/paper/open?code=…`, valid PAPER_QRCODE_DAYS days) for students
 * to scan, to download or print. It opens the paper for students of classes it is assigned to.
 */
export function QrDialog({ paper, open, onClose }: { paper: Paper; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <QrCodeDialog
      open={open}
      onClose={onClose}
      title={t('paperQr.title')}
      caption={paper.title}
      code={{ key: ['paper', paper.id], fetch: () => paperApi.qrcode(paper.id) }}
      hint={t('paperQr.hint', { days: PAPER_QRCODE_DAYS })}
      printLine={t('paperQr.printTitle')}
      fileName={t('paperQr.file', { name: paper.title })}
      alt={t('paperQr.alt', { name: paper.title })}
    />
  );
}
