/**
 * Rich text flattened to one line of plain text, for table cells, titles and labels (the question list, the item
 * analysis, the import previews, pickers). Formulas read as a person would write them on one line
 * (`n=\frac{1000v}{\pi d}` → `n=(1000v)/(πd)`), never as LaTeX source. No KaTeX here: this runs in list pages,
 * which should not fetch the formula renderer and its fonts to show a cell.
 */

/**
 * `$…$` (inline) and `$$…$$` (display) inside text: how imported questions keep their formulas. The TeX may not
 * start or end with a space, so prices such as "$5 and $6" stay text; `\$` is a dollar sign.
 */
const DOLLARS = /(?<!\\)\$\$([^$]+?)\$\$|(?<![\\$])\$(?!\s)([^$\n]*?[^$\s\\])\$(?!\d)/g;

/** The pieces of a text: plain strings and formulas. */
export function splitFormulas(text: string): ({ text: string } | { latex: string; display: boolean })[] {
  const parts: ({ text: string } | { latex: string; display: boolean })[] = [];
  let last = 0;
  for (const m of text.matchAll(DOLLARS)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push(m[1] !== undefined ? { latex: m[1].trim(), display: true } : { latex: m[2]!.trim(), display: false });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

const SYMBOLS: Record<string, string> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  varepsilon: 'ε',
  zeta: 'ζ',
  eta: 'η',
  theta: 'θ',
  vartheta: 'ϑ',
  iota: 'ι',
  kappa: 'κ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  xi: 'ξ',
  pi: 'π',
  varpi: 'ϖ',
  rho: 'ρ',
  sigma: 'σ',
  varsigma: 'ς',
  tau: 'τ',
  upsilon: 'υ',
  phi: 'φ',
  varphi: 'φ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Xi: 'Ξ',
  Pi: 'Π',
  Sigma: 'Σ',
  Upsilon: 'Υ',
  Phi: 'Φ',
  Psi: 'Ψ',
  Omega: 'Ω',
  times: '×',
  cdot: '·',
  div: '÷',
  pm: '±',
  mp: '∓',
  ast: '*',
  star: '⋆',
  circ: '∘',
  bullet: '•',
  le: '≤',
  leq: '≤',
  ge: '≥',
  geq: '≥',
  ne: '≠',
  neq: '≠',
  approx: '≈',
  equiv: '≡',
  sim: '∼',
  simeq: '≃',
  cong: '≅',
  propto: '∝',
  ll: '≪',
  gg: '≫',
  lt: '<',
  gt: '>',
  infty: '∞',
  partial: '∂',
  nabla: '∇',
  degree: '°',
  angle: '∠',
  perp: '⊥',
  parallel: '∥',
  triangle: '△',
  sum: 'Σ',
  prod: 'Π',
  int: '∫',
  iint: '∬',
  oint: '∮',
  to: '→',
  rightarrow: '→',
  leftarrow: '←',
  gets: '←',
  leftrightarrow: '↔',
  Rightarrow: '⇒',
  Leftarrow: '⇐',
  Leftrightarrow: '⇔',
  implies: '⇒',
  iff: '⇔',
  uparrow: '↑',
  downarrow: '↓',
  in: '∈',
  notin: '∉',
  ni: '∋',
  subset: '⊂',
  subseteq: '⊆',
  supset: '⊃',
  supseteq: '⊇',
  cup: '∪',
  cap: '∩',
  emptyset: '∅',
  varnothing: '∅',
  forall: '∀',
  exists: '∃',
  neg: '¬',
  land: '∧',
  lor: '∨',
  wedge: '∧',
  vee: '∨',
  cdots: '⋯',
  ldots: '…',
  dots: '…',
  vdots: '⋮',
  ddots: '⋱',
  prime: '′',
  therefore: '∴',
  because: '∵',
  percent: '%',
  backslash: '\\',
  vert: '|',
  mid: '|',
  lvert: '|',
  rvert: '|',
  Vert: '‖',
  langle: '⟨',
  rangle: '⟩',
  lbrace: '{',
  rbrace: '}',
  lfloor: '⌊',
  rfloor: '⌋',
  lceil: '⌈',
  rceil: '⌉',
  hbar: 'ħ',
  ell: 'ℓ',
  Re: 'ℜ',
  Im: 'ℑ',
  quad: ' ',
  qquad: ' ',
  ' ': ' ',
  ',': ' ',
  ';': ' ',
  ':': ' ',
  '!': '',
  '{': '{',
  '}': '}',
  '%': '%',
  $: '$',
  '&': '&',
  '#': '#',
  _: '_',
  '|': '‖',
};

/** Written as their name: `\sin x` → `sin x`. */
const NAMED = new Set(
  'sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh log ln lg exp lim max min sup inf det gcd deg arg dim ker mod'.split(
    ' ',
  ),
);

/** Their argument as text: `\text{m/s}` → `m/s`. */
const TEXT_LIKE = new Set(
  'text textrm textit textbf textsf texttt mathrm mathit mathbf mathsf mathtt mathcal mathbb mathfrak boldsymbol bm operatorname mbox hbox displaystyle textstyle'.split(
    ' ',
  ),
);

/** Drawn size or spacing only: dropped, what follows is kept. */
const IGNORED = new Set(
  'left right big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr middle limits nolimits displaystyle textstyle scriptstyle'.split(
    ' ',
  ),
);

/** A combining mark over one letter (`\vec{a}` → a⃗); over more, the letters alone. */
const ACCENTS: Record<string, string> = {
  vec: '\u20d7',
  overrightarrow: '\u20d7',
  hat: '\u0302',
  widehat: '\u0302',
  bar: '\u0304',
  overline: '\u0305',
  dot: '\u0307',
  ddot: '\u0308',
  tilde: '\u0303',
  widetilde: '\u0303',
};

const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '+': '⁺',
  '-': '⁻',
  '−': '⁻',
  '=': '⁼',
  '(': '⁽',
  ')': '⁾',
  n: 'ⁿ',
  i: 'ⁱ',
  '′': '′',
  '°': '°',
  '∘': '°',
};
const SUBSCRIPT: Record<string, string> = {
  '0': '₀',
  '1': '₁',
  '2': '₂',
  '3': '₃',
  '4': '₄',
  '5': '₅',
  '6': '₆',
  '7': '₇',
  '8': '₈',
  '9': '₉',
  '+': '₊',
  '-': '₋',
  '−': '₋',
  '=': '₌',
  '(': '₍',
  ')': '₎',
  a: 'ₐ',
  e: 'ₑ',
  o: 'ₒ',
  x: 'ₓ',
  h: 'ₕ',
  k: 'ₖ',
  l: 'ₗ',
  m: 'ₘ',
  n: 'ₙ',
  p: 'ₚ',
  s: 'ₛ',
  t: 'ₜ',
  i: 'ᵢ',
  j: 'ⱼ',
  r: 'ᵣ',
  u: 'ᵤ',
  v: 'ᵥ',
};

/** A script in small figures when every character has one (x², v₀), else `^(…)` / `_(…)`. */
function script(body: string, table: Record<string, string>, mark: '^' | '_'): string {
  if (body === '') return '';
  const chars = [...body];
  if (chars.every((c) => table[c])) return chars.map((c) => table[c]).join('');
  return chars.length === 1 ? `${mark}${body}` : `${mark}(${body})`;
}

/** A fraction's part or a root's body in brackets unless it is one number or one symbol: (1000v)/(πd), 1/2. */
function operand(text: string): string {
  return text === '' || /^(?:\d+(?:\.\d+)?|.)$/u.test(text) || /^\(.*\)$/.test(text) ? text : `(${text})`;
}

/** A LaTeX reader over one formula: each call takes one argument or the rest of a group. */
class Reader {
  private i = 0;
  constructor(private readonly src: string) {}

  /** Everything up to the end of the source or the `}` closing the current group. */
  sequence(): string {
    let out = '';
    while (this.i < this.src.length && this.src[this.i] !== '}') out += this.item(out);
    return out;
  }

  /** One argument: a `{group}`, a command or one character. */
  argument(): string {
    this.skipSpaces();
    if (this.src[this.i] === '{') return this.group();
    if (this.src[this.i] === '\\') return this.command('');
    const c = this.src[this.i] ?? '';
    this.i += c.length;
    return c;
  }

  /** Past a `}` that closes nothing (a slip in the source); false at the end. */
  skipStray(): boolean {
    if (this.src[this.i] !== '}') return false;
    this.i++;
    return true;
  }

  private group(): string {
    this.i++; // {
    const body = this.sequence();
    this.i++; // }
    return body;
  }

  /** `[…]`, the optional argument, if there is one. */
  private optional(): string | undefined {
    this.skipSpaces();
    if (this.src[this.i] !== '[') return undefined;
    const end = this.src.indexOf(']', this.i);
    if (end < 0) return undefined;
    const inner = new Reader(this.src.slice(this.i + 1, end)).sequence();
    this.i = end + 1;
    return inner;
  }

  private skipSpaces(): void {
    while (this.src[this.i] === ' ' || this.src[this.i] === '\n' || this.src[this.i] === '\t') this.i++;
  }

  private item(before: string): string {
    const c = this.src[this.i]!;
    if (c === '{') return this.group();
    if (c === '\\') return this.command(before);
    this.i++;
    if (c === '^') return script(this.argument(), SUPERSCRIPT, '^');
    if (c === '_') return script(this.argument(), SUBSCRIPT, '_');
    // Spaces in formulas are not written; `~` and alignment marks are a space.
    if (c === ' ' || c === '\n' || c === '\t') return '';
    if (c === '~' || c === '&') return ' ';
    if (c === "'") return '′';
    return c;
  }

  private command(before: string): string {
    this.i++; // backslash
    const m = /^(?:[A-Za-z]+|.)/s.exec(this.src.slice(this.i));
    const name = m?.[0] ?? '';
    this.i += name.length;
    if (name === '\\') return '; '; // a new row of an array or aligned block
    if (name === 'frac' || name === 'dfrac' || name === 'tfrac' || name === 'cfrac') {
      const top = this.argument();
      return `${operand(top)}/${operand(this.argument())}`;
    }
    if (name === 'sqrt') {
      const degree = this.optional();
      const body = operand(this.argument());
      if (degree === '3') return `∛${body}`;
      if (degree === '4') return `∜${body}`;
      return degree ? `${script(degree, SUPERSCRIPT, '^')}√${body}` : `√${body}`;
    }
    if (name === 'begin' || name === 'end') {
      this.argument(); // the environment's name
      return name === 'end' ? ' ' : '';
    }
    if (name in ACCENTS) {
      const body = this.argument();
      return [...body].length === 1 ? body + ACCENTS[name] : body;
    }
    if (TEXT_LIKE.has(name)) return name === 'displaystyle' || name === 'textstyle' ? '' : this.textArgument();
    if (NAMED.has(name)) return `${/[\p{L}\p{N}]$/u.test(before) ? ' ' : ''}${name} `;
    if (IGNORED.has(name)) {
      // \left. and \right. draw nothing.
      if (this.src[this.i] === '.') this.i++;
      return '';
    }
    if (name in SYMBOLS) return SYMBOLS[name]!;
    return name;
  }

  /** `\text{…}` keeps its spaces. */
  private textArgument(): string {
    this.skipSpaces();
    if (this.src[this.i] !== '{') return this.argument();
    const start = this.i + 1;
    let depth = 0;
    for (; this.i < this.src.length; this.i++) {
      if (this.src[this.i] === '{') depth++;
      else if (this.src[this.i] === '}' && --depth === 0) break;
    }
    const inner = this.src.slice(start, this.i);
    this.i++;
    return inner.includes('\\') ? new Reader(inner).sequence() : inner;
  }
}

/** A formula as one line of text: `n=\frac{1000v}{\pi d}` → `n=(1000v)/(πd)`, `x^2` → `x²`, `\sqrt{2}` → `√2`. */
export function latexToText(latex: string): string {
  const reader = new Reader(latex.trim());
  let out = '';
  // A stray `}` ends a group the source never opened: read on after it.
  for (let guard = 0; guard <= latex.length; guard++) {
    out += reader.sequence();
    if (!reader.skipStray()) break;
  }
  // `\lim_{x→0}`: the name's trailing space does not part it from its script.
  return out
    .replace(/\s+/g, ' ')
    .replace(/ (?=[_^])/g, '')
    .trim();
}

/** Text with its `$…$` formulas written out (latexToText); `\$` is a dollar sign. */
export function formulasInText(text: string): string {
  if (!text.includes('$')) return text;
  return splitFormulas(text)
    .map((p) => ('text' in p ? p.text.replace(/\\\$/g, '$') : latexToText(p.latex)))
    .join('');
}

const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|div|pre|tr)>|<br\s*\/?>/gi;

/**
 * The plain text of rich text, e.g. for a table cell: one line, formulas (the editor's formula nodes and `$…$`)
 * written out by latexToText. Parsed into an inert document (DOMParser): nothing in it is loaded or run.
 */
export function htmlToText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html.replace(BLOCK_END, '$& '), 'text/html');
  for (const el of doc.body.querySelectorAll<HTMLElement>('[data-type="formula"]')) {
    el.textContent = latexToText(el.dataset.latex ?? el.textContent ?? '');
  }
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode as Text);
  for (const node of texts) {
    if (node.parentElement?.closest('[data-type="formula"], code, pre')) continue;
    if (node.nodeValue?.includes('$')) node.nodeValue = formulasInText(node.nodeValue);
  }
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
