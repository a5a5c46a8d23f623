import Image from '@tiptap/extension-image';
import { isOwnSrc } from './own-src.ts';

/** Pictures, inline with the text; only uploaded ones are read in (a pasted `data:` or `x` picture is dropped). */
export const OwnImage = Image.extend({
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (el) => (isOwnSrc(el.getAttribute('src')) ? null : false) }];
  },
}).configure({ inline: true, allowBase64: false });
