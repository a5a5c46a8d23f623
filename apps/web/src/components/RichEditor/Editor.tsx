import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import styles from './editor.module.css';
import { editorExtensions } from './extensions.ts';
import type { RichEditorProps } from './index.tsx';
import { Toolbar } from './Toolbar.tsx';

/** An empty document is '' (not `<p></p>`), so a required field reads as unfilled. */
const htmlOf = (editor: { isEmpty: boolean; getHTML: () => string }) => (editor.isEmpty ? '' : editor.getHTML());

/** The TipTap editor behind RichEditor; loaded on first use, so pages without rich text never download it. */
export default function Editor({
  value,
  onChange,
  onBlur,
  readOnly,
  placeholder,
  height,
  id,
  ariaLabel,
}: RichEditorProps) {
  // What the editor last reported (or was given), and what it reported before that the parent may not have
  // rendered yet: React can hand back an older `value` while typing goes on, and that echo is not new content.
  const current = useRef(value ?? '');
  const unrendered = useRef<string[]>([]);
  const placeholderRef = useRef(placeholder ?? '');
  placeholderRef.current = placeholder ?? '';
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onBlurRef = useRef(onBlur);
  onBlurRef.current = onBlur;

  // TipTap re-applies its options whenever they differ from the last render's, which redraws the text and can eat a
  // keystroke still in flight: everything but `editable` is fixed at mount (the content follows `value` below).
  const [fixed] = useState(() => ({
    extensions: editorExtensions({ placeholder: () => placeholderRef.current }),
    content: value ?? '',
    editorProps: {
      attributes: {
        class: styles.prose!,
        role: 'textbox',
        'aria-multiline': 'true',
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
      },
    },
  }));
  const editor = useEditor({
    ...fixed,
    editable: !readOnly,
    onUpdate: ({ editor: e }) => {
      current.current = htmlOf(e);
      unrendered.current.push(current.current);
      onChangeRef.current?.(current.current);
    },
    onBlur: () => onBlurRef.current?.(),
  });

  useEffect(() => {
    const next = value ?? '';
    if (next === current.current) {
      unrendered.current = [];
      return;
    }
    if (unrendered.current.includes(next)) return;
    current.current = next;
    unrendered.current = [];
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  return (
    <div id={id} className={`${styles.editor} ${readOnly ? styles.readOnly : ''}`} data-testid="rich-editor">
      {!readOnly && <Toolbar editor={editor} />}
      <EditorContent
        editor={editor}
        className={styles.content}
        style={readOnly ? undefined : { height: height ?? '30vh' }}
      />
    </div>
  );
}
