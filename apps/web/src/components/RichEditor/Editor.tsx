import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef } from 'react';
import styles from './editor.module.css';
import { editorExtensions } from './extensions.ts';
import type { RichEditorProps } from './index.tsx';
import { Toolbar } from './Toolbar.tsx';

/** An empty document is '' (not `<p></p>`), so a required field reads as unfilled. */
const htmlOf = (editor: { isEmpty: boolean; getHTML: () => string }) => (editor.isEmpty ? '' : editor.getHTML());

/** The TipTap editor behind RichEditor; loaded on first use, so pages without rich text never download it. */
export default function Editor({ value, onChange, readOnly, placeholder, height, id, ariaLabel }: RichEditorProps) {
  // What the editor last reported (or was given): a `value` equal to it is our own echo, not new content.
  const current = useRef(value ?? '');
  const placeholderRef = useRef(placeholder ?? '');
  placeholderRef.current = placeholder ?? '';
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: editorExtensions({ placeholder: () => placeholderRef.current }),
    content: value ?? '',
    editable: !readOnly,
    editorProps: {
      attributes: {
        class: styles.prose!,
        role: 'textbox',
        'aria-multiline': 'true',
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      current.current = htmlOf(e);
      onChangeRef.current?.(current.current);
    },
  });

  useEffect(() => {
    const next = value ?? '';
    if (next === current.current) return;
    current.current = next;
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
