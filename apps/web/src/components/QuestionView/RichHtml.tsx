import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { typeset } from './math.ts';
import styles from './view.module.css';

interface Props {
  /** Rich text as the editor writes it and the server stores it. */
  html: string;
  /** Drawn inside a line (an option beside its letter): paragraphs do not add space around themselves. */
  inline?: boolean;
  className?: string;
}

/**
 * Rich text as a reader sees it: pictures, lists, tables and formulas drawn with KaTeX (the editor's formula nodes
 * and `$…$` in text). What is shown was sanitised by the server's allow-list when it was saved, or comes straight
 * from the editor (a preview of an unsaved form), which writes only what that allow-list keeps.
 */
export function RichHtml({ html, inline, className }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const unnamed = t('questionView.picture');
  // biome-ignore lint/correctness/useExhaustiveDependencies: React rewrites the markup whenever `html` changes
  useLayoutEffect(() => {
    if (!ref.current) return;
    typeset(ref.current);
    // A picture pasted, uploaded or imported without a description still gets a name for screen readers.
    for (const img of ref.current.querySelectorAll('img:not([alt])')) img.setAttribute('alt', unnamed);
  }, [html, unnamed]);
  const classes = [styles.rich, inline ? styles.inline : '', className ?? ''].filter(Boolean).join(' ');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list on save (see above)
  return <div ref={ref} className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}
