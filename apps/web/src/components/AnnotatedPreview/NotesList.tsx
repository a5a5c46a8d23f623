import { DeleteOutlined } from '@ant-design/icons';
import { Button, Input, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { NumberedNote } from './AnnotatedPage.tsx';
import styles from './annotated.module.css';

interface Props {
  notes: NumberedNote[];
  /** The note just drawn: its input takes the focus so it can be typed at once. */
  focus: number | null;
  onActive: (index: number | null) => void;
  /** Absent: read-only. */
  onNote?: (index: number, note: string) => void;
  onRemove?: (index: number) => void;
}

/**
 * The notes of a file as a numbered list (the numbers are on the boxes too): the accessible side of the preview,
 * where each note is a labelled input when editable.
 */
export function NotesList({ notes, focus, onActive, onNote, onRemove }: Props) {
  const { t } = useTranslation();
  const inputs = useRef(new Map<number, HTMLTextAreaElement>());

  useEffect(() => {
    if (focus !== null) inputs.current.get(focus)?.focus();
  }, [focus]);

  if (!notes.length) {
    return (
      <Typography.Paragraph type="secondary" className={styles.none}>
        {onNote ? t('annotatedPreview.emptyEditable') : t('annotatedPreview.empty')}
      </Typography.Paragraph>
    );
  }
  return (
    <ol className={styles.notes} aria-label={t('annotatedPreview.notes')}>
      {notes.map(({ number, index, annotation }) => {
        const label = t('annotatedPreview.noteLabel', { number, page: annotation.page });
        return (
          <li key={index} className={styles.note} data-note={number}>
            <span className={styles.badge} aria-hidden="true">
              {number}
            </span>
            <div className={styles.noteBody}>
              <span className={styles.notePage}>{t('annotatedPreview.page', { page: annotation.page })}</span>
              {onNote ? (
                <Input.TextArea
                  ref={(el) => {
                    const area = el?.resizableTextArea?.textArea;
                    if (area) inputs.current.set(index, area);
                    else inputs.current.delete(index);
                  }}
                  aria-label={label}
                  autoSize={{ minRows: 1, maxRows: 6 }}
                  maxLength={500}
                  value={annotation.note}
                  placeholder={t('annotatedPreview.placeholder')}
                  onFocus={() => onActive(index)}
                  onBlur={() => onActive(null)}
                  onChange={(e) => onNote(index, e.target.value)}
                />
              ) : (
                <span className={styles.noteText}>{annotation.note || t('annotatedPreview.noText')}</span>
              )}
            </div>
            {onRemove ? (
              <Button
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('annotatedPreview.remove', { number })}
                onClick={() => onRemove(index)}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
