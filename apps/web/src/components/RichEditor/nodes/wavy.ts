import { Mark } from '@tiptap/core';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    wavyUnderline: {
      toggleWavyUnderline: () => ReturnType;
    };
  }
}

/**
 * 波浪线 (SPEC §2): `<u style="text-decoration-style:wavy">`, what Chinese teachers mark key words with. Read before
 * the plain underline, which would otherwise claim the same `<u>`.
 */
export const WavyUnderline = Mark.create({
  name: 'wavyUnderline',
  priority: 1100,

  parseHTML() {
    return [
      { tag: 'u', getAttrs: (el) => (/wavy/.test(el.getAttribute('style') ?? '') ? {} : false) },
      { style: 'text-decoration', getAttrs: (value) => (/underline/.test(value) && /wavy/.test(value) ? {} : false) },
    ];
  },

  renderHTML() {
    return ['u', { style: 'text-decoration-style:wavy' }, 0];
  },

  addCommands() {
    return {
      toggleWavyUnderline:
        () =>
        ({ commands }) =>
          commands.toggleMark(this.name),
    };
  },
});
