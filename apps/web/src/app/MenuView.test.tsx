import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuth } from '../stores/auth.ts';
import { MENU_QUERY_KEY } from './account.ts';
import MenuView from './MenuView.tsx';

/** MenuView at `path` for a signed-in user whose menu (already loaded) holds no page. */
function open(path: string) {
  const client = new QueryClient();
  client.setQueryData(MENU_QUERY_KEY, []);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/404" element={<p>not-found page</p>} />
          <Route path="*" element={<MenuView />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => useAuth.getState().clear());

describe('MenuView for a page not on the menu', () => {
  it('refuses a page the app has (e.g. 用户管理 for a teacher) in place, with the way home', async () => {
    open('/system/user');
    expect(await screen.findByText('没有权限访问此页面')).toBeInTheDocument();
    expect(screen.getByText('返回首页')).toBeInTheDocument();
    expect(screen.queryByText('not-found page')).toBeNull();
  });

  it('sends a path that is nobody’s page to /404', async () => {
    open('/no/such/page');
    expect(await screen.findByText('not-found page')).toBeInTheDocument();
  });
});
