import type { LoginResponse } from '@shixun/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectUi } from '../api/bridge.ts';
import { useAuth } from '../stores/auth.ts';
import { startTokenRefresh } from './token-refresh.ts';

const fetchMock = vi.fn<typeof fetch>();
let stop: () => void = () => {};

const fresh = {
  access_token: 'tok-2',
  refresh_token: 'ref-2',
  tenant_id: '000000',
  user_id: '1',
  account: 'admin',
  user_name: 'admin',
  nick_name: '管理员',
  real_name: '管理员',
  role_name: 'administrator',
  avatar: '',
} as LoginResponse;

const refreshCalls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('grant_type=refresh_token')).map(([url]) => String(url));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T08:00:00Z'));
  vi.stubGlobal('fetch', fetchMock);
  connectUi({ error: () => {}, navigate: () => {} });
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  fetchMock.mockReset();
  useAuth.getState().clear();
});

const signInAgo = (seconds: number) =>
  useAuth.setState({
    accessToken: 'tok-1',
    refreshToken: 'ref-1',
    tenantId: '000000',
    savedAt: Date.now() - seconds * 1000,
  });

describe('token refresh timer', () => {
  it('does nothing while the token is younger than 3000 s', async () => {
    signInAgo(2900);
    stop = startTokenRefresh();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(refreshCalls()).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('refreshes once on the next 10 s tick, holds a lock while the request is in flight, then stores the result', async () => {
    signInAgo(3000);
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    stop = startTokenRefresh();

    await vi.advanceTimersByTimeAsync(9_999);
    expect(refreshCalls()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls()).toHaveLength(1);
    const url = new URL(refreshCalls()[0]!, 'http://x');
    expect(url.pathname).toBe('/api/blade-auth/oauth/token');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'ref-1',
      tenantId: '000000',
      scope: 'all',
    });

    // Three more ticks while the first request hangs: the lock holds.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refreshCalls()).toHaveLength(1);

    answer(new Response(JSON.stringify(fresh), { status: 200 }));
    await vi.advanceTimersByTimeAsync(0);
    const auth = useAuth.getState();
    expect([auth.accessToken, auth.refreshToken, auth.savedAt]).toEqual(['tok-2', 'ref-2', Date.now()]);

    // The new token is young again: no further refresh.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('tries again on a later tick when a refresh fails', async () => {
    signInAgo(4000);
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 500, msg: 'down' }), { status: 500 }));
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(fresh), { status: 200 }));
    stop = startTokenRefresh();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(useAuth.getState().accessToken).toBe('tok-1');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refreshCalls()).toHaveLength(2);
    expect(useAuth.getState().accessToken).toBe('tok-2');
  });

  it('never refreshes when signed out', async () => {
    stop = startTokenRefresh();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
