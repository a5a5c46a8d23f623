import { FILE_KINDS } from '@shixun/contracts';
import { childrenNamed, firstChild, type XmlNode } from '../../../../core/docx/xml-node.ts';
import { attrOf, textToHtml } from '../html.ts';
import { imageExtOf } from '../pictures.ts';
import type { PictureSink } from '../types.ts';
import { asParagraphs, replaceImages, texAsDollars, withSource } from './rich-text.ts';

/**
 * Moodle XML's text areas (`<questiontext>`, `<generalfeedback>`, an `<answer>`, `<graderinfo>` …): a `format`, the
 * `<text>` (HTML in CDATA, or plain text) and the pictures it shows as `<file>` elements in base64, which its
 * HTML names `@@PLUGINFILE@@/<path><name>`.
 */

/** All the text inside a node. */
export function textOf(node: XmlNode | undefined): string {
  if (!node) return '';
  return node.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}

/** A text area's text as written (or an element's own text, `<defaultgrade>2</defaultgrade>`), trimmed. */
export function plainOf(node: XmlNode | undefined): string {
  const text = firstChild(node, 'text');
  return (text ? textOf(text) : textOf(node)).trim();
}

const PLUGINFILE = '@@PLUGINFILE@@';

/** The area's `<file>`s by the path its HTML names them by (`/picture.png`), as bytes. */
function filesOf(area: XmlNode): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const file of childrenNamed(area, 'file')) {
    if ((file.attrs.encoding ?? 'base64') !== 'base64') continue;
    const where = `${file.attrs.path ?? '/'}${file.attrs.name ?? ''}`;
    files.set(where, Buffer.from(textOf(file).replace(/\s+/g, ''), 'base64'));
  }
  return files;
}

/** `@@PLUGINFILE@@/a%20b.png?time=1` → `/a b.png`. */
function fileKey(src: string): string {
  const path = src.slice(PLUGINFILE.length).replace(/[?#].*$/, '');
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * A text area as our rich text: HTML with its pictures saved to `pictures` (the same file once per area), text in
 * paragraphs, MathJax's `\(…\)` as `$…$`; plain text (and Moodle's auto-format without tags) a paragraph a line.
 * A picture the file names but does not hold is left out.
 */
export async function areaHtml(area: XmlNode | undefined, pictures: PictureSink): Promise<string> {
  if (!area) return '';
  const text = textOf(firstChild(area, 'text')).trim();
  const format = area.attrs.format ?? 'html';
  const tagged = /<[a-z][^>]*>/i.test(text);
  if (format === 'plain_text' || format === 'markdown' || (format === 'moodle_auto_format' && !tagged)) {
    return texAsDollars(textToHtml(text));
  }
  const files = filesOf(area);
  const saved = new Map<string, string>();
  const html = await replaceImages(text, async (tag) => {
    const src = attrOf(tag, 'src') ?? '';
    if (!src.startsWith(PLUGINFILE)) return tag;
    const key = fileKey(src);
    const bytes = files.get(key);
    if (!bytes) return undefined;
    let url = saved.get(key);
    if (url === undefined) {
      const ext = imageExtOf(bytes);
      const name = key.slice(key.lastIndexOf('/') + 1);
      url = await pictures.save(bytes, ext ? FILE_KINDS[ext].mime : 'application/octet-stream', name);
      saved.set(key, url);
    }
    return withSource(tag, url);
  });
  return texAsDollars(asParagraphs(html));
}
