import { describe, expect, it } from 'vitest';
import { formulasInText, htmlToText, latexToText } from './plain-text.ts';

describe('latexToText', () => {
  it('writes a formula on one line as a person would', () => {
    expect(latexToText('n=\\frac{1000v}{\\pi d}')).toBe('n=(1000v)/(πd)');
    expect(latexToText('\\frac{1}{2}')).toBe('1/2');
    expect(latexToText('\\dfrac{a+b}{2}')).toBe('(a+b)/2');
    expect(latexToText('x^2+y_0^{2}=r^{2n}')).toBe('x²+y₀²=r²ⁿ');
    expect(latexToText('e^{i\\pi}')).toBe('e^(iπ)');
    expect(latexToText('\\sqrt{2}')).toBe('√2');
    expect(latexToText('\\sqrt[3]{x+1}')).toBe('∛(x+1)');
    expect(latexToText('30^\\circ')).toBe('30°');
    expect(latexToText('\\alpha \\le \\beta \\times 2')).toBe('α≤β×2');
    expect(latexToText('v=\\omega r \\quad (\\text{m/s})')).toBe('v=ωr (m/s)');
    expect(latexToText('\\sin\\theta + \\cos x')).toBe('sin θ+cos x');
    expect(latexToText('\\left( a \\right)')).toBe('(a)');
    expect(latexToText('\\vec{F}')).toBe('F\u20d7');
    expect(latexToText('\\Phi 20^{+0.021}_{0}')).toBe('Φ20^(+0.021)₀');
  });

  it('never throws on a slip and drops no letters', () => {
    expect(latexToText('\\frac{1}{')).toBe('1/');
    expect(latexToText('a}b')).toBe('ab');
    expect(latexToText('\\unknown{x}')).toBe('unknownx');
    expect(latexToText('')).toBe('');
  });
});

describe('htmlToText', () => {
  it('writes out the editor formula nodes and $…$ in text', () => {
    expect(
      htmlToText(
        '<p>转速 <span data-type="formula" data-latex="n=\\frac{1000v}{\\pi d}">n=\\frac{1000v}{\\pi d}</span> 中</p>',
      ),
    ).toBe('转速 n=(1000v)/(πd) 中');
    expect(htmlToText('<p>面积 $S=\\pi r^2$，直径 $$d=2r$$</p>')).toBe('面积 S=πr²，直径 d=2r');
  });

  it('keeps dollars that are not formulas', () => {
    expect(htmlToText('<p>costs $5 and $6 today</p>')).toBe('costs $5 and $6 today');
    expect(formulasInText('a \\$ b')).toBe('a $ b');
    expect(htmlToText('<code>$x$</code>')).toBe('$x$');
  });
});
