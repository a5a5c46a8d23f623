import { EMPHASIS_DOT_CLASS } from '../../../core/html/sanitize.ts';

/**
 * Emphasis dots under characters (着重号: Word's run property `<w:em w:val="dot"/>`, used to mark the characters a
 * question asks about) kept through mammoth, which reads no w:em: before it runs, each such run is given a
 * character style of ours, which the style map turns into `<span class="emphasis-dot">` (core/html/sanitize.ts).
 * Every kind of mark (dot, comma, circle, underDot) is taken as the dots; `none` is none.
 */

const STYLE_ID = 'ShixunEmphasisDot';

/** The mammoth style map entry for the emphasised runs. */
export const EMPHASIS_STYLE_MAP = `r.${STYLE_ID} => span.${EMPHASIS_DOT_CLASS}`;

/** A run's properties (w:rPr does not nest), their content. */
const RUN_PROPERTIES = /<w:rPr(?:\s[^>]*)?>((?:(?!<\/w:rPr>)[\s\S])*)<\/w:rPr>/g;
const EMPHASIS = /<w:em\s+w:val="([^"]*)"/;

/** document.xml with every emphasised run's style made ours (a run has one style: its own one is dropped). */
export function emphasisAsStyle(documentXml: string): string {
  return documentXml.replace(RUN_PROPERTIES, (all, inner: string) => {
    const mark = EMPHASIS.exec(inner)?.[1];
    if (mark === undefined || mark === 'none') return all;
    return `<w:rPr><w:rStyle w:val="${STYLE_ID}"/>${inner.replace(/<w:rStyle\b[^>]*\/>/g, '')}</w:rPr>`;
  });
}
