import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectUi } from '../../api/bridge.ts';
import { i18n } from '../../i18n/index.ts';

type Options = { onProgress?: (s: number, t: number) => void; onRetry?: (n: number) => void; signal?: AbortSignal };
const calls = vi.hoisted(() => [] as { file: File; options: Options; resolve: (v: unknown) => void }[]);
vi.mock('../../api/resumable.ts', () => ({
  PAUSE: 'pause',
  uploadResumable: (file: File, _category: string, options: Options) =>
    new Promise((resolve, reject) => {
      calls.push({ file, options, resolve });
      options.signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
    }),
}));

const { ResumableUpload } = await import('./index.tsx');
const toast = vi.fn<(text: string) => void>();

beforeEach(async () => {
  calls.length = 0;
  connectUi({ error: toast });
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  toast.mockReset();
  await i18n.changeLanguage('zh');
});

const pick = (files: File[]) =>
  act(async () => {
    fireEvent.change(screen.getByLabelText('Choose files', { selector: 'input' }), { target: { files } });
  });

describe('ResumableUpload', () => {
  it('shows each file’s progress in percent and bytes, "resuming" after a drop, and hands over the results', async () => {
    const onDone = vi.fn();
    render(
      <App>
        <ResumableUpload category="document" accept=".pdf" maxSize={1024 * 1024} onDone={onDone} />
      </App>,
    );
    expect(screen.getByText('Up to 1 MB per file')).toBeInTheDocument();
    await pick([new File(['a'.repeat(2048)], 'report.pdf'), new File(['b'.repeat(100)], 'notes.pdf')]);
    expect(calls).toHaveLength(2);

    act(() => calls[0]!.options.onProgress!(1024, 2048));
    expect(screen.getByRole('progressbar', { name: 'Upload progress of report.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByText('1 KB / 2 KB')).toBeInTheDocument();
    act(() => calls[0]!.options.onRetry!(1));
    expect(screen.getByText('Connection lost — resuming…')).toBeInTheDocument();

    // Cancelling one leaves it out of the results.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel uploading notes.pdf' })));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    await act(async () => calls[0]!.resolve({ attachId: '1', originalName: 'report.pdf' }));
    expect(onDone).toHaveBeenCalledWith([{ attachId: '1', originalName: 'report.pdf' }]);
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
  });

  it('names a file it will not send, before sending anything', async () => {
    render(
      <App>
        <ResumableUpload category="document" accept=".pdf" maxSize={10} onDone={vi.fn()} />
      </App>,
    );
    await pick([new File(['x'.repeat(20)], 'big.pdf'), new File(['x'], 'virus.exe')]);
    expect(calls).toHaveLength(0);
    expect(toast).toHaveBeenCalledWith(
      'big.pdf is larger than 10 B and cannot be uploaded\nvirus.exe cannot be uploaded; allowed: .pdf',
    );
  });
});
