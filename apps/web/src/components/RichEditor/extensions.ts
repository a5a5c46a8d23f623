import Link from '@tiptap/extension-link';
import Placeholder from '@tiptap/extension-placeholder';
import Underline from '@tiptap/extension-underline';
import type { Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Audio } from './nodes/audio.ts';
import { EmphasisDot } from './nodes/emphasis-dot.ts';
import { Formula } from './nodes/formula.ts';
import { OwnImage } from './nodes/image.ts';
import { WavyUnderline } from './nodes/wavy.ts';

/** The schemes a link may use: the ones the server's sanitiser keeps (apps/server/src/core/html/sanitize.ts). */
const LINK_SCHEMES = /^(?:https?:\/\/|mailto:)\S+$/i;

export function isAllowedLink(url: string): boolean {
  return LINK_SCHEMES.test(url.trim());
}

/**
 * Every extension of the editor, in one place. Whatever they write must survive the server's sanitiser: headings,
 * lists, quotes, links, basic marks, the wavy underline, emphasis dots (着重号), formulas (LaTeX, drawn with KaTeX), pictures and audio
 * clips uploaded to the school's storage.
 */
export function editorExtensions(opts: {
  placeholder: () => string;
  onEditFormula: (pos: number, latex: string) => void;
}): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      // Configured on their own below, so each option is visible here.
      link: false,
      underline: false,
    }),
    Underline,
    WavyUnderline,
    EmphasisDot,
    Link.configure({
      openOnClick: false,
      autolink: false,
      defaultProtocol: 'https',
      isAllowedUri: (url) => isAllowedLink(url),
      HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
    }),
    Formula.configure({ onEdit: opts.onEditFormula }),
    OwnImage,
    Audio,
    Placeholder.configure({ placeholder: opts.placeholder }),
  ];
}
