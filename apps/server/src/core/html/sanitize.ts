import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitiser for rich text (notices today; questions, papers and coursewares later). Rich text is cleaned
 * with this allow-list before it is stored (ARCHITECTURE §4), so whatever reads it back — the web, an export, a
 * Saber client — gets markup that cannot run script.
 *
 * Decisions:
 * - URLs: links may be http, https or mailto (or relative). Pictures, sound and video only from the school's own
 *   storage — the prefixes the caller passes (`/files/<tenant>/`, its buckets): a foreign picture would track
 *   readers and can change under us; anything else is removed with its element.
 * - Formulas are the editor's formula node, `<span data-type="formula" data-latex="…">…</span>` (the LaTeX is
 *   kept as text too, for readers without the editor), and KaTeX's HTML and MathML from older content.
 * - No `data:` URL anywhere, not even `data:image/*` for pasted pictures: images go through the upload endpoint,
 *   where type and size are checked on the server, and stored HTML stays small enough to list.
 * - Inline styles only for what the editor needs: alignment, colours, underline styles (the wavy underline of
 *   SPEC §2) and the lengths KaTeX positions its glyphs with. Nothing that can position content over the page
 *   (`position`, `z-index`) or load anything (`url(...)`).
 * - Classes: KaTeX's on spans, and one of ours, the emphasis dots (EMPHASIS_DOT_CLASS); no other.
 * - Formulas: KaTeX's HTML (spans with its class names) and MathML. MathML's `annotation` keeps the TeX source;
 *   `annotation-xml`, `maction` and `mglyph` are left out (they embed foreign markup or are mXSS vectors).
 */

const MATHML_TAGS = [
  'math',
  'semantics',
  'annotation',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'msup',
  'msub',
  'msubsup',
  'mfrac',
  'msqrt',
  'mroot',
  'mover',
  'munder',
  'munderover',
  'mtable',
  'mtr',
  'mtd',
  'mlabeledtr',
  'mstyle',
  'mpadded',
  'mphantom',
  'menclose',
  'mmultiscripts',
  'mprescripts',
  'none',
];

const MATHML_ATTRIBUTES = [
  'mathvariant',
  'display',
  'xmlns',
  'encoding',
  'stretchy',
  'fence',
  'separator',
  'lspace',
  'rspace',
  'accent',
  'accentunder',
  'columnalign',
  'rowalign',
  'columnspacing',
  'rowspacing',
  'columnlines',
  'rowlines',
  'frame',
  'width',
  'height',
  'depth',
  'voffset',
  'linethickness',
  'scriptlevel',
  'displaystyle',
  'minsize',
  'maxsize',
  'movablelimits',
  'largeop',
  'symmetric',
  'form',
  'notation',
];

/** KaTeX's own class vocabulary: spans may carry these and no other class (no borrowing the app's styles). */
const KATEX_CLASSES = [
  'katex*',
  'm*',
  'math*',
  'text*',
  'vlist*',
  'reset-size*',
  'size*',
  'col-align-*',
  'cancel*',
  'brace-*',
  'halfarrow-*',
  'cd-*',
  'x-arrow*',
  'accent*',
  'delim*',
  'op-*',
  'base',
  'strut',
  'pstrut',
  'boldsymbol',
  'amsrm',
  'mainrm',
  'frac-line',
  'llap',
  'rlap',
  'clap',
  'inner',
  'fix',
  'rule',
  'overline*',
  'underline*',
  'sqrt',
  'root',
  'hide-tail',
  'sizing',
  'fontsize-ensurer',
  'nulldelimiter',
  'small-op',
  'large-op',
  'overlay',
  'arraycolsep',
  'vertical-separator',
  'svg-align',
  'stretchy',
  'hline',
  'hdashline',
  'boxpad',
  'fbox',
  'fcolorbox',
  'sout',
  'bcancel',
  'xcancel',
  'angl',
  'anglpad',
  'eqn-num',
  'tag',
  'newline',
  'enclosing',
  'nobreak',
  'allowbreak',
  'hbox',
  'thinbox',
  'mult',
];

/**
 * Emphasis dots under characters (着重号, Word's w:em): `<span class="emphasis-dot">`, the one class of our own a
 * span may carry (the web draws it with CSS text-emphasis; the Word import and export read and write it).
 */
export const EMPHASIS_DOT_CLASS = 'emphasis-dot';

const LENGTH = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:em|ex|px|pt|rem|%)?$/;
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.%]+\s*(?:,\s*[\d.%]+\s*){2,3}\)$/i, /^[a-z]{3,20}$/i];
const LINE_STYLE = /^(?:solid|double|dotted|dashed|wavy)$/;
const ALIGN = [/^(?:left|right|center|justify)$/];

const inlineStyles = {
  color: COLOR,
  'background-color': COLOR,
  'text-decoration': [/^(?:underline|line-through|overline|none)(?: (?:solid|double|dotted|dashed|wavy))?$/],
  'text-decoration-line': [/^(?:underline|line-through|overline|none)$/],
  'text-decoration-style': [LINE_STYLE],
  'text-decoration-color': COLOR,
};

/** What KaTeX writes inline to place glyphs: lengths only. */
const katexStyles = Object.fromEntries(
  [
    'height',
    'width',
    'min-width',
    'top',
    'bottom',
    'left',
    'right',
    'margin-left',
    'margin-right',
    'margin-top',
    'margin-bottom',
    'padding-left',
    'padding-right',
    'border-bottom-width',
    'border-top-width',
    'border-right-width',
    'border-left-width',
  ].map((p) => [p, [LENGTH]]),
);

const BLOCK_TAGS = ['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'li', 'td', 'th'];

/** Elements whose `src` must be one of ours; `video` may instead hold `source` children (checked themselves). */
const MEDIA = ['img', 'audio', 'source'];

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'div', 'br', 'hr', 'blockquote', 'pre', 'code'],
    ...['ul', 'ol', 'li', 'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
    ...['a', 'img', 'audio', 'video', 'source', 'figure', 'figcaption'],
    ...['b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'sub', 'sup', 'mark', 'small', 'span'],
    ...MATHML_TAGS,
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    audio: ['src', 'controls', 'preload', 'loop'],
    video: ['src', 'controls', 'preload', 'loop', 'width', 'height'],
    source: ['src', 'type'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'scope', 'style'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start', 'type'],
    code: ['class'],
    span: ['class', 'style', 'aria-hidden', 'data-type', 'data-latex'],
    u: ['style'],
    ...Object.fromEntries(BLOCK_TAGS.filter((t) => t !== 'td' && t !== 'th').map((t) => [t, ['style']])),
    ...Object.fromEntries(MATHML_TAGS.map((t) => [t, MATHML_ATTRIBUTES])),
  },
  allowedClasses: { span: [...KATEX_CLASSES, EMPHASIS_DOT_CLASS], code: ['language-*'] },
  allowedStyles: {
    ...Object.fromEntries(BLOCK_TAGS.map((t) => [t, { 'text-align': ALIGN }])),
    span: { ...inlineStyles, ...katexStyles, 'vertical-align': [LENGTH, /^(?:baseline|top|middle|bottom)$/] },
    u: inlineStyles,
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {
    img: ['http', 'https'],
    audio: ['http', 'https'],
    video: ['http', 'https'],
    source: ['http', 'https'],
  },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  selfClosing: ['img', 'br', 'hr', 'col', 'source'],
  // Dropped with everything inside them; other disallowed tags are dropped but keep their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    // A link that opens a new window may not reach back into ours.
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs: target === '_blank' ? { ...rest, target, rel: 'noopener noreferrer' } : rest,
      };
    },
  },
};

/**
 * Rich text as it may be stored: everything outside the allow-list above is removed, and pictures, sound and
 * video that are not under one of `mediaPrefixes` (`FileStore.mediaPrefixes`) go with their element.
 */
export function sanitizeRichText(html: string, mediaPrefixes: string[]): string {
  const own = (src: string | undefined) => Boolean(src) && mediaPrefixes.some((p) => src!.startsWith(p));
  return sanitizeHtml(html, {
    ...options,
    exclusiveFilter: (frame) =>
      (MEDIA.includes(frame.tag) && !own(frame.attribs.src)) ||
      (frame.tag === 'video' && frame.attribs.src !== undefined && !own(frame.attribs.src)),
  }).trim();
}
