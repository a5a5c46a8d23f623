import type { ExamQuestion, ExamSection } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import { paperAssets, sectionsWithKeptImages, withKeptImages } from './preload.ts';

const question = (id: string, stem: string, more: Partial<ExamQuestion> = {}): ExamQuestion => ({
  id,
  no: id,
  type: 'single',
  score: 1,
  stem,
  items: [],
  blanks: 0,
  children: [],
  ...more,
});
const paper = (...questions: ExamQuestion[]): ExamSection[] => [
  { id: 's1', name: '一', remark: '', score: 1, questions },
];

describe('what a paper displays, fetched when it opens', () => {
  it('finds every picture (stems, options, a composite’s parts) once, and whether there are formulas', () => {
    const sections = paper(
      question('1', '<p>看图 <img src="/files/a.png" alt=""></p>', {
        items: [{ id: 'o1', label: 'A', content: '<p><img src="/files/b.png"></p>' }],
      }),
      question('2', '<p>材料</p>', {
        type: 'composite',
        children: [question('(1)', '<p><img src="/files/a.png"><img src="data:image/png;base64,AA=="></p>')],
      }),
    );
    expect(paperAssets(sections)).toEqual({ images: ['/files/a.png', '/files/b.png'], formulas: false });
    expect(paperAssets(paper(question('1', '<p><span data-type="formula" data-latex="x^2">x^2</span></p>')))).toEqual({
      images: [],
      formulas: true,
    });
    expect(paperAssets(paper(question('1', '<p>$n=\\frac{1000v}{\\pi d}$</p>'))).formulas).toBe(true);
  });

  it('points kept pictures at their blob URLs and leaves the rest as written', () => {
    const kept = new Map([['/files/a.png', 'blob:x/1']]);
    const html = '<p>看图 <img src="/files/a.png" alt="图"> 和 <img src="/files/c.png"></p>';
    const out = withKeptImages(html, kept);
    expect(out).toContain('src="blob:x/1"');
    expect(out).toContain('data-src="/files/a.png"');
    expect(out).toContain('src="/files/c.png"');
    expect(withKeptImages('<p>无图</p>', kept)).toBe('<p>无图</p>');
    const [section] = sectionsWithKeptImages(paper(question('1', html)), kept);
    expect(section?.questions[0]?.stem).toBe(out);
  });
});
