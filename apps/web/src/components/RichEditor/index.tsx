import { ConfigProvider, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import styles from './editor.module.css';

const Editor = lazy(() => import('./Editor.tsx'));

export interface RichEditorProps {
  /** HTML; '' when empty. */
  value?: string;
  onChange?: (html: string) => void;
  /** Leaving the text, e.g. for a form that validates on blur. */
  onBlur?: () => void;
  /** Show the content formatted, without the toolbar. Inside a disabled antd Form it is read-only anyway. */
  readOnly?: boolean;
  placeholder?: string;
  /** Of the editing area; default 30vh (SPEC §2). A read-only view takes the height of its content. */
  height?: number | string;
  /** Set by antd's Form.Item, for its label. */
  id?: string;
  ariaLabel?: string;
}

/**
 * The rich-text editor (TipTap): headings, bold/italic/underline/wavy underline/strike, lists, quotes, links,
 * formulas (LaTeX, drawn by KaTeX; written in a MathLive dialog), pictures (upload, paste, drop, pick an uploaded
 * one) and audio clips, undo/redo. A plain antd form control (`value`/`onChange` HTML). The editor itself is a
 * separate chunk, fetched when the first one is shown. What it produces is sanitised again by the server before it
 * is stored.
 */
export function RichEditor(props: RichEditorProps) {
  const { componentDisabled } = ConfigProvider.useConfig();
  const readOnly = Boolean(props.readOnly || componentDisabled);
  return (
    <Suspense
      fallback={
        <div className={styles.loading} style={{ height: readOnly ? undefined : (props.height ?? '30vh') }}>
          <Spin size="small" />
        </div>
      }
    >
      <Editor {...props} readOnly={readOnly} />
    </Suspense>
  );
}

/** The plain text of rich text, e.g. for a table cell, with formulas written out (plain-text.ts). */
export { htmlToText } from './plain-text.ts';
