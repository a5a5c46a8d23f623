import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilePreview } from './index.tsx';

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>{children}</App>
    </QueryClientProvider>,
  );
}

function stubPreview(data: object) {
  const fetchMock = vi.fn(async (url: string) => {
    expect(url).toContain('/api/blade-resource/oss/endpoint/preview?link=');
    return new Response(JSON.stringify({ code: 200, data }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('FilePreview', () => {
  it('is titled 预览 and says 文件路径有误 without a path, asking nothing of the server', () => {
    const fetchMock = stubPreview({});
    wrap(<FilePreview open link="" onClose={() => {}} />);
    expect(screen.getByText('预览')).toBeInTheDocument();
    expect(screen.getByText('文件路径有误')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a picture with its name and size, and offers the download', async () => {
    stubPreview({
      mode: 'image',
      source: '/files/000000/20260105/abcdefghijklmnopqrstuvwx.png',
      download: '/api/blade-resource/oss/endpoint/preview-file?link=x',
      name: '电路图.png',
      extension: 'png',
      size: 2048,
      converted: false,
    });
    wrap(
      <FilePreview open link="/files/000000/20260105/abcdefghijklmnopqrstuvwx.png" onClose={() => {}} title="附件" />,
    );
    expect(await screen.findByAltText('电路图.png')).toHaveAttribute(
      'src',
      '/files/000000/20260105/abcdefghijklmnopqrstuvwx.png',
    );
    expect(screen.getByText('附件')).toBeInTheDocument();
    expect(screen.getByText('2 KB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /下\s*载/ })).toBeInTheDocument();
  });

  it('says when a file cannot be shown in the browser', async () => {
    stubPreview({
      mode: 'download',
      source: '/api/x',
      download: '/api/x',
      name: '课件.pptx',
      extension: 'pptx',
      size: 10,
      converted: false,
    });
    wrap(<FilePreview open link="/files/000000/20260105/abcdefghijklmnopqrstuvwx.pptx" onClose={() => {}} />);
    expect(await screen.findByText('此类文件无法在浏览器中预览，请下载后查看。')).toBeInTheDocument();
  });
});
