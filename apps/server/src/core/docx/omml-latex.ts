import { childrenNamed, firstChild, valOf, type XmlNode } from './xml-node.ts';

/**
 * Word's equations (OMML, `m:oMath`) → LaTeX, the way formulas are stored in question text (`$…$`). Written for the
 * constructs Word's equation editor produces; anything unknown keeps its content, so a formula degrades instead of
 * disappearing.
 */

/** Characters Word stores as Unicode that LaTeX writes as commands. */
const SYMBOLS: Record<string, string> = {
  α: '\\alpha',
  β: '\\beta',
  γ: '\\gamma',
  δ: '\\delta',
  ϵ: '\\epsilon',
  ε: '\\varepsilon',
  ζ: '\\zeta',
  η: '\\eta',
  θ: '\\theta',
  ϑ: '\\vartheta',
  ι: '\\iota',
  κ: '\\kappa',
  λ: '\\lambda',
  μ: '\\mu',
  ν: '\\nu',
  ξ: '\\xi',
  π: '\\pi',
  ϖ: '\\varpi',
  ρ: '\\rho',
  ϱ: '\\varrho',
  σ: '\\sigma',
  ς: '\\varsigma',
  τ: '\\tau',
  υ: '\\upsilon',
  ϕ: '\\phi',
  φ: '\\varphi',
  χ: '\\chi',
  ψ: '\\psi',
  ω: '\\omega',
  Γ: '\\Gamma',
  Δ: '\\Delta',
  Θ: '\\Theta',
  Λ: '\\Lambda',
  Ξ: '\\Xi',
  Π: '\\Pi',
  Σ: '\\Sigma',
  Υ: '\\Upsilon',
  Φ: '\\Phi',
  Ψ: '\\Psi',
  Ω: '\\Omega',
  '×': '\\times',
  '÷': '\\div',
  '±': '\\pm',
  '∓': '\\mp',
  '·': '\\cdot',
  '⋅': '\\cdot',
  '∙': '\\cdot',
  '−': '-',
  '∗': '*',
  '≤': '\\leq',
  '≦': '\\leq',
  '≥': '\\geq',
  '≧': '\\geq',
  '≠': '\\neq',
  '≈': '\\approx',
  '≡': '\\equiv',
  '∼': '\\sim',
  '≅': '\\cong',
  '∝': '\\propto',
  '≪': '\\ll',
  '≫': '\\gg',
  '∞': '\\infty',
  '∂': '\\partial',
  '∇': '\\nabla',
  '∈': '\\in',
  '∉': '\\notin',
  '∋': '\\ni',
  '⊂': '\\subset',
  '⊃': '\\supset',
  '⊆': '\\subseteq',
  '⊇': '\\supseteq',
  '∪': '\\cup',
  '∩': '\\cap',
  '∅': '\\emptyset',
  '∀': '\\forall',
  '∃': '\\exists',
  '¬': '\\neg',
  '∧': '\\wedge',
  '∨': '\\vee',
  '→': '\\rightarrow',
  '←': '\\leftarrow',
  '↔': '\\leftrightarrow',
  '⇒': '\\Rightarrow',
  '⇐': '\\Leftarrow',
  '⇔': '\\Leftrightarrow',
  '↑': '\\uparrow',
  '↓': '\\downarrow',
  '↦': '\\mapsto',
  '°': '^{\\circ}',
  '∘': '\\circ',
  '∠': '\\angle',
  '⊥': '\\perp',
  '∥': '\\parallel',
  '△': '\\triangle',
  '′': "'",
  '″': "''",
  '…': '\\ldots',
  '⋯': '\\cdots',
  '⋮': '\\vdots',
  '⋱': '\\ddots',
  '⊕': '\\oplus',
  '⊗': '\\otimes',
  '∵': '\\because',
  '∴': '\\therefore',
  '∑': '\\sum',
  '∏': '\\prod',
  '∫': '\\int',
  '√': '\\surd',
  ℏ: '\\hbar',
  ℓ: '\\ell',
  ℝ: '\\mathbb{R}',
  ℕ: '\\mathbb{N}',
  ℤ: '\\mathbb{Z}',
  ℚ: '\\mathbb{Q}',
  ℂ: '\\mathbb{C}',
  '⟨': '\\langle',
  '⟩': '\\rangle',
  '∣': '|',
  '{': '\\{',
  '}': '\\}',
  '%': '\\%',
  '#': '\\#',
  // A `$` would end the formula in the surrounding text.
  $: '\\$',
  _: '\\_',
  '\\': '\\backslash',
  '~': '\\sim',
  '^': '\\wedge',
};

/** Big operators (m:nary); Word's default when `m:chr` is absent is the integral. */
const NARY: Record<string, string> = {
  '∑': '\\sum',
  '∏': '\\prod',
  '∐': '\\coprod',
  '∫': '\\int',
  '∬': '\\iint',
  '∭': '\\iiint',
  '∮': '\\oint',
  '⋃': '\\bigcup',
  '⋂': '\\bigcap',
  '⋁': '\\bigvee',
  '⋀': '\\bigwedge',
};

/** Accents (m:acc); Word's default is the circumflex. */
const ACCENTS: Record<string, string> = {
  '\u0302': '\\hat',
  '^': '\\hat',
  '\u0303': '\\tilde',
  '~': '\\tilde',
  '\u0304': '\\bar',
  '\u0305': '\\overline',
  '‾': '\\overline',
  '¯': '\\bar',
  '\u20d7': '\\vec',
  '→': '\\vec',
  '\u0307': '\\dot',
  '\u0308': '\\ddot',
  '\u030c': '\\check',
  '\u0301': '\\acute',
  '\u0300': '\\grave',
  '\u0306': '\\breve',
};

const DELIMITERS: Record<string, string> = {
  '': '.',
  '{': '\\{',
  '}': '\\}',
  '‖': '\\|',
  '⟨': '\\langle',
  '〈': '\\langle',
  '⟩': '\\rangle',
  '〉': '\\rangle',
  '⌊': '\\lfloor',
  '⌋': '\\rfloor',
  '⌈': '\\lceil',
  '⌉': '\\rceil',
};

/** Function names LaTeX has a command for (`\sin`); others become `\operatorname{…}`. */
const FUNCTIONS = [
  ...['arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'coth', 'sin', 'cos', 'tan', 'cot', 'sec', 'csc'],
  ...['log', 'lg', 'ln', 'exp', 'lim', 'max', 'min', 'sup', 'inf', 'det', 'gcd', 'deg', 'dim', 'ker', 'arg'],
];
// Longest first, so `arcsin` is not read as `arc` + `sin`.
const FUNCTION_BEFORE_APPLY = new RegExp(
  `(${[...FUNCTIONS].sort((a, b) => b.length - a.length).join('|')})\\u2061|[\\s\\S]`,
  'gu',
);

/** `&` separates columns inside matrices and equation arrays; elsewhere it is a character. */
interface Ctx {
  align: boolean;
}

/** LaTeX for an `m:oMath` (or `m:oMathPara`, or any part of one). */
export function ommlToLatex(node: XmlNode): string {
  return convert(node, { align: false }).replace(/\s+/g, ' ').trim();
}

function convert(node: XmlNode, ctx: Ctx): string {
  switch (node.name) {
    case 'm:oMathPara':
      return childrenNamed(node, 'm:oMath')
        .map((m) => convert(m, ctx))
        .join(' \\\\ ');
    case 'm:r':
      return run(node, ctx);
    case 'm:f':
      return fraction(node, ctx);
    case 'm:sSup':
      return `${base(node, ctx)}^{${part(node, 'm:sup', ctx)}}`;
    case 'm:sSub':
      return `${base(node, ctx)}_{${part(node, 'm:sub', ctx)}}`;
    case 'm:sSubSup':
      return `${base(node, ctx)}_{${part(node, 'm:sub', ctx)}}^{${part(node, 'm:sup', ctx)}}`;
    case 'm:sPre':
      return `{}_{${part(node, 'm:sub', ctx)}}^{${part(node, 'm:sup', ctx)}}${part(node, 'm:e', ctx)}`;
    case 'm:rad':
      return radical(node, ctx);
    case 'm:d':
      return delimited(node, ctx);
    case 'm:nary':
      return nary(node, ctx);
    case 'm:func':
      return func(node, ctx);
    case 'm:limLow':
      return limLow(node, ctx);
    case 'm:limUpp':
      return `\\overset{${part(node, 'm:lim', ctx)}}{${part(node, 'm:e', ctx)}}`;
    case 'm:acc':
      return accent(node, ctx);
    case 'm:bar': {
      const top = valOf(firstChild(firstChild(node, 'm:barPr'), 'm:pos')) === 'top';
      return `${top ? '\\overline' : '\\underline'}{${part(node, 'm:e', ctx)}}`;
    }
    case 'm:groupChr':
      return groupChr(node, ctx);
    case 'm:m':
      return matrix(node);
    case 'm:eqArr': {
      const rows = childrenNamed(node, 'm:e').map((e) => convert(e, { align: true }));
      return `\\begin{aligned} ${rows.join(' \\\\ ')} \\end{aligned}`;
    }
    case 'm:borderBox':
      return `\\boxed{${part(node, 'm:e', ctx)}}`;
    default:
      // m:oMath, m:e, m:num, m:box, m:phant …: their content in order; properties (…Pr) carry no content.
      return sequence(node, ctx);
  }
}

function sequence(node: XmlNode, ctx: Ctx): string {
  return join(node.children.map((c) => (typeof c === 'string' || c.name.endsWith('Pr') ? '' : convert(c, ctx))));
}

/** Concatenates LaTeX pieces, with a space only where a command would otherwise run into a letter (`\alpha x`). */
function join(parts: string[]): string {
  let out = '';
  for (const p of parts) {
    if (!p) continue;
    if (/\\[A-Za-z]+$/.test(out) && /^[A-Za-z]/.test(p)) out += ' ';
    out += p;
  }
  return out;
}

function part(node: XmlNode, name: string, ctx: Ctx): string {
  const child = firstChild(node, name);
  return child ? convert(child, ctx) : '';
}

/** A script's base: braced when empty or itself scripted, so `^` attaches to the whole of it. */
function base(node: XmlNode, ctx: Ctx): string {
  const e = part(node, 'm:e', ctx);
  return e === '' || /[_^]/.test(e) ? `{${e}}` : e;
}

/** On/off properties: present without a value means on. */
function isOn(node: XmlNode | undefined): boolean {
  if (!node) return false;
  const v = valOf(node);
  return v === undefined || v === 'on' || v === '1' || v === 'true';
}

function run(node: XmlNode, ctx: Ctx): string {
  const text = node.children
    .filter((c): c is XmlNode => typeof c !== 'string' && (c.name === 'm:t' || c.name === 'w:t'))
    .map((t) => t.children.filter((c): c is string => typeof c === 'string').join(''))
    .join('');
  const props = firstChild(node, 'm:rPr');
  // "Normal text" inside an equation: words, not variables.
  if (isOn(firstChild(props, 'm:nor'))) return `\\text{${text.replace(/[{}\\$]/g, (c) => `\\${c}`)}}`;
  const word = text.trim();
  if (valOf(firstChild(props, 'm:sty')) === 'p' && FUNCTIONS.includes(word)) return `\\${word}`;
  return mathText(text, ctx);
}

function mathText(text: string, ctx: Ctx): string {
  const parts: string[] = [];
  for (const m of text.matchAll(FUNCTION_BEFORE_APPLY)) {
    if (m[1] !== undefined) parts.push(`\\${m[1]}`);
    else parts.push(symbol(m[0], ctx));
  }
  return join(parts);
}

function symbol(ch: string, ctx: Ctx): string {
  if (ch === '&') return ctx.align ? '&' : '\\&';
  const mapped = SYMBOLS[ch];
  if (mapped !== undefined) return mapped;
  // Function application, invisible times/separator/plus and zero-width space: no glyph.
  if (/[\u2061-\u2064\u200b]/.test(ch)) return '';
  if (/\s/.test(ch)) return ' ';
  const cp = ch.codePointAt(0) ?? 0;
  // Mathematical italic/bold letters (𝑥) pasted from elsewhere are plain letters in LaTeX.
  if (cp >= 0x1d400 && cp <= 0x1d7ff) return ch.normalize('NFKC');
  return ch;
}

function fraction(node: XmlNode, ctx: Ctx): string {
  const num = part(node, 'm:num', ctx);
  const den = part(node, 'm:den', ctx);
  const type = valOf(firstChild(firstChild(node, 'm:fPr'), 'm:type'));
  if (type === 'lin') return `${num}/${den}`;
  if (type === 'noBar') return `\\genfrac{}{}{0pt}{}{${num}}{${den}}`;
  return `\\frac{${num}}{${den}}`;
}

function radical(node: XmlNode, ctx: Ctx): string {
  const hidden = isOn(firstChild(firstChild(node, 'm:radPr'), 'm:degHide'));
  const degree = hidden ? '' : part(node, 'm:deg', ctx);
  const e = part(node, 'm:e', ctx);
  return degree ? `\\sqrt[${degree}]{${e}}` : `\\sqrt{${e}}`;
}

/** A delimiter property's character: absent → Word's default; empty → none (`.`). */
function delimiter(props: XmlNode | undefined, name: string, fallback: string): string {
  const el = firstChild(props, name);
  const ch = el ? (valOf(el) ?? '') : fallback;
  return DELIMITERS[ch] ?? ch;
}

function delimited(node: XmlNode, ctx: Ctx): string {
  const props = firstChild(node, 'm:dPr');
  const open = delimiter(props, 'm:begChr', '(');
  const close = delimiter(props, 'm:endChr', ')');
  const separator = delimiter(props, 'm:sepChr', '|');
  const items = childrenNamed(node, 'm:e').map((e) => convert(e, ctx));
  const inner: string[] = [];
  items.forEach((item, i) => {
    if (i > 0) inner.push(`\\middle${separator}`);
    inner.push(item);
  });
  return join([`\\left${open}`, ...inner, `\\right${close}`]);
}

function nary(node: XmlNode, ctx: Ctx): string {
  const props = firstChild(node, 'm:naryPr');
  const chr = valOf(firstChild(props, 'm:chr')) ?? '∫';
  let op = NARY[chr] ?? symbol(chr, ctx);
  const sub = isOn(firstChild(props, 'm:subHide')) ? '' : part(node, 'm:sub', ctx);
  const sup = isOn(firstChild(props, 'm:supHide')) ? '' : part(node, 'm:sup', ctx);
  if (sub) op += `_{${sub}}`;
  if (sup) op += `^{${sup}}`;
  const body = part(node, 'm:e', ctx);
  return body ? `${op} ${body}` : op;
}

function func(node: XmlNode, ctx: Ctx): string {
  const name = part(node, 'm:fName', ctx).trim();
  const body = part(node, 'm:e', ctx);
  let head = name;
  if (/^[A-Za-z]+$/.test(name)) head = FUNCTIONS.includes(name) ? `\\${name}` : `\\operatorname{${name}}`;
  return join([head, body]);
}

function limLow(node: XmlNode, ctx: Ctx): string {
  const e = part(node, 'm:e', ctx).trim();
  const lim = part(node, 'm:lim', ctx);
  if (/^\\[A-Za-z]+$/.test(e)) return `${e}_{${lim}}`;
  if (FUNCTIONS.includes(e)) return `\\${e}_{${lim}}`;
  return `\\underset{${lim}}{${e}}`;
}

function accent(node: XmlNode, ctx: Ctx): string {
  const chr = valOf(firstChild(firstChild(node, 'm:accPr'), 'm:chr')) ?? '\u0302';
  const e = part(node, 'm:e', ctx);
  const command = ACCENTS[chr];
  return command ? `${command}{${e}}` : `\\overset{${symbol(chr, ctx)}}{${e}}`;
}

function groupChr(node: XmlNode, ctx: Ctx): string {
  const props = firstChild(node, 'm:groupChrPr');
  const chr = valOf(firstChild(props, 'm:chr')) ?? '\u23df';
  const top = valOf(firstChild(props, 'm:pos')) === 'top';
  const e = part(node, 'm:e', ctx);
  if (chr === '\u23df') return `\\underbrace{${e}}`;
  if (chr === '\u23de') return `\\overbrace{${e}}`;
  return top ? `\\overset{${symbol(chr, ctx)}}{${e}}` : `\\underset{${symbol(chr, ctx)}}{${e}}`;
}

function matrix(node: XmlNode): string {
  const rows = childrenNamed(node, 'm:mr').map((row) =>
    childrenNamed(row, 'm:e')
      .map((cell) => convert(cell, { align: true }))
      .join(' & '),
  );
  return `\\begin{matrix} ${rows.join(' \\\\ ')} \\end{matrix}`;
}
