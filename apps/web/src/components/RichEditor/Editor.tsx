import 'katex/dist/katex.min.css';
import { EditorContent, type Editor as TiptapEditor, useEditor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { PicturePicker } from '../PicturePicker/index.tsx';
import styles from './editor.module.css';
import { editorExtensions } from './extensions.ts';
import { FormulaDialog } from './FormulaDialog.tsx';
import type { RichEditorProps } from './index.tsx';
import { Toolbar } from './Toolbar.tsx';
import { picturesIn, uploadInto } from './upload.ts';

/** The formula being written: a new one at the caret, or the one at `pos` being changed. */
type FormulaEdit = { latex: string; pos?: number };

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
  const [formula, setFormula] = useState<FormulaEdit | null>(null);
  const [picking, setPicking] = useState(false);
  // Pasted or dropped picture files are uploaded, then linked (the server never stores a picture inside the text).
  const editorRef = useRef<TiptapEditor | null>(null);
  const takePictures = (data: DataTransfer | null) => {
    const files = picturesIn(data);
    if (!files.length || !editorRef.current) return false;
    void uploadInto(editorRef.current, files, 'image');
    return true;
  };

  // TipTap re-applies its options whenever they differ from the last render's, which redraws the text and can eat a
  // keystroke still in flight: everything but `editable` is fixed at mount (the content follows `value` below).
  const [fixed] = useState(() => ({
    extensions: editorExtensions({
      placeholder: () => placeholderRef.current,
      onEditFormula: (pos, latex) => setFormula({ pos, latex }),
    }),
    content: value ?? '',
    editorProps: {
      handlePaste: (_view: unknown, event: ClipboardEvent) => takePictures(event.clipboardData),
      handleDrop: (_view: unknown, event: DragEvent) => takePictures(event.dataTransfer),
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
  editorRef.current = editor;

  const saveFormula = (latex: string) => {
    const chain = editor.chain().focus();
    if (formula?.pos !== undefined) chain.setNodeSelection(formula.pos);
    chain.setFormula(latex).run();
    setFormula(null);
  };

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
      {!readOnly && (
        <Toolbar editor={editor} onFormula={() => setFormula({ latex: '' })} onPickPicture={() => setPicking(true)} />
      )}
      <EditorContent
        editor={editor}
        className={styles.content}
        style={readOnly ? undefined : { height: height ?? '30vh' }}
      />
      <FormulaDialog initial={formula?.latex ?? null} onOk={saveFormula} onCancel={() => setFormula(null)} />
      {picking && (
        <PicturePicker
          open
          boxType={readOnly ? 'view' : 'edit'}
          onClose={() => setPicking(false)}
          onPick={(picture) => {
            editor.chain().focus().setImage({ src: picture.link, alt: picture.originalName }).run();
            setPicking(false);
          }}
        />
      )}
    </div>
  );
}
