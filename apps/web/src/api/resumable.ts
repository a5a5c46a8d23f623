import { RESUMABLE_UPLOAD_PATH, type StoredUpload, type UploadCategory } from '@shixun/contracts';
import { type DetailedError, type PreviousUpload, Upload } from 'tus-js-client';
import { apiHeaders, type Body, http, refuse, unanswered } from './http.ts';

/**
 * 1 MB a PATCH: on a school's slow link (1.6 Mbps, issue 26) a part takes about five seconds, so a dropped
 * connection loses at most that much, and the progress bar moves often enough to be believed.
 */
export const CHUNK_SIZE = 1024 * 1024;

/**
 * The waits (ms) before each new try after a dropped connection: at once, then quickly, then once a minute — about
 * ten minutes in all, long enough for a classroom's Wi-Fi to come back. Each try asks the server how much it has
 * (HEAD) and goes on from there.
 */
export const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, ...Array(8).fill(60_000)] as number[];

/**
 * Whether a failed request is worth another try: no answer (offline; unlike tus-js-client's default, we keep trying
 * while the browser says it is offline), the server's trouble, or a conflict a fresh HEAD settles. Any other 4xx
 * (not signed in, too large, a kind not allowed) is the answer.
 */
export function shouldRetry(status: number): boolean {
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

/** The envelope in an error's body, if it is one (tus's own refusals are short plain texts). */
export function envelopeOf(text: string | undefined): Body | undefined {
  if (!text) return undefined;
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? (body as Body) : undefined;
  } catch {
    return undefined;
  }
}

/** The URL of a finished upload's result (`<upload URL>/result`), on this site. */
export function resultUrlOf(uploadUrl: string): string {
  return `${new URL(uploadUrl, window.location.origin).pathname}/result`;
}

/** The abort reason that stops an upload without abandoning it (a page left mid-upload). */
export const PAUSE = 'pause';

export interface ResumableOptions {
  /** Bytes the server has taken so far, of the file's size. */
  onProgress?: (sent: number, total: number) => void;
  /** The connection dropped; the upload tries again by itself (attempt 1, 2 …). Progress resumes when it does. */
  onRetry?: (attempt: number) => void;
  /**
   * Aborting cancels the upload and abandons what the server has of it; aborting with the reason PAUSE only stops
   * it (the same file picked again later resumes). Either way the promise rejects with an AbortError.
   */
  signal?: AbortSignal;
}

/** Throws what the app shows for a failed upload: the server's message (in the user's language), toasted. */
function fail(error: Error | DetailedError): never {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return unanswered();
  return refuse(response.getStatus(), envelopeOf(response.getBody()));
}

/**
 * Uploads one file resumably (the tus protocol, server at RESUMABLE_UPLOAD_PATH), in parts of CHUNK_SIZE. A dropped
 * connection resumes by itself (RETRY_DELAYS); after a page reload, choosing the same file again resumes where it
 * stopped (tus-js-client keeps the upload's URL in localStorage under the file's fingerprint). The server checks
 * the file like put-file once it has every byte; resolves with the stored attachment (id, link, names, size,
 * SHA-256, when the upload began). Errors are toasted like any API error and reject with the HttpError.
 */
export function uploadResumable(
  file: File,
  category: UploadCategory,
  { onProgress, onRetry, signal }: ResumableOptions = {},
): Promise<StoredUpload> {
  return new Promise<StoredUpload>((resolve, reject) => {
    const settle = (work: () => unknown) => {
      try {
        work();
      } catch (e) {
        reject(e);
      }
    };
    const upload = new Upload(file, {
      endpoint: new URL(RESUMABLE_UPLOAD_PATH, window.location.origin).href,
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, category },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // Read at each request: a token refreshed during a long upload is used at once.
      onBeforeRequest: (req) => {
        for (const [name, value] of Object.entries(apiHeaders())) req.setHeader(name, value);
      },
      onProgress: (sent, total) => onProgress?.(sent, total),
      onShouldRetry: (error, attempt) => {
        const retry = shouldRetry(error.originalResponse?.getStatus() ?? 0);
        if (retry) onRetry?.(attempt + 1);
        return retry;
      },
      onSuccess: () => {
        if (!upload.url) return settle(unanswered);
        http.get<StoredUpload>(resultUrlOf(upload.url)).then(resolve, reject);
      },
      onError: (error) => settle(() => fail(error)),
    });
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener(
      'abort',
      () => {
        void upload.abort(signal.reason !== PAUSE).catch(() => {});
        reject(new DOMException('The upload was cancelled', 'AbortError'));
      },
      { once: true },
    );
    void upload
      .findPreviousUploads()
      .catch((): PreviousUpload[] => [])
      .then((previous) => {
        if (signal?.aborted) return;
        const same = previous.find((p) => p.metadata.category === category);
        if (same) upload.resumeFromPreviousUpload(same);
        upload.start();
      });
  });
}
