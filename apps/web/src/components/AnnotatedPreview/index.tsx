import type { FilejobAnnotation } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPreview } from '../../api/files.ts';
import { AnnotatedPage, type NumberedNote } from './AnnotatedPage.tsx';
import styles from './annotated.module.css';
import type { Box } from './geometry.ts';
import { NotesList } from './NotesList.tsx';

// pdf.js is its own chunk, fetched the first time a PDF is shown (as in the preview dialog).
const PdfPages = lazy(() => import('./PdfPages.tsx'));

/** A stored file: its attachment (the notes' key) and its link (what the preview endpoint reads). */
export interface AnnotatedFile {
  attachId: string;
  name: string;
  link: string;
}

export interface AnnotatedPreviewProps {
  file: AnnotatedFile;
  /** Every note of the hand-in (any file's): those of `file` are drawn; `onChange` answers the whole list. */
  annotations: FilejobAnnotation[];
  /** Present: editable (draw a box, type its note, delete). Absent: read-only. */
  onChange?: (next: FilejobAnnotation[]) => void;
}

/** The widest a page is drawn: wider reads no better and pushes the notes below. */
const MAX_PAGE_WIDTH = 900;

/** The column's width, followed as the window (or the drawer) is resized. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const resize = new ResizeObserver(() => setWidth(Math.min(el.clientWidth, MAX_PAGE_WIDTH)));
    resize.observe(el);
    return () => resize.disconnect();
  }, []);
  return { ref, width };
}

/**
 * A handed-in picture or PDF (an Office file as the server's PDF) with the teacher's notes over it: numbered boxes
 * placed in fractions of the page (kept as data, never burned into the file) and the notes listed beside or below.
 * With `onChange` it is the teacher's marking tool; without, what the student sees once feedback is released.
 */
export function AnnotatedPreview({ file, annotations, onChange }: AnnotatedPreviewProps) {
  const { t } = useTranslation();
  const preview = useQuery({
    queryKey: ['preview', file.link],
    queryFn: () => fetchPreview(file.link),
    retry: false,
  });
  const { ref, width } = useWidth();
  const [active, setActive] = useState<number | null>(null);
  const [focus, setFocus] = useState<number | null>(null);

  // Numbered in the order they were made, so a number never moves while the teacher writes.
  const notes: NumberedNote[] = annotations
    .map((annotation, index) => ({ annotation, index }))
    .filter((n) => n.annotation.attachId === file.attachId)
    .map((n, i) => ({ ...n, number: i + 1 }));

  const add = onChange
    ? (page: number, box: Box) => {
        onChange([...annotations, { attachId: file.attachId, page, ...box, note: '' }]);
        setFocus(annotations.length);
      }
    : undefined;
  const setNote = onChange
    ? (index: number, note: string) => onChange(annotations.map((a, i) => (i === index ? { ...a, note } : a)))
    : undefined;
  const remove = onChange
    ? (index: number) => {
        setFocus(null);
        onChange(annotations.filter((_, i) => i !== index));
      }
    : undefined;

  const page = (number: number, media: ReactNode) => (
    <AnnotatedPage
      page={number}
      media={media}
      notes={notes.filter((n) => n.annotation.page === number)}
      active={active}
      onAdd={add}
    />
  );

  let body: ReactNode;
  const data = preview.data;
  if (preview.isError) body = <Alert type="error" showIcon title={t('preview.failed')} />;
  else if (!data) body = <Spin />;
  else if (data.mode === 'image')
    body = page(1, <img className={styles.media} src={data.source} alt={file.name} draggable={false} />);
  else if (data.mode === 'pdf') body = <PdfPages source={data.source} width={width} renderPage={page} />;
  else body = <Alert type="info" showIcon title={t('annotatedPreview.cannotShow')} />;

  return (
    <div className={styles.wrap} data-testid="annotated-preview" data-attach={file.attachId}>
      <div ref={ref} className={styles.pages}>
        <Suspense fallback={<Spin />}>{body}</Suspense>
      </div>
      <aside className={styles.side} aria-label={t('annotatedPreview.notesOf', { name: file.name })}>
        {onChange ? <p className={styles.hint}>{t('annotatedPreview.hint')}</p> : null}
        <NotesList notes={notes} focus={focus} onActive={setActive} onNote={setNote} onRemove={remove} />
      </aside>
    </div>
  );
}
