import type { AnswerValue, ExamQuestion } from '@shixun/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerInput } from './AnswerInput.tsx';

const fileQuestion: ExamQuestion = {
  id: 'q9',
  no: '9',
  type: 'file',
  score: 10,
  stem: '<p>上传零件图纸。</p>',
  items: [],
  blanks: 0,
  children: [],
  fileTypes: ['pdf', 'dwg'],
};

function Harness({ changes }: { changes: AnswerValue[] }) {
  const [value, setValue] = useState<AnswerValue>(null);
  return (
    <App>
      <AnswerInput
        question={fileQuestion}
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    </App>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a file question', () => {
  it('uploads what the browser picked, refuses other types by name, and lists the files by their names', async () => {
    const uploads: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const file = init?.body instanceof FormData ? (init.body.get('file') as File) : new File([], '?');
        uploads.push(`${url.split('?')[0]} ${file.name}`);
        const link = `/files/${uploads.length}.pdf`;
        const data = { link, domain: '', name: link, originalName: file.name, attachId: String(uploads.length) };
        return new Response(JSON.stringify({ code: 200, success: true, data, msg: '' }), { status: 200 });
      }),
    );
    const changes: AnswerValue[] = [];
    render(<Harness changes={changes} />);
    expect(screen.getByText('可上传 pdf、dwg 文件')).toBeInTheDocument();

    const picker = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(picker.accept).toBe('.pdf,.dwg');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(picker, [
      new File(['%PDF'], '图纸.pdf', { type: 'application/pdf' }),
      new File(['MZ'], '病毒.exe', { type: 'application/octet-stream' }),
    ]);

    expect(await screen.findByText('“病毒.exe”不是可上传的类型（pdf、dwg）')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '图纸.pdf' })).toHaveAttribute('href', '/files/1.pdf');
    expect(uploads).toEqual(['/api/blade-resource/oss/endpoint/put-file 图纸.pdf']);
    expect(changes).toEqual([['/files/1.pdf']]);

    await user.click(screen.getByRole('button', { name: '移除文件' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: '图纸.pdf' })).toBeNull());
    expect(changes.at(-1)).toEqual([]);
  });
});
