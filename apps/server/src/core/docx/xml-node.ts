import { XMLParser } from 'fast-xml-parser';
import { MAX_XML_DEPTH } from './xml-scan.ts';

/** An XML element as the formula code walks it: name with its prefix (`m:f`), attributes, children in order. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlChild[];
}
export type XmlChild = XmlNode | string;

// Order matters in math (numerator before denominator), so the parser keeps it; values stay strings.
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: true,
  // The same ceiling an uploaded part is measured against (xml-scan.ts), so a part that passed reads whole.
  maxNestedTags: MAX_XML_DEPTH,
});

type Ordered = Record<string, unknown>;

/**
 * Parses an XML fragment (one or more elements) into nodes. Malformed input gives whatever could be read; what the
 * parser gives up on (an unterminated tag, nesting deeper than MAX_XML_DEPTH) gives no nodes. The result is at most
 * MAX_XML_DEPTH deep, so the recursive walks over it (toChildren, ommlToLatex) stay far from the stack's limit.
 */
export function parseXml(xml: string): XmlNode[] {
  let parsed: Ordered[];
  try {
    parsed = parser.parse(xml) as Ordered[];
  } catch {
    return [];
  }
  return toChildren(parsed).filter((c): c is XmlNode => typeof c !== 'string');
}

function toChildren(list: Ordered[]): XmlChild[] {
  const out: XmlChild[] = [];
  for (const entry of list) {
    for (const [key, value] of Object.entries(entry)) {
      if (key === ':@') continue;
      if (key === '#text') out.push(String(value));
      else if (!key.startsWith('?')) {
        const attrs = (entry[':@'] ?? {}) as Record<string, string>;
        out.push({ name: key, attrs: { ...attrs }, children: toChildren((value ?? []) as Ordered[]) });
      }
    }
  }
  return out;
}

/** The element children of a node named `name`. */
export function childrenNamed(node: XmlNode, name: string): XmlNode[] {
  return node.children.filter((c): c is XmlNode => typeof c !== 'string' && c.name === name);
}

export function firstChild(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node ? childrenNamed(node, name)[0] : undefined;
}

/** The `m:val` (or `w:val`) attribute of a property element such as `<m:chr m:val="∑"/>`. */
export function valOf(node: XmlNode | undefined): string | undefined {
  return node?.attrs['m:val'] ?? node?.attrs['w:val'] ?? node?.attrs.val;
}
