import { Spin } from 'antd';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreviewBytes } from '../FilePreview/bytes.ts';
import styles from './annotated.module.css';

GlobalWorkerOptions.workerSrc = workerUrl;

/** One page drawn at `width` when it first scrolls into view (as the preview dialog's viewer does). */
function PdfCanvas({ pdf, number, width }: { pdf: PDFDocumentProxy; number: number; width: number }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  // Until the page says otherwise, the proportions of A4 portrait.
  const [ratio, setRatio] = useState(297 / 210);
  const [visible, setVisible] = useState(number <= 2);

  useEffect(() => {
    const el = canvas.current;
    if (!el || visible) return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setVisible(true);
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible || !canvas.current || width <= 0) return;
    let cancelled = false;
    let task: { cancel(): void } | undefined;
    void pdf.getPage(number).then((page) => {
      if (cancelled || !canvas.current) return;
      const natural = page.getViewport({ scale: 1 });
      setRatio(natural.height / natural.width);
      const viewport = page.getViewport({ scale: (width / natural.width) * (window.devicePixelRatio || 1) });
      const el = canvas.current;
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      const render = page.render({ canvas: el, canvasContext: el.getContext('2d')!, viewport });
      task = render;
      render.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, number, width, visible]);

  return (
    <canvas
      ref={canvas}
      className={styles.media}
      style={{ width, height: width * ratio }}
      aria-label={t('preview.page', { page: number, pages: pdf.numPages })}
      data-page={number}
    />
  );
}

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
  const bytes = usePreviewBytes(source);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!bytes.data) return;
    let doc: PDFDocumentProxy | undefined;
    const task = (async () => {
      doc = await getDocument({
        data: new Uint8Array(await bytes.data.arrayBuffer()),
        cMapUrl: '/pdfjs/cmaps/',
        cMapPacked: true,
        standardFontDataUrl: '/pdfjs/standard_fonts/',
        isEvalSupported: false,
      }).promise;
      setPdf(doc);
    })();
    task.catch(() => setFailed(true));
    return () => {
      void doc?.destroy();
    };
  }, [bytes.data]);

  if (bytes.isError || failed) return <div className={styles.message}>{t('preview.failed')}</div>;
  if (!pdf || width <= 0) return <Spin />;
  return (
    <>
      {Array.from({ length: pdf.numPages }, (_, i) => i + 1).map((n) => (
        <div key={n}>{renderPage(n, <PdfCanvas pdf={pdf} number={n} width={width} />)}</div>
      ))}
    </>
  );
}
