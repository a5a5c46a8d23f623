import { z } from 'zod';
import type { FileExt } from './upload.ts';

/**
 * How the preview dialog shows a stored file (`oss/endpoint/preview`):
 * - `pdf`: pdf.js over `source` (the PDF itself, or an Office document converted by LibreOffice: `converted`);
 * - `image`, `audio`, `video`: the browser's own element on `source`, the file's link (audio and video seek
 *   through byte ranges);
 * - `docx`, `xlsx`: rendered in the browser from `source` (no converter on the server);
 * - `text`: plain text from `source`;
 * - `external`: the configured kkFileView-compatible service's page, `source`, in a frame;
 * - `download`: nothing a browser can show (a WMA, a pptx without a converter): offer `download`.
 */
export const PREVIEW_MODES = [
  'pdf',
  'image',
  'audio',
  'video',
  'docx',
  'xlsx',
  'text',
  'external',
  'download',
] as const;
export type PreviewMode = (typeof PREVIEW_MODES)[number];

export interface FilePreview {
  mode: PreviewMode;
  /** What the viewer loads: a file link (media, images), an API address to fetch with the session, or a page. */
  source: string;
  /** The original file, through the API (fetched with the session, saved under `name`). */
  download: string;
  /** The name it was uploaded with. */
  name: string;
  extension: FileExt;
  size: number;
  /** `source` is a PDF the server made from an Office document. */
  converted: boolean;
}

/** A link as `put-file` answered it (`/files/...` or the bucket's address); its absence is 文件路径有误. */
export const previewQuerySchema = z.object({
  link: z
    .string({ error: 'file.path.invalid' })
    .trim()
    .min(1, { error: 'file.path.invalid' })
    .max(1000, { error: 'file.path.invalid' }),
});

/** `preview-file`: the original bytes, or (`format=pdf`) the PDF made from an Office document. */
export const previewFileQuerySchema = previewQuerySchema.extend({
  format: z.enum(['pdf'], { error: 'validation.invalid' }).optional(),
});

/** The parameter naming an external preview service (kkFileView's `/onlinePreview`); empty = our own viewers. */
export const PREVIEW_EXTERNAL_PARAM = 'preview.externalUrl';
