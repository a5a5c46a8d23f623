import { Mark } from '@tiptap/core';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    emphasisDot: {
      toggleEmphasisDot: () => ReturnType;
    };
  }
}

/**
 * 着重号: dots under the characters a question hinges on (`<span class="emphasis-dot">`, the one class of ours the
 * server's sanitiser keeps on a span; the Word import and export read and write it as Word's emphasis mark).
 */
export const EmphasisDot = Mark.create({
  name: 'emphasisDot',

  parseHTML() {
    return [{ tag: 'span.emphasis-dot' }];
  },

  renderHTML() {
    return ['span', { class: 'emphasis-dot' }, 0];
  },

  addCommands() {
    return {
      toggleEmphasisDot:
        () =>
        ({ commands }) =>
          commands.toggleMark(this.name),
    };
  },
});
