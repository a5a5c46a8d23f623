import type { Attach, AttachForm, FilePreview, Oss, OssForm, Page, Sms, SmsForm } from '@shixun/contracts';
import { type DownloadedFile, http, request } from './http.ts';
import { resourceApi } from './resource.ts';

const BASE = '/api/blade-resource';

/** 对象存储 (blade-resource): bucket settings; `enable` picks the tenant's, `test` tries it. */
export const ossApi = {
  ...resourceApi<Oss, OssForm>(`${BASE}/oss`),
  enable: (id: string) => http.post<null>(`${BASE}/oss/enable`, undefined, { params: { id } }),
  // A slow or unreachable bucket takes the S3 client's retries: longer than the usual 10 s.
  test: (id: string) => http.post<null>(`${BASE}/oss/test`, undefined, { params: { id }, timeout: 60_000 }),
};

/** 短信配置: provider settings; `send` is `endpoint/send-message` through the config with that code. */
export const smsApi = {
  ...resourceApi<Sms, SmsForm>(`${BASE}/sms`),
  enable: (id: string) => http.post<null>(`${BASE}/sms/enable`, undefined, { params: { id } }),
  send: (code: string, phones: string, params: string) =>
    http.post<null>(`${BASE}/sms/endpoint/send-message`, { code, phones, params }, { timeout: 30_000 }),
};

/** 附件管理: every stored file of the tenant. */
export const attachApi = {
  ...resourceApi<Attach, AttachForm>(`${BASE}/attach`),
  download: (id: string) => http.download(`${BASE}/attach/download`, { id }),
  /** The pictures the caller may pick (PicturePicker): their own uploads, or all the tenant's with attach_view. */
  pictures: (query: { current: number; size: number; originalName?: string }) =>
    http.get<Page<Attach>>(`${BASE}/attach/pictures`, query),
};

/**
 * How to show a stored file. Converting an Office document to PDF can take a while on the server (one at a time,
 * at most a minute each), hence the long timeout.
 */
export const fetchPreview = (link: string) =>
  // The dialog shows why a preview failed in place of the viewer: no toast on top of it.
  http.get<FilePreview>(`${BASE}/oss/endpoint/preview`, { link }, { timeout: 120_000, quiet: true });

/** The bytes a viewer draws (a `FilePreview`'s `source`), fetched with the session. */
export const fetchPreviewBytes = (source: string) => request<DownloadedFile>(source, { file: true, timeout: 120_000 });
