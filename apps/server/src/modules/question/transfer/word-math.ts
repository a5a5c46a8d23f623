import { randomBytes } from 'node:crypto';
import { ommlToLatex } from '../../../core/docx/omml-latex.ts';
import { parseXml } from '../../../core/docx/xml-node.ts';
import { escapeHtml } from './html.ts';

/**
 * mammoth drops Word equations. Before it runs, each equation in word/document.xml becomes a text run holding a
 * placeholder, and its LaTeX is kept aside; afterwards the placeholders in the HTML become `$latex$`.
 */
export function equationsToPlaceholders(
  documentXml: string,
  /** LaTeX as read back → as it was written, for documents we exported (formula-sources.ts). */
  sources: Map<string, string> = new Map(),
): { xml: string; restore: (html: string) => string } {
  // Random per file, so text that happens to look like a placeholder is left alone.
  const nonce = randomBytes(6).toString('hex');
  const formulas: string[] = [];
  const replace = (omml: string): string => {
    const root = parseXml(omml)[0];
    const latex = root ? ommlToLatex(root) : '';
    if (!latex) return '';
    formulas.push(sources.get(latex) ?? latex);
    return `<w:r><w:t xml:space="preserve">QMATH${nonce}N${formulas.length - 1}Z</w:t></w:r>`;
  };
  // A display equation (m:oMathPara) holds m:oMath elements: it is replaced as a whole first.
  const xml = documentXml
    .replace(/<m:oMathPara\b[^>]*>[\s\S]*?<\/m:oMathPara>/g, replace)
    .replace(/<m:oMath(?:\s[^>]*)?>[\s\S]*?<\/m:oMath>/g, replace);
  const placeholder = new RegExp(`QMATH${nonce}N(\\d+)Z`, 'g');
  return {
    xml,
    restore: (html) => html.replace(placeholder, (_, i: string) => escapeHtml(`$${formulas[Number(i)]}$`)),
  };
}
