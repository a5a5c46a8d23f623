import { PlusOutlined } from '@ant-design/icons';
import type { FilejobAnnotation } from '@shixun/contracts';
import { Button } from 'antd';
import { type PointerEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './annotated.module.css';
import { type Box, boxFromDrag, CENTRE_BOX, type Point, toPercentStyle } from './geometry.ts';

/** A note as a page draws it: its number in the file's list and its place in the `annotations` array. */
export interface NumberedNote {
  number: number;
  index: number;
  annotation: FilejobAnnotation;
}

interface Props {
  page: number;
  /** The page itself: a picture or a PDF page's canvas. */
  media: ReactNode;
  notes: NumberedNote[];
  /** The note whose box stands out (its input has the focus). */
  active: number | null;
  /** Absent: read-only. */
  onAdd?: (page: number, box: Box) => void;
}

/**
 * One page with its notes' boxes over it, placed in percentages of the page so they follow it at any size. When
 * editable, a drag on the page draws a new box; a button adds one at the centre for those without a pointer.
 */
export function AnnotatedPage({ page, media, notes, active, onAdd }: Props) {
  const { t } = useTranslation();
  const layer = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<Point | null>(null);
  const [draft, setDraft] = useState<Box | null>(null);

  const at = (e: PointerEvent<HTMLDivElement>) => {
    const rect = layer.current!.getBoundingClientRect();
    return { point: { x: e.clientX - rect.left, y: e.clientY - rect.top }, size: rect };
  };
  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (!onAdd || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setStart(at(e).point);
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (!start) return;
    const { point, size } = at(e);
    setDraft(boxFromDrag(start, point, size));
  };
  const up = (e: PointerEvent<HTMLDivElement>) => {
    if (!start || !onAdd) return;
    const { point, size } = at(e);
    const box = boxFromDrag(start, point, size);
    setStart(null);
    setDraft(null);
    if (box) onAdd(page, box);
  };

  return (
    <figure className={styles.page} data-page={page}>
      <div className={styles.sheet}>
        {media}
        {/* The boxes repeat what the notes list says (numbered alike): hidden from screen readers. */}
        <div
          ref={layer}
          className={onAdd ? `${styles.layer} ${styles.drawing}` : styles.layer}
          aria-hidden="true"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={() => {
            setStart(null);
            setDraft(null);
          }}
        >
          {notes.map((n) => (
            <div
              key={n.index}
              className={n.index === active ? `${styles.box} ${styles.active}` : styles.box}
              style={toPercentStyle(n.annotation)}
              title={n.annotation.note}
              data-note={n.number}
            >
              <span className={styles.badge}>{n.number}</span>
            </div>
          ))}
          {draft ? <div className={`${styles.box} ${styles.draft}`} style={toPercentStyle(draft)} /> : null}
        </div>
      </div>
      {onAdd ? (
        <figcaption className={styles.pageBar}>
          <Button size="small" icon={<PlusOutlined />} onClick={() => onAdd(page, CENTRE_BOX)}>
            {t('annotatedPreview.addOn', { page })}
          </Button>
        </figcaption>
      ) : null}
    </figure>
  );
}
