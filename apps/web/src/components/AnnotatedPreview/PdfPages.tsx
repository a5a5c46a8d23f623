import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfPage, usePdfDocument } from '../FilePreview/pdf.tsx';
import styles from './annotated.module.css';

/**
 * A PDF's pages with pdf.js (the preview dialog's reader, its bytes fetched the same way), each handed to
 * `renderPage` to be wrapped with its notes.
 */
export default function PdfPages({
  source,
  width,
  renderPage,
}: {
  source: string;
  width: number;
  renderPage: (page: number, media: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const { pdf, failed } = usePdfDocument(source);

  if (failed) return <div className={styles.message}>{t('preview.failed')}</div>;
  if (!pdf || width <= 0) return <Spin />;
  return (
    <>
      {Array.from({ length: pdf.numPages }, (_, i) => i + 1).map((n) => (
        <div key={n}>{renderPage(n, <PdfPage pdf={pdf} number={n} width={width} className={styles.media} />)}</div>
      ))}
    </>
  );
}
