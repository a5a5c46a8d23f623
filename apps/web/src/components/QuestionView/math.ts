import type Katex from 'katex';
import { retryImport } from '../../app/lazy.ts';
import { splitFormulas } from '../RichEditor/plain-text.ts';

/** `$…$` in text, found as the list cells find them (plain-text.ts). */
export { splitFormulas };

/** Where formulas are never looked for: already drawn ones, code, and what the user types into. */
const SKIP = 'code, pre, textarea, input, .katex, [data-type="formula"], script, style';

let katex: typeof Katex | undefined;
let loading: Promise<typeof Katex> | undefined;

/**
 * KaTeX (≈ 60 kB and its stylesheet), downloaded when the first formula is to be drawn: a page of questions shows
 * its text without waiting for it (issue 26 §4), and papers without formulas never fetch it.
 */
export function loadKatex(): Promise<typeof Katex> {
  loading ??= retryImport(() => import('./katex.ts')).then((m) => {
    katex = m.default;
    return m.default;
  });
  // A failed download is tried again by the next formula, not remembered.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Formula nodes not drawn yet, or `$` in text outside code and inputs (typeset looks closer). */
function hasFormulas(root: HTMLElement): boolean {
  if (root.querySelector('span[data-type="formula"]:not([data-drawn])')) return true;
  return (root.textContent ?? '').includes('$');
}

function draw(k: typeof Katex, el: HTMLElement, latex: string, display: boolean): void {
  k.render(latex, el, { throwOnError: false, displayMode: display, output: 'htmlAndMathml', strict: 'ignore' });
}

/**
 * Draws every formula under `root` with KaTeX: the editor's formula nodes (`<span data-type="formula"
 * data-latex="…">`) and `$…$` in text. A LaTeX slip shows its source in red instead of breaking the text. Until
 * KaTeX has arrived (a moment, once per visit) formulas show their source; they are drawn when it has.
 */
export function typeset(root: HTMLElement): void {
  if (!katex) {
    if (hasFormulas(root))
      loadKatex().then(
        () => root.isConnected && typeset(root),
        () => undefined,
      );
    return;
  }
  const k = katex;
  for (const el of root.querySelectorAll<HTMLElement>('span[data-type="formula"]')) {
    if (el.dataset.drawn) continue;
    draw(k, el, el.dataset.latex ?? el.textContent ?? '', false);
    el.classList.add('formula');
    el.dataset.drawn = '1';
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.nodeValue?.includes('$') && !node.parentElement?.closest(SKIP)
        ? NodeFilter.FILTER_ACCEPT
        : NodeFilter.FILTER_REJECT,
  });
  const texts: Text[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode as Text);
  for (const node of texts) {
    const parts = splitFormulas(node.nodeValue ?? '');
    if (!parts.some((p) => 'latex' in p)) continue;
    const fragment = document.createDocumentFragment();
    for (const part of parts) {
      if ('text' in part) {
        fragment.append(part.text.replace(/\\\$/g, '$'));
        continue;
      }
      const el = document.createElement('span');
      el.className = part.display ? 'formula formula-display' : 'formula';
      el.dataset.type = 'formula';
      el.dataset.latex = part.latex;
      el.dataset.drawn = '1';
      draw(k, el, part.latex, part.display);
      fragment.append(el);
    }
    node.replaceWith(fragment);
  }
}

/**
 * A fill-in-the-blank stem with its blanks numbered: each run of three or more underscores (outside tags) becomes
 * a numbered gap, in the order the blanks are answered.
 */
export function numberBlanks(html: string): string {
  let n = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) =>
      part.startsWith('<')
        ? part
        : part.replace(/_{3,}|＿{2,}/g, () => {
            n++;
            return `<span class="qv-blank" data-blank="${n}">\u2002${n}\u2002</span>`;
          }),
    )
    .join('');
}
