import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { DictLabel, DictSelect } from './DictSelect.tsx';

const items = [
  { id: '1', parentId: '9', code: 'post_category', dictKey: '1', dictValue: '高层', dictValueEn: 'Senior', sort: 1 },
  { id: '2', parentId: '9', code: 'post_category', dictKey: '3', dictValue: '基层', dictValueEn: 'Junior', sort: 3 },
  { id: '3', parentId: '9', code: 'post_category', dictKey: '4', dictValue: '外聘', dictValueEn: '', sort: 4 },
];

function stubDictionary() {
  const fetchMock = vi.fn(async (url: string) => {
    expect(url).toContain('/api/blade-system/dict/dictionary?code=post_category');
    return new Response(JSON.stringify({ code: 200, success: true, data: items, msg: '操作成功' }), { status: 200 });
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

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('dictionary-backed fields', () => {
  it('labels a numeric value with its dictionary text, fetching the dictionary once for every cell', async () => {
    const fetchMock = stubDictionary();
    const dict = { code: 'post_category', numeric: true };
    wrap(
      <>
        <p>
          <DictLabel dict={dict} value={3} />
        </p>
        <p>
          <DictLabel dict={dict} value={1} />
        </p>
        <p>
          <DictLabel dict={dict} value={7} />
        </p>
      </>,
    );
    await waitFor(() => expect(screen.getByText('基层')).toBeInTheDocument(), { timeout: 5000 });
    expect(screen.getByText('高层')).toBeInTheDocument();
    // A value the dictionary does not know is shown as it is, not hidden.
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the selected value by its label', async () => {
    stubDictionary();
    wrap(<DictSelect dict={{ code: 'post_category', numeric: true }} value={1} />);
    await waitFor(() => expect(screen.getByText('高层')).toBeInTheDocument(), { timeout: 5000 });
  });

  it('shows an item’s English in English, and the stored Chinese where it has none', async () => {
    await i18n.changeLanguage('en');
    stubDictionary();
    const dict = { code: 'post_category', numeric: true };
    wrap(
      <>
        <p>
          <DictLabel dict={dict} value={1} />
        </p>
        <p>
          <DictLabel dict={dict} value={4} />
        </p>
      </>,
    );
    await waitFor(() => expect(screen.getByText('Senior')).toBeInTheDocument(), { timeout: 5000 });
    // Added by an administrator without an English name.
    expect(screen.getByText('外聘')).toBeInTheDocument();
  });
});
