import type JSZip from 'jszip';
import { parseXml, type XmlNode } from '../../../core/docx/xml-node.ts';

/**
 * A Word equation read back gives LaTeX that draws the same but may be spelled differently (`\geq 0` → `\geq0`).
 * An export therefore keeps, as custom document properties, each equation's LaTeX as read back beside the LaTeX it
 * was written from; an import finds its way back to the original spelling. An equation a teacher changed in Word
 * reads back differently, finds nothing, and is taken as it now is.
 */
const PREFIX = 'shixun.formula.';
/** Word keeps custom text properties up to 255 characters. */
const MAX = 255;

export function formulaProperties(sources: Map<string, string>): { name: string; value: string }[] {
  return [...sources]
    .map(([read, original]) => JSON.stringify([read, original]))
    .filter((value) => value.length <= MAX)
    .map((value, i) => ({ name: `${PREFIX}${i + 1}`, value }));
}

/** The map an export left in `docProps/custom.xml` (empty for any other document). */
export async function formulaSourcesOf(zip: JSZip): Promise<Map<string, string>> {
  const sources = new Map<string, string>();
  const xml = await zip.file('docProps/custom.xml')?.async('string');
  if (!xml) return sources;
  const text = (n: XmlNode): string => n.children.map((c) => (typeof c === 'string' ? c : text(c))).join('');
  const walk = (nodes: XmlNode[]) => {
    for (const n of nodes) {
      if (n.name.endsWith('property') && String(n.attrs.name ?? '').startsWith(PREFIX)) {
        try {
          const [read, original] = JSON.parse(text(n)) as [string, string];
          if (typeof read === 'string' && typeof original === 'string') sources.set(read, original);
        } catch {
          // Not ours after all: ignored.
        }
      } else walk(n.children.filter((c): c is XmlNode => typeof c !== 'string'));
    }
  };
  walk(parseXml(xml));
  return sources;
}
