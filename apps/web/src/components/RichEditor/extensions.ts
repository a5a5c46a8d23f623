import Link from '@tiptap/extension-link';
import Placeholder from '@tiptap/extension-placeholder';
import Underline from '@tiptap/extension-underline';
import type { Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/** The schemes a link may use: the ones the server's sanitiser keeps (apps/server/src/core/html/sanitize.ts). */
const LINK_SCHEMES = /^(?:https?:\/\/|mailto:)\S+$/i;

export function isAllowedLink(url: string): boolean {
  return LINK_SCHEMES.test(url.trim());
}

/**
 * Every extension of the editor, in one place. Whatever they write must survive the server's sanitiser, which
 * keeps headings, lists, quotes, links and basic inline marks. Formulas (KaTeX), images, audio and the wavy
 * underline join this list, with their toolbar buttons, when uploads exist.
 */
export function editorExtensions({ placeholder }: { placeholder: () => string }): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      // Configured on their own below, so each option is visible here.
      link: false,
      underline: false,
    }),
    Underline,
    Link.configure({
      openOnClick: false,
      autolink: false,
      defaultProtocol: 'https',
      isAllowedUri: (url) => isAllowedLink(url),
      HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
    }),
    Placeholder.configure({ placeholder }),
  ];
}
