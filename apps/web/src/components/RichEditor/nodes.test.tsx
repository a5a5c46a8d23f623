import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Editor } from '@tiptap/core';
import { App } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { editorExtensions } from './extensions.ts';
import { RichEditor } from './index.tsx';

const PIC = '/files/000000/20260105/abcdefghijklmnopqrstuvwx.png';
const CLIP = '/files/000000/20260105/abcdefghijklmnopqrstuvwx.mp3';

/** The editor's schema on its own: what HTML becomes once read and written again. */
function roundTrip(html: string): string {
  const editor = new Editor({
    extensions: editorExtensions({ placeholder: () => '', onEditFormula: () => {} }),
    content: html,
  });
  const out = editor.getHTML();
  editor.destroy();
  return out;
}

const prose = () => screen.findByRole('textbox', {}, { timeout: 5_000 });
beforeAll(() => import('./Editor.tsx'), 60_000);

describe('editor nodes', () => {
  it('keep formulas, pictures, audio and the wavy underline unchanged through a write and a read', () => {
    // As the browser writes a style; the server stores it as `text-decoration-style:wavy`, which reads back the same.
    expect(roundTrip('<p><u style="text-decoration-style:wavy">重点</u></p>')).toBe(
      '<p><u style="text-decoration-style: wavy;">重点</u></p>',
    );
    const html =
      '<p>勾股定理 <span data-type="formula" data-latex="a^2+b^2=c^2">a^2+b^2=c^2</span> 与 ' +
      '<u style="text-decoration-style: wavy;">重点</u><span class="emphasis-dot">不</span><img src="' +
      PIC +
      '" alt="直角三角形"></p>' +
      `<audio src="${CLIP}" controls="true" preload="metadata"></audio>`;
    expect(roundTrip(html)).toBe(html);
    expect(roundTrip(roundTrip(html))).toBe(html);
  });

  it('reads KaTeX-free LaTeX with characters that need escaping, and keeps it as written', () => {
    const html =
      '<p><span data-type="formula" data-latex="a&lt;b \\&amp; \\frac{1}{2}">a&lt;b \\&amp; \\frac{1}{2}</span></p>';
    const editor = new Editor({
      extensions: editorExtensions({ placeholder: () => '', onEditFormula: () => {} }),
      content: html,
    });
    expect((editor.getJSON().content?.[0]?.content?.[0] as { attrs?: { latex?: string } })?.attrs?.latex).toBe(
      'a<b \\& \\frac{1}{2}',
    );
    editor.destroy();
  });

  it('drops pictures and sound that are not uploaded files, and every handler', () => {
    expect(roundTrip('<p>a<img src=x onerror=alert(1)></p>')).toBe('<p>a</p>');
    expect(roundTrip('<p><img src="data:image/png;base64,iVBORw0KGgo="></p>')).toBe('<p></p>');
    expect(roundTrip('<audio src="javascript:alert(1)" controls></audio><p>b</p>')).toBe('<p>b</p>');
    expect(roundTrip(`<p><img src="${PIC}" onerror="alert(1)"></p>`)).toBe(`<p><img src="${PIC}"></p>`);
    expect(roundTrip('<p><a href="javascript:alert(1)">x</a></p>')).toBe('<p>x</p>');
  });

  it('draws a formula with KaTeX in view mode, keeping its LaTeX', async () => {
    render(<RichEditor readOnly value='<p><span data-type="formula" data-latex="x^2">x^2</span></p>' />);
    const box = await prose();
    const formula = box.querySelector('span.formula');
    expect(formula).toHaveAttribute('data-latex', 'x^2');
    expect(formula?.querySelector('.katex')).not.toBeNull();
    expect(formula?.querySelector('annotation')).toHaveTextContent('x^2');
  });

  it('marks the selection with a wavy underline from the toolbar', async () => {
    const onChange = vi.fn();
    render(<RichEditor value="<p>重点</p>" onChange={onChange} />);
    await userEvent.click(await prose());
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(screen.getByRole('button', { name: '波浪线' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith('<p><u style="text-decoration-style: wavy;">重点</u></p>'),
    );
  });

  it('inserts a formula written in the 785-wide dialog as LaTeX', async () => {
    const onChange = vi.fn();
    render(
      <App>
        <RichEditor value="<p>面积</p>" onChange={onChange} />
      </App>,
    );
    await userEvent.click(await prose());
    await userEvent.click(screen.getByRole('button', { name: '插入公式' }));
    const latex = await screen.findByRole('textbox', { name: 'LaTeX 源码' });
    expect(document.querySelector('.ant-modal')).toHaveStyle({ width: '785px' });
    await userEvent.type(latex, '\\pi r^2');
    await userEvent.click(screen.getByRole('button', { name: /^插\s*入$/ }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.stringContaining('<span data-type="formula" data-latex="\\pi r^2">\\pi r^2</span>'),
      ),
    );
  });
});
