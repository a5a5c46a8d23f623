import type { User } from '@shixun/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ownInfoQuery } from '../../../app/account.ts';
import type { SessionUser } from '../../../stores/auth.ts';
import { useSettings } from '../../../stores/settings.ts';
import { Welcome } from './Welcome.tsx';

const session = (roleName: string): SessionUser => ({
  userId: '1',
  account: 'teacher1',
  name: '王老师',
  avatar: '',
  tenantId: '000001',
  roleName,
});

/** The home page's card for a user with these role aliases and (in their own record) these role names. */
function show(aliases: string, names: string, namesEn = names) {
  const client = new QueryClient();
  client.setQueryData(ownInfoQuery.queryKey, { roleName: names, roleNameEn: namesEn } as User);
  render(
    <QueryClientProvider client={client}>
      <Welcome user={session(aliases)} />
    </QueryClientProvider>,
  );
}

afterEach(() => useSettings.setState({ language: 'zh' }));

describe('Welcome', () => {
  it('names a teacher’s roles as stored and does not show the tenant', async () => {
    show('teacher', '教师,班主任');
    expect(await screen.findByText('教师')).toBeInTheDocument();
    expect(screen.getByText('班主任')).toBeInTheDocument();
    expect(screen.queryByText('teacher')).toBeNull();
    expect(screen.queryByText('租户')).toBeNull();
    expect(screen.queryByText('000001')).toBeNull();
  });

  it('shows an administrator the tenant', async () => {
    show('admin', '管理员');
    expect(await screen.findByText('管理员')).toBeInTheDocument();
    expect(screen.getByText('000001')).toBeInTheDocument();
  });

  it('shows the roles’ English names in English (a role without one by its Chinese, as the server sends it)', async () => {
    useSettings.setState({ language: 'en' });
    show('teacher', '教师,班主任', 'Teacher,班主任');
    expect(await screen.findByText('Teacher')).toBeInTheDocument();
    expect(screen.getByText('班主任')).toBeInTheDocument();
  });
});
