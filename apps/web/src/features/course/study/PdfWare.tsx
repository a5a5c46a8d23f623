import type { StudyCourseware } from '@shixun/contracts';
import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfPage, usePdfDocument } from '../../../components/FilePreview/pdf.tsx';
import { type Beats, useBeats } from './beats.ts';
import styles from './study.module.css';
import type { Range } from './watched.ts';

/**
 * A PDF courseware read in place with the shared pdf.js pages: a page counts as read once most of it has been in view
 * (page n is the range [n-1, n)), sent with the page count; it opens at the page last read (or the deep link's page).
 * Its own chunk: pdf.js loads only when a document is studied.
 */
export default function PdfWare({
  ware,
  source,
  startPage,
  children,
}: {
  ware: StudyCourseware;
  source: string;
  /** 1-based page to open at (a deep link). */
  startPage: number | undefined;
  children: (beats: Beats, pages: { count: number; read: number }) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const { pdf, failed } = usePdfDocument(source);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const pending = useRef(new Set<number>());
  const [read, setRead] = useState(() => new Set<number>());
  const top = useRef(ware.progress.position);
  const count = pdf?.numPages ?? 0;

  const beats = useBeats({
    coursewareId: ware.id,
    active: true,
    initial: ware.progress,
    collect: () => {
      const ranges = [...pending.current].sort((a, b) => a - b).map((p) => [p - 1, p] as Range);
      pending.current.clear();
      return { ranges, position: top.current, ...(count ? { pageCount: count } : {}) };
    },
    giveBack: (ranges) => {
      for (const [, end] of ranges) pending.current.add(end);
    },
  });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const resize = new ResizeObserver(() => setWidth(Math.min(el.clientWidth - 24, 760)));
    resize.observe(el);
    return () => resize.disconnect();
  }, []);

  // Pages read: most of a page in the reader's view. The first page read sends a beat at once (with the page count).
  useEffect(() => {
    const el = box.current;
    if (!el || !pdf || width <= 0) return;
    const seen = new IntersectionObserver(
      (entries) => {
        let fresh = false;
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          const page = Number((e.target as HTMLElement).dataset.page);
          top.current = page - 1;
          if (!read.has(page)) fresh = true;
          pending.current.add(page);
        }
        if (fresh) {
          setRead((was) => new Set([...was, ...pending.current]));
          if (read.size === 0) beats.beat();
        }
      },
      { root: el, threshold: 0.6 },
    );
    for (const canvas of el.querySelectorAll('canvas[data-page]')) seen.observe(canvas);
    return () => seen.disconnect();
  }, [pdf, width, read, beats.beat]);

  // Open at the deep link's page, else where the student stopped.
  const opened = useRef(false);
  useEffect(() => {
    const el = box.current;
    if (!el || !pdf || width <= 0 || opened.current) return;
    opened.current = true;
    const page = startPage ?? ware.progress.position + 1;
    if (page > 1) el.querySelector(`canvas[data-page="${Math.min(page, pdf.numPages)}"]`)?.scrollIntoView();
  }, [pdf, width, startPage, ware.progress.position]);

  if (failed) return <div className={styles.notice}>{t('courseStudy.previewFailed')}</div>;
  return (
    <>
      {/* Focusable: its pages scroll by keyboard too. */}
      <div
        ref={box}
        className={styles.pdf}
        data-testid="study-pdf"
        role="document"
        aria-label={ware.name}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable to scroll by keyboard
        tabIndex={0}
      >
        {!pdf && <Spin />}
        {pdf &&
          width > 0 &&
          Array.from({ length: pdf.numPages }, (_, i) => i + 1).map((n) => (
            <PdfPage key={n} pdf={pdf} number={n} width={width} className={styles.pdfPage} />
          ))}
      </div>
      {children(beats, { count, read: read.size })}
    </>
  );
}
