import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfPage, usePdfDocument } from './pdf.tsx';
import styles from './preview.module.css';

/** PDFs with pdf.js: every page at the dialog's width, CJK text through pdf.js's character maps. */
export default function PdfViewer({ source }: { source: string }) {
  const { pdf, failed } = usePdfDocument(source);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const resize = new ResizeObserver(() => setWidth(Math.min(el.clientWidth - 32, 1000)));
    resize.observe(el);
    return () => resize.disconnect();
  }, []);

  const { t } = useTranslation();
  if (failed) return <div className={styles.message}>{t('preview.failed')}</div>;
  return (
    <div ref={box} className={styles.pdf} data-testid="pdf-viewer">
      {!pdf && <Spin />}
      {pdf &&
        width > 0 &&
        Array.from({ length: pdf.numPages }, (_, i) => i + 1).map((n) => (
          <PdfPage key={n} pdf={pdf} number={n} width={width} className={styles.pdfPage} />
        ))}
    </div>
  );
}
