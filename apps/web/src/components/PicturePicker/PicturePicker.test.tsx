import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PicturePicker } from './index.tsx';

const picture = (id: string, originalName: string) => ({
  id,
  link: `/files/000000/20260105/${id.padEnd(24, 'x')}.png`,
  originalName,
  extension: 'png',
  attachSize: 2048,
  createTime: '2026-01-05T08:00:00Z',
});

function stubPictures() {
  const fetchMock = vi.fn(async (url: string) => {
    expect(url).toContain('/api/blade-resource/attach/pictures');
    const records = [picture('1', '实训台.png'), picture('2', '电路图.png')];
    return new Response(JSON.stringify({ code: 200, data: { records, total: 2, size: 10, current: 1, pages: 1 } }), {
      status: 200,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>{children}</App>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('PicturePicker', () => {
  it('lists uploaded pictures and picks the chosen row with 确定', async () => {
    stubPictures();
    const onPick = vi.fn();
    wrap(<PicturePicker open boxType="edit" onPick={onPick} onClose={() => {}} />);
    expect(await screen.findByText('选择图片')).toBeInTheDocument();
    const row = await screen.findByText('电路图.png');
    expect(screen.getByAltText('实训台.png')).toHaveAttribute('src', picture('1', '').link);
    const ok = screen.getByRole('button', { name: /确\s*定/ });
    expect(ok).toBeDisabled();
    await userEvent.click(row);
    await userEvent.click(ok);
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: '2', originalName: '电路图.png' }));
  });

  it('picks a row on double click', async () => {
    stubPictures();
    const onPick = vi.fn();
    wrap(<PicturePicker open onPick={onPick} onClose={() => {}} />);
    await userEvent.dblClick(await screen.findByText('实训台.png'));
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: '1' })));
  });

  it('does nothing when the box type is view: no dialog, no request', async () => {
    const fetchMock = stubPictures();
    const onPick = vi.fn();
    wrap(<PicturePicker open boxType="view" onPick={onPick} onClose={() => {}} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('选择图片')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
