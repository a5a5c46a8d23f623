import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../stores/auth.ts';
import { useSettings } from '../stores/settings.ts';
import { connectUi } from './bridge.ts';

/** A stand-in for tus-js-client's Upload: records its options; each test drives the callbacks it needs. */
const tus = vi.hoisted(() => ({
  last: null as null | {
    options: Record<string, (...args: never[]) => unknown> & Record<string, unknown>;
    url: string | null;
    resumedFrom: unknown;
    aborted: boolean | undefined;
    start: () => void;
  },
  previous: [] as unknown[],
}));
vi.mock('tus-js-client', () => ({
  Upload: class {
    url: string | null = null;
    resumedFrom: unknown = null;
    aborted: boolean | undefined;
    constructor(
      _file: unknown,
      readonly options: never,
    ) {
      tus.last = this as never;
    }
    start() {}
    findPreviousUploads() {
      return Promise.resolve(tus.previous);
    }
    resumeFromPreviousUpload(p: unknown) {
      this.resumedFrom = p;
    }
    abort(terminate?: boolean) {
      this.aborted = terminate;
      return Promise.resolve();
    }
  },
}));

const { CHUNK_SIZE, envelopeOf, PAUSE, RETRY_DELAYS, resultUrlOf, shouldRetry, uploadResumable } = await import(
  './resumable.ts'
);

const toast = vi.fn<(text: string) => void>();
const response = (status: number, body = '') => ({ getStatus: () => status, getBody: () => body, getHeader: () => '' });
const started = async () => {
  await vi.waitFor(() => expect(tus.last).not.toBeNull());
  await new Promise((r) => setTimeout(r, 0));
  return tus.last!;
};

beforeEach(() => {
  tus.last = null;
  tus.previous = [];
  connectUi({ error: toast, navigate: vi.fn() });
  useSettings.setState({ language: 'en' });
  useAuth.setState({ accessToken: 'tok-1', refreshToken: 'ref-1', tenantId: '000000', savedAt: Date.now() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockReset();
  useAuth.getState().clear();
});

describe('what is retried', () => {
  it('retries when no answer came, on the server’s trouble and on conflicts; a refusal is final', () => {
    for (const status of [0, 500, 502, 503, 409, 423]) expect(shouldRetry(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 413, 429]) expect(shouldRetry(status)).toBe(false);
  });

  it('keeps trying for about ten minutes, in parts of 1 MB', () => {
    const total = RETRY_DELAYS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(9 * 60_000);
    expect(total).toBeLessThanOrEqual(15 * 60_000);
    expect(RETRY_DELAYS[0]).toBe(0);
    expect(CHUNK_SIZE).toBe(1024 * 1024);
  });
});

describe('answers', () => {
  it('reads our envelope from an error body, and nothing from tus’s plain texts', () => {
    expect(envelopeOf('{"code":400,"success":false,"msg":"文件不能超过 10 MB","data":null}')?.msg).toBe(
      '文件不能超过 10 MB',
    );
    expect(envelopeOf('Upload-Offset header is invalid\n')).toBeUndefined();
    expect(envelopeOf('')).toBeUndefined();
    expect(envelopeOf('42')).toBeUndefined();
  });

  it('asks for the result at the upload’s own URL, on this site', () => {
    expect(resultUrlOf('/api/blade-resource/oss/endpoint/tus/abc')).toBe(
      '/api/blade-resource/oss/endpoint/tus/abc/result',
    );
    expect(resultUrlOf(`${window.location.origin}/api/blade-resource/oss/endpoint/tus/abc`)).toBe(
      '/api/blade-resource/oss/endpoint/tus/abc/result',
    );
  });
});

describe('uploadResumable', () => {
  const file = new File(['%PDF-1.4 hello'], '报告.pdf', { type: 'application/pdf' });

  it('sends the session’s headers on every request, resumes a previous upload and resolves with the result', async () => {
    const stored = { attachId: '9', link: '/files/x', sha256: 'ab', size: 14 };
    const fetchMock = vi.fn(
      async (_url: string | URL | Request) =>
        new Response(JSON.stringify({ code: 200, success: true, data: stored, msg: '' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    tus.previous = [
      { metadata: { category: 'image' }, uploadUrl: '/x/1' },
      { metadata: { category: 'document' }, uploadUrl: '/x/2' },
    ];
    const progress = vi.fn();
    const done = uploadResumable(file, 'document', { onProgress: progress });
    const upload = await started();
    expect(upload.options.metadata).toEqual({ filename: '报告.pdf', category: 'document' });
    expect(upload.options.storeFingerprintForResuming).toBe(true);
    expect(upload.resumedFrom).toEqual(tus.previous[1]);

    const headers = new Map<string, string>();
    upload.options.onBeforeRequest!({ setHeader: (k: string, v: string) => headers.set(k, v) } as never);
    expect(headers.get('Blade-Auth')).toBe('bearer tok-1');
    expect(headers.get('Accept-Language')).toBe('en');

    upload.options.onProgress!(5 as never, 14 as never);
    expect(progress).toHaveBeenCalledWith(5, 14);
    upload.url = '/api/blade-resource/oss/endpoint/tus/abc';
    upload.options.onSuccess!({} as never);
    await expect(done).resolves.toEqual(stored);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/blade-resource/oss/endpoint/tus/abc/result');
  });

  it('says "resuming" while a dropped connection is retried', async () => {
    const retry = vi.fn();
    void uploadResumable(file, 'document', { onRetry: retry });
    const upload = await started();
    expect(upload.options.onShouldRetry!({ originalResponse: null } as never, 0 as never)).toBe(true);
    expect(retry).toHaveBeenCalledWith(1);
    expect(upload.options.onShouldRetry!({ originalResponse: response(400) } as never, 1 as never)).toBe(false);
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s refusal like any API error and rejects with it', async () => {
    const done = uploadResumable(file, 'image');
    const upload = await started();
    const body = JSON.stringify({ code: 400, success: false, data: null, msg: 'This type of file is not accepted' });
    upload.options.onError!({ originalResponse: response(400, body) } as never);
    await expect(done).rejects.toMatchObject({ code: 400, message: 'This type of file is not accepted' });
    expect(toast).toHaveBeenCalledWith('This type of file is not accepted');
  });

  it('abandons the upload on cancel, and only stops it when paused', async () => {
    const cancel = new AbortController();
    const cancelled = uploadResumable(file, 'document', { signal: cancel.signal });
    const first = await started();
    cancel.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(first.aborted).toBe(true);

    tus.last = null;
    const pause = new AbortController();
    const paused = uploadResumable(file, 'document', { signal: pause.signal });
    const second = await started();
    pause.abort(PAUSE);
    await expect(paused).rejects.toMatchObject({ name: 'AbortError' });
    expect(second.aborted).toBe(false);
  });
});
