import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreviewBytes } from './bytes.ts';

// pdf.js for the preview dialog and the annotated preview alike; this module is their lazily loaded chunk.
GlobalWorkerOptions.workerSrc = workerUrl;

/** The PDF at `source` (bytes fetched as the preview does), opened with CJK character maps; destroyed when left. */
export function usePdfDocument(source: string): { pdf: PDFDocumentProxy | null; failed: boolean } {
  const bytes = usePreviewBytes(source);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!bytes.data) return;
    let doc: PDFDocumentProxy | undefined;
    const task = (async () => {
      const loading = getDocument({
        data: new Uint8Array(await bytes.data.arrayBuffer()),
        cMapUrl: '/pdfjs/cmaps/',
        cMapPacked: true,
        standardFontDataUrl: '/pdfjs/standard_fonts/',
        isEvalSupported: false,
      });
      doc = await loading.promise;
      setPdf(doc);
    })();
    task.catch(() => setFailed(true));
    return () => {
      void doc?.destroy();
    };
  }, [bytes.data]);

  return { pdf, failed: failed || bytes.isError };
}

/** One page, drawn when it scrolls into view (a 200-page courseware does not draw 200 canvases up front). */
export function PdfPage({
  pdf,
  number,
  width,
  className,
}: {
  pdf: PDFDocumentProxy;
  number: number;
  width: number;
  className: string | undefined;
}) {
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
      const scale = (width / natural.width) * (window.devicePixelRatio || 1);
      const viewport = page.getViewport({ scale });
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
      className={className}
      style={{ width, height: width * ratio }}
      aria-label={t('preview.page', { page: number, pages: pdf.numPages })}
      data-page={number}
    />
  );
}
