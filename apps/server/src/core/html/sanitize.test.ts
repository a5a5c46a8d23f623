import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText as sanitize } from './sanitize.ts';

/** The school's own storage: its local folder and one bucket (what FileStore.mediaPrefixes answers). */
const OWN = ['/files/000000/', 'https://bucket.school.example.cn/000000/'];
const sanitizeRichText = (html: string) => sanitize(html, OWN);
const PIC = '/files/000000/20260105/abcdefghijklmnopqrstuvwx.png';

/** Every element of a fragment with its attributes, read back with a parser (not by searching the text). */
function elements(html: string): { tag: string; attribs: Record<string, string> }[] {
  const found: { tag: string; attribs: Record<string, string> }[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    exclusiveFilter: (frame) => {
      found.push({ tag: frame.tag, attribs: frame.attribs });
      return false;
    },
  });
  return found;
}

/** Nothing in the fragment can run script: no script-ish element, no handler, no script or data URL. */
function expectInert(html: string) {
  for (const { tag, attribs } of elements(html)) {
    expect(['script', 'style', 'iframe', 'object', 'embed', 'svg', 'base', 'form', 'meta', 'link']).not.toContain(tag);
    for (const [name, value] of Object.entries(attribs)) {
      expect(name, `<${tag} ${name}>`).not.toMatch(/^on/i);
      if (['href', 'src', 'xlink:href', 'action', 'formaction', 'poster'].includes(name)) {
        // Browsers ignore whitespace and control characters inside a scheme.
        const compact = [...value].filter((c) => c.charCodeAt(0) > 32).join('');
        expect(compact, `<${tag} ${name}>`).not.toMatch(/^(javascript|data|vbscript):/i);
      }
    }
  }
}

describe('sanitizeRichText', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', ''],
    [`<img src="${PIC}" onerror=alert(1)>`, `<img src="${PIC}" />`],
    ['<a href="javascript:alert(1)">点我</a>', '<a>点我</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" java\nscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<svg onload=alert(1)><circle r="1"/></svg>文字', '文字'],
    ['<script>alert(1)</script>正文', '正文'],
    ['<iframe src="https://evil.example/"></iframe>正文', '正文'],
    ['<p style="width: expression(alert(1))">样式</p>', '<p>样式</p>'],
    ['<p style="background:url(javascript:alert(1))">样式</p>', '<p>样式</p>'],
    [
      '<span style="position:fixed;top:0;left:0;width:100%;height:100%">盖住</span>',
      '<span style="top:0;left:0;width:100%;height:100%">盖住</span>',
    ],
    ['<style>body{display:none}</style>正文', '正文'],
    ['<img src="data:image/png;base64,iVBORw0KGgo=">', ''],
    ['<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">', ''],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<img src="//evil.example/a.png">', ''],
    ['<p>图<img src="https://evil.example/track.png"></p>', '<p>图</p>'],
    ['<img src="/files/000001/20260105/abcdefghijklmnopqrstuvwx.png">', ''],
    ['<audio src="https://evil.example/a.mp3" controls></audio>', ''],
    ['<video controls><source src="https://evil.example/v.mp4" /></video>', '<video controls></video>'],
    ['<iframe src="/files/000000/20260105/abcdefghijklmnopqrstuvwx.pdf"></iframe>正文', '正文'],
    [
      '<span data-type="formula" data-latex="x" onclick="alert(1)">x</span>',
      '<span data-type="formula" data-latex="x">x</span>',
    ],
    ['<form action="https://evil.example"><input name="p"></form>', ''],
    ['<div onclick="alert(1)" onmouseover="alert(2)">点</div>', '<div>点</div>'],
    ['<math><maction actiontype="statusline"><mtext>x</mtext></maction></math>', '<math><mtext>x</mtext></math>'],
    [
      '<math><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></math>',
      '<math></math>',
    ],
  ])('%s', (dirty, clean) => {
    const out = sanitizeRichText(dirty);
    expect(out).toBe(clean);
    expectInert(out);
  });

  it('survives the mglyph/style mXSS shape without producing a live handler', () => {
    const out = sanitizeRichText(
      '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">',
    );
    expectInert(out);
    // The picture is not from the school's storage either: it goes, title and all.
    expect(elements(out).filter((e) => e.tag === 'img')).toHaveLength(0);
  });

  it('keeps what the editor writes: headings, lists, tables, links, media and inline formatting', () => {
    const html = [
      '<h2 style="text-align:center">期末考试安排</h2>',
      '<p>请<strong>全体</strong>同学<em>准时</em>参加，<u style="text-decoration-style:wavy">不得迟到</u>。</p>',
      '<ol start="2"><li>带好<span style="color:#ff0000">学生证</span></li><li><s>旧安排</s></li></ol>',
      '<table><thead><tr><th scope="col">科目</th></tr></thead><tbody><tr><td colspan="2" style="text-align:right">数学</td></tr></tbody></table>',
      '<p><a href="https://school.example.cn/exam" target="_blank" rel="noopener noreferrer">详情</a> <a href="mailto:jw@school.example.cn">教务处</a> <a href="/wel/index">首页</a></p>',
      `<p><img src="${PIC}" alt="考场" width="300" /></p>`,
      '<audio src="https://bucket.school.example.cn/000000/20260105/listen.mp3" controls="true" preload="metadata"></audio>',
      '<video controls width="640"><source src="/files/000000/20260105/abcdefghijklmnopqrstuvwx.mp4" type="video/mp4" /></video>',
      '<p>H<sub>2</sub>O 与 x<sup>2</sup></p>',
    ].join('');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps KaTeX output (class names, glyph lengths, MathML with its TeX source) and the wavy underline', () => {
    const katex =
      '<span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics>' +
      '<mrow><msup><mi>x</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">x^2</annotation>' +
      '</semantics></math></span><span class="katex-html" aria-hidden="true"><span class="base">' +
      '<span class="strut" style="height:0.8141em"></span><span class="mord"><span class="mord mathnormal">x</span>' +
      '<span class="msupsub"><span class="vlist-t"><span class="vlist-r"><span class="vlist" style="height:0.8141em">' +
      '<span style="top:-3.063em;margin-right:0.05em"><span class="pstrut" style="height:2.7em"></span>' +
      '<span class="sizing reset-size6 size3 mtight"><span class="mord mtight">2</span></span></span></span></span>' +
      '</span></span></span></span></span></span>';
    expect(sanitizeRichText(katex)).toBe(katex);
    const wavy = '<span style="text-decoration:underline wavy;text-decoration-color:#409EFF">重点</span>';
    expect(sanitizeRichText(wavy)).toBe(wavy);
  });

  it('keeps the editor’s formula node, its pictures and sound, and its wavy underline exactly as written', () => {
    const html =
      '<p>勾股定理 <span data-type="formula" data-latex="a^2+b^2=c^2">a^2+b^2=c^2</span>，' +
      '<u style="text-decoration-style:wavy">重点</u></p>' +
      `<p><img src="${PIC}" alt="直角三角形" /></p>` +
      '<audio src="/files/000000/20260105/abcdefghijklmnopqrstuvwx.mp3" controls="true" preload="metadata"></audio>';
    expect(sanitizeRichText(html)).toBe(html);
    // The LaTeX is an attribute value: markup in it stays text.
    const hostile = '<span data-type="formula" data-latex="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">x</span>';
    const out = sanitizeRichText(hostile);
    expectInert(out);
    expect(elements(out).map((e) => e.tag)).toEqual(['span']);
  });

  it('keeps only KaTeX classes on spans and drops classes elsewhere', () => {
    expect(sanitizeRichText('<span class="mord ant-modal-mask crud-view">x</span><p class="katex">y</p>')).toBe(
      '<span class="mord">x</span><p>y</p>',
    );
  });

  it('keeps the emphasis dots class on a span (着重号), and only there', () => {
    expect(sanitizeRichText('<p>加点的<span class="emphasis-dot">字词</span></p>')).toBe(
      '<p>加点的<span class="emphasis-dot">字词</span></p>',
    );
    expect(
      sanitizeRichText('<span class="emphasis-dot emphasis-dots qv-blank">x</span><em class="emphasis-dot">y</em>'),
    ).toBe('<span class="emphasis-dot">x</span><em>y</em>');
  });

  it('decodes nothing twice: escaped markup stays text', () => {
    const out = sanitizeRichText('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(out).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(elements(out).map((e) => e.tag)).toEqual(['p']);
  });
});
