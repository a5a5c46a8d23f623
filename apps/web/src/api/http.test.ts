import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../stores/auth.ts';
import { useLock } from '../stores/lock.ts';
import { useSettings } from '../stores/settings.ts';
import { useTabs } from '../stores/tabs.ts';
import { connectUi } from './bridge.ts';
import { HttpError, http, request, retryAfterOf } from './http.ts';

const toast = vi.fn<(text: string) => void>();
const navigate = vi.fn<(path: string) => void>();
const fetchMock = vi.fn<typeof fetch>();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const signedIn = () =>
  useAuth.setState({ accessToken: 'tok-1', refreshToken: 'ref-1', tenantId: '000000', savedAt: Date.now() });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  connectUi({ error: toast, navigate });
  useSettings.setState({ language: 'zh' });
  useAuth.getState().clear();
  useTabs.getState().closeAll();
  useLock.getState().clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  fetchMock.mockReset();
  toast.mockReset();
  navigate.mockReset();
});

const sentHeaders = () => new Headers(fetchMock.mock.calls[0]![1]!.headers);

describe('request headers', () => {
  it('sends the client Basic header, no Blade-Auth when signed out, and zh-CN by default', async () => {
    fetchMock.mockResolvedValue(json({ code: 200, success: true, data: 1, msg: '' }));
    await http.get('/api/x');
    const h = sentHeaders();
    expect(h.get('Authorization')).toBe(`Basic ${btoa('saber:saber_secret')}`);
    expect(h.get('Blade-Auth')).toBeNull();
    expect(h.get('Accept-Language')).toBe('zh-CN');
  });

  it('adds the bearer token, the English language and a JSON body', async () => {
    signedIn();
    useSettings.setState({ language: 'en' });
    fetchMock.mockResolvedValue(json({ code: 200, success: true, data: null, msg: '' }));
    await http.post('/api/blade-system/param/submit', { paramName: 'a' });
    const [url, init] = fetchMock.mock.calls[0]!;
    const h = sentHeaders();
    expect(url).toBe('/api/blade-system/param/submit');
    expect(h.get('Blade-Auth')).toBe('bearer tok-1');
    expect(h.get('Accept-Language')).toBe('en');
    expect(h.get('Content-Type')).toBe('application/json');
    expect(init!.body).toBe('{"paramName":"a"}');
  });

  it('puts params in the query string and leaves empty filters out', async () => {
    fetchMock.mockResolvedValue(json({ code: 200, success: true, data: null, msg: '' }));
    await http.get('/api/list', { current: 2, size: 10, paramName: '', paramKey: undefined, q: 'a b' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/list?current=2&size=10&q=a+b');
  });
});

describe('responses', () => {
  it('resolves with the envelope data', async () => {
    fetchMock.mockResolvedValue(json({ code: 200, success: true, data: { id: '1' }, msg: '操作成功' }));
    await expect(http.get('/api/x')).resolves.toEqual({ id: '1' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('resolves a raw body (the token endpoint) as is; without a body code the status counts', async () => {
    fetchMock.mockResolvedValue(json({ access_token: 'a' }));
    await expect(request('/api/token', { method: 'POST', raw: true })).resolves.toEqual({ access_token: 'a' });
  });

  it('uses the body code over the HTTP status: a 200 carrying code 400 is a failure', async () => {
    fetchMock.mockResolvedValue(json({ code: 400, success: false, data: null, msg: '请输入参数名称' }, 200));
    await expect(http.get('/api/x')).rejects.toMatchObject({ code: 400, message: '请输入参数名称' });
    expect(toast).toHaveBeenCalledWith('请输入参数名称');
  });

  it('falls back to the status when the body has no code', async () => {
    fetchMock.mockResolvedValue(json({ msg: 'boom' }, 500));
    await expect(http.get('/api/x')).rejects.toMatchObject({ code: 500 });
    expect(toast).toHaveBeenCalledWith('boom');
  });

  it('toasts msg, else error_description, else 未知错误 (translated in English)', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 400, msg: 'M', error_description: 'E' }, 400));
    await expect(http.get('/a')).rejects.toBeInstanceOf(HttpError);
    fetchMock.mockResolvedValueOnce(json({ code: 400, msg: '', error_description: 'E' }, 400));
    await expect(http.get('/b')).rejects.toBeInstanceOf(HttpError);
    fetchMock.mockResolvedValueOnce(json({ code: 400 }, 400));
    await expect(http.get('/c')).rejects.toBeInstanceOf(HttpError);
    useSettings.setState({ language: 'en' });
    fetchMock.mockResolvedValueOnce(new Response('not json', { status: 418 }));
    await expect(http.get('/d')).rejects.toBeInstanceOf(HttpError);
    expect(toast.mock.calls.map((c) => c[0])).toEqual(['M', 'E', '未知错误', 'Unknown error']);
  });

  it('does not toast when the caller shows the error itself', async () => {
    fetchMock.mockResolvedValue(json({ code: 400, msg: '用户名或密码错误' }, 400));
    await expect(request('/api/token', { quiet: true })).rejects.toThrow('用户名或密码错误');
    expect(toast).not.toHaveBeenCalled();
  });

  it('on a 403 toasts and asks the app to reload the menu, whose grants may have changed', async () => {
    const forbidden = vi.fn();
    connectUi({ forbidden });
    fetchMock.mockResolvedValueOnce(json({ code: 403, msg: '没有权限' }, 403));
    await expect(http.get('/api/blade-user/page')).rejects.toMatchObject({ code: 403 });
    expect(forbidden).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('没有权限');
    connectUi({ forbidden: () => {} });
  });

  it('uploads a file as multipart and downloads a file with the name the server gave it', async () => {
    signedIn();
    fetchMock.mockResolvedValueOnce(json({ code: 200, data: { inserted: 1 } }));
    const file = new File(['x'], 'users.xlsx');
    await expect(http.upload('/api/blade-user/import-user', file, { isCovered: 1 })).resolves.toEqual({ inserted: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/blade-user/import-user?isCovered=1');
    expect((init!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(new Headers(init!.headers).get('Content-Type')).toBeNull();

    const created = vi.fn(() => 'blob:1');
    vi.stubGlobal('URL', { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(
      new Response('PK', {
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="users.xlsx"; filename*=UTF-8''${encodeURIComponent('用户数据.xlsx')}`,
        },
      }),
    );
    await http.download('/api/blade-user/export-user', { account: 'a' });
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('用户数据.xlsx');
    click.mockRestore();
  });

  it('treats statuses beyond 500 as the service being unavailable', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(http.get('/api/x')).rejects.toMatchObject({ code: 502 });
    expect(toast).toHaveBeenCalledWith('服务暂时不可用（502），请稍后重试');
  });

  it('passes on how long a 429 or 503 asked to wait (Retry-After in seconds or as a date)', async () => {
    const refusal = (status: number, retryAfter: string) =>
      new Response(JSON.stringify({ code: status, success: false, data: null, msg: '稍后再试' }), {
        status,
        headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
      });
    fetchMock.mockResolvedValueOnce(refusal(503, '2'));
    await expect(http.get('/api/x', undefined, { quiet: true })).rejects.toMatchObject({ code: 503, retryAfter: 2 });
    fetchMock.mockResolvedValueOnce(refusal(429, '7'));
    await expect(http.get('/api/x', undefined, { quiet: true })).rejects.toMatchObject({ code: 429, retryAfter: 7 });
    expect(retryAfterOf(new Date(Date.now() + 30_000).toUTCString())).toBeGreaterThanOrEqual(29);
    expect(retryAfterOf(null)).toBeUndefined();
    expect(retryAfterOf('soon')).toBeUndefined();
  });
});

describe('401', () => {
  it('signs out locally (token, menu, permissions, tabs, lock) and goes to /login', async () => {
    signedIn();
    useAuth.getState().setPermission({ param_add: true });
    useTabs.getState().open({ value: '/system/param', label: '参数管理' });
    useLock.getState().lock('pw');
    fetchMock.mockResolvedValue(json({ code: 401, success: false, data: null, msg: '请求未授权' }, 401));

    await expect(http.get('/api/x')).rejects.toMatchObject({ code: 401 });

    const auth = useAuth.getState();
    expect([auth.accessToken, auth.refreshToken, auth.permission, auth.menu]).toEqual(['', '', {}, []]);
    expect(useTabs.getState().tabs.map((t) => t.value)).toEqual(['/wel/index']);
    expect(useLock.getState().locked).toBe(false);
    expect(JSON.parse(localStorage.getItem('shixun-auth')!).state.accessToken).toBe('');
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(toast).toHaveBeenCalledWith('请求未授权');
  });
});

describe('whitelist', () => {
  it('rejects whitelisted codes without a toast', async () => {
    const { website } = await import('../config.ts');
    website.statusWhiteList.push(409);
    try {
      fetchMock.mockResolvedValue(json({ code: 409, msg: 'conflict' }, 409));
      await expect(http.get('/api/x')).rejects.toMatchObject({ code: 409 });
      expect(toast).not.toHaveBeenCalled();
    } finally {
      website.statusWhiteList.length = 0;
    }
  });
});

describe('failures without a response', () => {
  it('rejects and toasts on a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.get('/api/x')).rejects.toMatchObject({ code: 0 });
    expect(toast).toHaveBeenCalledWith('网络异常，请检查网络连接');
  });

  it('aborts after 10 s and rejects with the timeout message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = http.get('/api/slow');
    const outcome = pending.then(
      () => 'resolved',
      (e: HttpError) => e.message,
    );
    await vi.advanceTimersByTimeAsync(9_999);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('请求超时，请稍后重试');
    expect(toast).toHaveBeenCalledWith('请求超时，请稍后重试');
  });
});
