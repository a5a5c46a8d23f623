import katex from 'katex';
import { mml2omml } from 'mathml2omml';
import { ommlToLatex } from './omml-latex.ts';
import { parseXml, type XmlNode } from './xml-node.ts';

/**
 * LaTeX → a Word equation (OMML): KaTeX writes MathML, mathml2omml turns that into OMML. The result is only used
 * when reading it back (ommlToLatex) renders exactly like the original — otherwise the caller writes `$latex$` as
 * text, which the reader also understands. So an export never turns a formula into a different one. A document
 * that is only printed (`exact: false`) takes any equation mathml2omml could write.
 */
export function latexToOmml(latex: string, options: { exact?: boolean } = {}): XmlNode | undefined {
  const expected = mathml(latex);
  if (!expected) return undefined;
  let omml: string;
  try {
    // Left encoded, `&lt;` stays `&lt;` in the OMML; decoded, `a<b` would come out as broken XML.
    omml = quietly(() => mml2omml(expected, { disableDecode: true }));
  } catch {
    return undefined;
  }
  const root = parseXml(omml).find((n) => n.name === 'm:oMath');
  if (!root) return undefined;
  // `exact: false` (a document only printed, never read back): any equation Word can show beats `$latex$` text.
  if (options.exact === false) return root;
  return mathml(ommlToLatex(root)) === expected ? root : undefined;
}

/**
 * KaTeX's MathML for a formula without its TeX annotation (which repeats the source): two formulas with the same
 * result draw the same. Undefined when KaTeX cannot parse it.
 */
function mathml(latex: string): string | undefined {
  try {
    const html = katex.renderToString(latex, { output: 'mathml', throwOnError: true, strict: 'ignore' });
    const math = /<math[\s\S]*<\/math>/.exec(html)?.[0];
    return math?.replace(/<annotation[\s\S]*?<\/annotation>/g, '');
  } catch {
    return undefined;
  }
}

/** mathml2omml reports elements it skips on the console; a server log has no use for that. */
function quietly<T>(fn: () => T): T {
  const warn = console.warn;
  console.warn = () => {};
  try {
    return fn();
  } finally {
    console.warn = warn;
  }
}
