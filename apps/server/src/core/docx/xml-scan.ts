import type JSZip from 'jszip';

/**
 * The parsers of Office files (mammoth's DOM, the formula walk, exceljs) recurse or allocate per level of nesting:
 * 200,000 nested elements overflow the stack or keep a thread busy for seconds. An uploaded part is therefore
 * measured first, in one pass without recursion, and refused past a depth no real document reaches.
 */

/** Deeper than any document Word or Excel writes (a table in a text box in a table is about 40). */
export const MAX_XML_DEPTH = 256;

/** How many elements an XML text has, and what is wrong with it if anything (counting stops there). */
export interface XmlShape {
  elements: number;
  problem?: 'tooDeep' | 'dtd' | 'malformed';
}

/**
 * Measures an XML text: its elements, and whether it nests deeper than `maxDepth`, has a DTD (Office files have
 * none; entity declarations are how XML bombs are built) or tags that do not balance. Counting stops past
 * `maxElements` (the caller refuses the text then, whatever follows).
 */
export function scanXml(xml: string, maxDepth = MAX_XML_DEPTH, maxElements = Number.POSITIVE_INFINITY): XmlShape {
  let depth = 0;
  let elements = 0;
  let i = xml.indexOf('<');
  while (i >= 0) {
    if (xml.startsWith('<!--', i)) i = after(xml, '-->', i + 4);
    else if (xml.startsWith('<![CDATA[', i)) i = after(xml, ']]>', i + 9);
    else if (xml.startsWith('<?', i)) i = after(xml, '?>', i + 2);
    else if (xml.startsWith('<!', i)) return { elements, problem: 'dtd' };
    else if (xml[i + 1] === '/') {
      if (--depth < 0) return { elements, problem: 'malformed' };
      i = after(xml, '>', i + 2);
    } else {
      const end = tagEnd(xml, i + 1);
      if (end < 0) return { elements, problem: 'malformed' };
      if (++elements > maxElements) return { elements };
      if (xml[end - 1] !== '/' && ++depth > maxDepth) return { elements, problem: 'tooDeep' };
      i = end + 1;
    }
    if (i < 0) return { elements, problem: 'malformed' };
    i = xml.indexOf('<', i);
  }
  return depth === 0 ? { elements } : { elements, problem: 'malformed' };
}

/** The index just past `token` from `from` on, or -1 when it never comes. */
function after(xml: string, token: string, from: number): number {
  const at = xml.indexOf(token, from);
  return at < 0 ? -1 : at + token.length;
}

/** The `>` that ends a start tag, stepping over quoted attribute values (which may hold `>` and `/`). */
function tagEnd(xml: string, from: number): number {
  for (let i = from; i < xml.length; i++) {
    const c = xml[i];
    if (c === '>') return i;
    if (c === '"' || c === "'") {
      i = xml.indexOf(c, i + 1);
      if (i < 0) return -1;
    }
  }
  return -1;
}

/** What is wrong with the XML parts of a package, and the figures a message names. */
export type PackageXmlProblem =
  | { reason: 'tooDeep'; detail: { part: string; max: number } }
  | { reason: 'dtd' | 'badXml'; detail: { part: string } }
  | { reason: 'tooManyElements'; detail: { max: number } };

/**
 * The first problem of the XML parts of an Office package (those whose names match `parts`): one nested deeper
 * than MAX_XML_DEPTH, with a DTD or unbalanced; or all of them together holding more than `maxElements` elements.
 */
export async function packageXmlProblem(
  zip: JSZip,
  maxElements: number,
  parts = /\.(?:xml|rels)$/i,
): Promise<PackageXmlProblem | undefined> {
  let elements = 0;
  for (const entry of Object.values(zip.files)) {
    if (entry.dir || !parts.test(entry.name)) continue;
    const shape = scanXml(await entry.async('string'), MAX_XML_DEPTH, maxElements - elements);
    const part = entry.name;
    if (shape.problem === 'tooDeep') return { reason: 'tooDeep', detail: { part, max: MAX_XML_DEPTH } };
    if (shape.problem === 'dtd') return { reason: 'dtd', detail: { part } };
    if (shape.problem) return { reason: 'badXml', detail: { part } };
    elements += shape.elements;
    if (elements > maxElements) return { reason: 'tooManyElements', detail: { max: maxElements } };
  }
  return undefined;
}
