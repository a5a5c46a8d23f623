import { Input, Modal, Spin, Typography } from 'antd';
import type { MathfieldElement } from 'mathlive';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './editor.module.css';

/** MathLive, fetched the first time the dialog opens (it is large and only formula writers need it). */
async function loadMathfield(): Promise<typeof MathfieldElement> {
  const { MathfieldElement } = await import('mathlive');
  // Its fonts are KaTeX's, which the editor's stylesheet already declares; nothing is fetched from elsewhere.
  MathfieldElement.fontsDirectory = null;
  MathfieldElement.soundsDirectory = null;
  return MathfieldElement;
}

interface Props {
  /** The LaTeX to start from; null = closed. */
  initial: string | null;
  onOk: (latex: string) => void;
  onCancel: () => void;
}

/**
 * 插入公式 (785×475, SPEC §2): a visual formula editor (MathLive) and its LaTeX side by side, each following the
 * other. The document keeps the LaTeX.
 */
export function FormulaDialog({ initial, onOk, onCancel }: Props) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const field = useRef<MathfieldElement | null>(null);
  const [latex, setLatex] = useState('');
  const [ready, setReady] = useState(false);
  // Without the visual editor (its chunk failed to load), the LaTeX box alone still writes formulas.
  const [visual, setVisual] = useState(true);
  const open = initial !== null;

  useEffect(() => {
    if (!open) return;
    setLatex(initial);
    let gone = false;
    setVisual(true);
    loadMathfield()
      .then((Mathfield) => {
        if (gone || !host.current) return;
        const mf = new Mathfield();
        mf.value = initial;
        mf.setAttribute('aria-label', t('editor.formulaVisual'));
        mf.className = styles.mathfield!;
        mf.addEventListener('input', () => setLatex(mf.value));
        host.current.replaceChildren(mf);
        field.current = mf;
        setReady(true);
        mf.focus();
      })
      .catch(() => setVisual(false));
    return () => {
      gone = true;
      field.current = null;
      setReady(false);
    };
  }, [open, initial, t]);

  const typed = (value: string) => {
    setLatex(value);
    if (field.current) field.current.value = value;
  };

  return (
    <Modal
      open={open}
      title={t('editor.formula')}
      width={785}
      styles={{ body: { height: 475 - 110 } }}
      okText={t('editor.insert')}
      okButtonProps={{ disabled: !latex.trim() }}
      onOk={() => onOk(latex.trim())}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="formula-dialog"
    >
      <div className={styles.formulaBody}>
        {visual && (
          <>
            <Typography.Text type="secondary">{t('editor.formulaVisual')}</Typography.Text>
            <div className={styles.mathfieldHost}>
              {!ready && <Spin size="small" />}
              {/* MathLive's element lives here, outside React's children. */}
              <div ref={host} className={styles.mathfieldSlot} />
            </div>
          </>
        )}
        <Typography.Text type="secondary">{t('editor.formulaLatex')}</Typography.Text>
        <Input.TextArea
          value={latex}
          onChange={(e) => typed(e.target.value)}
          rows={3}
          spellCheck={false}
          aria-label={t('editor.formulaLatex')}
          className={styles.latex}
          placeholder="\frac{a}{b} + \sqrt{x^2+1}"
        />
      </div>
    </Modal>
  );
}
