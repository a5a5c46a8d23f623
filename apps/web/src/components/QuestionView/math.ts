import katex from 'katex';
import { splitFormulas } from '../RichEditor/plain-text.ts';

/** `$…$` in text, found as the list cells find them (plain-text.ts). */
export { splitFormulas };

/** Where formulas are never looked for: already drawn ones, code, and what the user types into. */
const SKIP = 'code, pre, textarea, input, .katex, [data-type="formula"], script, style';

function draw(el: HTMLElement, latex: string, display: boolean): void {
  katex.render(latex, el, { throwOnError: false, displayMode: display, output: 'htmlAndMathml', strict: 'ignore' });
}

/**
 * Draws every formula under `root` with KaTeX: the editor's formula nodes (`<span data-type="formula"
 * data-latex="…">`) and `$…$` in text. A LaTeX slip shows its source in red instead of breaking the text.
 */
export function typeset(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLElement>('span[data-type="formula"]')) {
    if (el.dataset.drawn) continue;
    draw(el, el.dataset.latex ?? el.textContent ?? '', false);
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
      draw(el, part.latex, part.display);
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
