import { Node } from '@tiptap/core';
import katex from 'katex';

export interface FormulaOptions {
  /** Double-click on a formula in an editable document: edit its LaTeX (the editor opens its formula dialog). */
  onEdit?: (pos: number, latex: string) => void;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    formula: {
      /** Inserts a formula at the selection, or replaces the selected one. */
      setFormula: (latex: string) => ReturnType;
    };
  }
}

/** KaTeX into `el`; a LaTeX slip shows the source in red instead of breaking the document. */
export function renderFormula(el: HTMLElement, latex: string): void {
  katex.render(latex, el, { throwOnError: false, displayMode: false, output: 'htmlAndMathml', strict: 'ignore' });
}

/**
 * A formula, stored as its LaTeX: `<span data-type="formula" data-latex="a^2">a^2</span>` (the text is for readers
 * without the editor, e.g. a list cell). Drawn with KaTeX when edited and when viewed.
 */
export const Formula = Node.create<FormulaOptions>({
  name: 'formula',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,

  addOptions() {
    return { onEdit: undefined };
  },

  addAttributes() {
    return {
      latex: {
        default: '',
        parseHTML: (el) => el.getAttribute('data-latex') ?? '',
        renderHTML: () => ({}),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'span[data-type="formula"]' }];
  },

  renderHTML({ node }) {
    const latex = String(node.attrs.latex ?? '');
    return ['span', { 'data-type': 'formula', 'data-latex': latex }, latex];
  },

  addNodeView() {
    return ({ node, getPos, editor }) => {
      const dom = document.createElement('span');
      dom.className = 'formula';
      dom.dataset.type = 'formula';
      dom.dataset.latex = String(node.attrs.latex);
      renderFormula(dom, String(node.attrs.latex));
      dom.addEventListener('dblclick', () => {
        const pos = typeof getPos === 'function' ? getPos() : undefined;
        if (editor.isEditable && pos !== undefined) this.options.onEdit?.(pos, dom.dataset.latex ?? '');
      });
      return {
        dom,
        update: (next) => {
          if (next.type.name !== 'formula') return false;
          dom.dataset.latex = String(next.attrs.latex);
          renderFormula(dom, String(next.attrs.latex));
          return true;
        },
      };
    };
  },

  addCommands() {
    return {
      setFormula:
        (latex) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { latex } }),
    };
  },
});
