import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Form } from 'antd';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { isAllowedLink } from './extensions.ts';
import { htmlToText, RichEditor } from './index.tsx';

/** The editable (or read-only) text area, once the lazy chunk is in. */
const prose = () => screen.findByRole('textbox', {}, { timeout: 5_000 });

// The editor chunk takes seconds to transform on first import; do that once, outside every test's time limit.
beforeAll(() => import('./Editor.tsx'), 60_000);

let resetControlled: () => void = () => undefined;

/** The editor as a form holds it: the value lives in the parent's state. */
function Controlled() {
  const [value, setValue] = useState('');
  resetControlled = () => setValue('');
  return (
    <>
      <RichEditor value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('RichEditor', () => {
  it('shows the HTML it is given formatted, with a toolbar', async () => {
    render(<RichEditor value="<p>早上<strong>好</strong></p><ul><li><p>一</p></li></ul>" />);
    const box = await prose();
    expect(box.querySelector('strong')).toHaveTextContent('好');
    expect(box.querySelector('ul li')).toHaveTextContent('一');
    expect(box).toHaveAttribute('contenteditable', 'true');
    expect(screen.getByRole('toolbar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '加粗' })).toBeInTheDocument();
  });

  it('is read-only without a toolbar when asked, or inside a disabled form', async () => {
    const { unmount } = render(<RichEditor readOnly value="<p>通知</p>" />);
    expect(await prose()).toHaveAttribute('contenteditable', 'false');
    expect(screen.queryByRole('toolbar')).toBeNull();
    unmount();
    render(
      <Form disabled>
        <Form.Item name="content">
          <RichEditor />
        </Form.Item>
      </Form>,
    );
    expect(await prose()).toHaveAttribute('contenteditable', 'false');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('reports typed text as HTML and bold from the toolbar as <strong>', async () => {
    const onChange = vi.fn();
    render(<RichEditor onChange={onChange} />);
    const box = await prose();
    await userEvent.click(box);
    await userEvent.type(box, '放假');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>放假</p>'));
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(screen.getByRole('button', { name: '加粗' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><strong>放假</strong></p>'));
    expect(screen.getByRole('button', { name: '加粗' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('reports an emptied editor as an empty string', async () => {
    const onChange = vi.fn();
    render(<RichEditor value="<p>x</p>" onChange={onChange} />);
    const box = await prose();
    await userEvent.click(box);
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
  });

  it('keeps every keystroke when the parent holds the value (an antd form), and still takes a reset', async () => {
    render(<Controlled />);
    const box = await prose();
    await userEvent.click(box);
    await userEvent.type(box, '明天放假了吗');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('<p>明天放假了吗</p>'));
    expect(box).toHaveTextContent('明天放假了吗');
    act(() => resetControlled());
    await waitFor(() => expect(box).toHaveTextContent(''));
  });

  it('follows a new value from outside (a form refilled from the server)', async () => {
    const { rerender } = render(<RichEditor value="<p>旧</p>" />);
    expect(await prose()).toHaveTextContent('旧');
    rerender(<RichEditor value="<h2>新</h2>" />);
    await waitFor(async () => expect((await prose()).querySelector('h2')).toHaveTextContent('新'));
  });

  it('drops markup the editor does not know, such as a script or an event handler', async () => {
    render(<RichEditor value={'<p>a<img src="x" onerror="alert(1)"></p><script>alert(2)</script>'} />);
    const box = await prose();
    expect(box.querySelector('img')).toBeNull();
    expect(box.querySelector('script')).toBeNull();
    expect(box).toHaveTextContent('a');
  });

  it('accepts only http, https and mailto links', async () => {
    expect(isAllowedLink('https://example.com/a')).toBe(true);
    expect(isAllowedLink('mailto:office@school.cn')).toBe(true);
    expect(isAllowedLink('javascript:alert(1)')).toBe(false);
    expect(isAllowedLink('data:text/html,x')).toBe(false);
    expect(isAllowedLink('example.com')).toBe(false);

    const onChange = vi.fn();
    render(
      <App>
        <RichEditor value="<p>学校官网</p>" onChange={onChange} />
      </App>,
    );
    await userEvent.click(await prose());
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(screen.getByRole('button', { name: '链接' }));
    const address = await screen.findByRole('textbox', { name: '链接地址' });
    await userEvent.type(address, 'javascript:alert(1){Enter}');
    expect(await screen.findByText('请输入以 http://、https:// 或 mailto: 开头的地址')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.clear(address);
    await userEvent.type(address, 'https://example.com/a{Enter}');
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('href="https://example.com/a"')),
    );
    expect(onChange.mock.lastCall?.[0]).toContain('rel="noopener noreferrer"');
  });
});

describe('htmlToText', () => {
  it('gives the text of rich text with blocks apart, running nothing', () => {
    expect(htmlToText('<h1>标题</h1><p>第一段</p><ul><li><p>甲</p></li><li><p>乙</p></li></ul>')).toBe(
      '标题 第一段 甲 乙',
    );
    expect(htmlToText('<p>&lt;b&gt; 不是标签</p>')).toBe('<b> 不是标签');
    expect(htmlToText('')).toBe('');
  });
});
