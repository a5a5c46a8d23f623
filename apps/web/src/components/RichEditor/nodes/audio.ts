import { Node } from '@tiptap/core';
import { isOwnSrc } from './own-src.ts';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    audio: {
      /** Inserts a player for an uploaded sound file (mp3, wav, wma). */
      setAudio: (src: string) => ReturnType;
    };
  }
}

/** A listening clip: `<audio src="/files/..." controls="true" preload="metadata"></audio>`, a block of its own. */
export const Audio = Node.create({
  name: 'audio',
  group: 'block',
  atom: true,
  draggable: true,

  addAttributes() {
    return { src: { default: null } };
  },

  parseHTML() {
    return [{ tag: 'audio[src]', getAttrs: (el) => (isOwnSrc(el.getAttribute('src')) ? {} : false) }];
  },

  renderHTML({ node }) {
    return ['audio', { src: node.attrs.src, controls: 'true', preload: 'metadata' }];
  },

  addCommands() {
    return {
      setAudio:
        (src) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { src } }),
    };
  },
});
