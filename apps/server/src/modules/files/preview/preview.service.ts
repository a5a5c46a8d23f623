import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  FILE_KINDS,
  type FileExt,
  type FilePreview,
  PREVIEW_EXTERNAL_PARAM,
  type PreviewMode,
} from '@shixun/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import type { FileStore } from '../../../core/files/file-store.ts';
import { ConversionFailed, convertedPath, type OfficeConverter } from '../../../core/files/office-pdf.ts';
import { OncePerKey } from '../../../core/files/once-per-key.ts';
import { OBJECT_KEY } from '../../../core/files/storage.ts';
import { badRequest, notFound } from '../../../core/http/errors.ts';
import { paramValue } from '../../../core/settings/params.ts';
import { attach } from '../../../db/schema/index.ts';

export type AttachRow = typeof attach.$inferSelect;

/** Office documents LibreOffice turns into a PDF; without it, docx and xlsx are drawn by the browser. */
const OFFICE: FileExt[] = ['docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt'];
const IN_BROWSER: Partial<Record<FileExt, PreviewMode>> = { docx: 'docx', xlsx: 'xlsx' };
/** What a browser plays or shows itself (WMA is not among them: it can only be downloaded). */
const NATIVE: Partial<Record<FileExt, PreviewMode>> = {
  pdf: 'pdf',
  jpg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  mp3: 'audio',
  wav: 'audio',
  mp4: 'video',
  webm: 'video',
  txt: 'text',
};

const API = '/api/blade-resource/oss/endpoint';
const fileUrl = (link: string, format?: 'pdf') =>
  `${API}/preview-file?link=${encodeURIComponent(link)}${format ? `&format=${format}` : ''}`;

/**
 * A link we gave out: `/files/<object key>` on the local disk, or an http(s) address of a bucket. Anything else —
 * another scheme, `..`, a backslash, control characters — is not a file path of ours.
 */
function wellFormed(link: string): boolean {
  if (link.startsWith('/files/')) return OBJECT_KEY.test(link.slice('/files/'.length));
  // Dot segments and encoded dots or slashes are refused as written: URL parsing would quietly resolve them.
  return /^https?:\/\/[^\s\\]+$/.test(link) && !/\/\.\.?(?:\/|$)|%2e|%2f|%5c/i.test(link);
}

/**
 * The preview of stored files: which viewer fits a file, the PDF LibreOffice makes of an Office document (once per
 * file, cached beside the local files), and the address of an external preview service when one is configured.
 */
export class PreviewService {
  private readonly converting = new OncePerKey<string>();

  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly converter: OfficeConverter,
  ) {}

  /** The caller's tenant's live attachment with this link: 400 for a malformed path, 404 for anything else. */
  async find(tenantId: string, link: string): Promise<AttachRow> {
    if (!wellFormed(link)) throw badRequest('file.path.invalid');
    const [row] = await this.db
      .select()
      .from(attach)
      .where(and(eq(attach.tenantId, tenantId), eq(attach.link, link), eq(attach.isDeleted, 0)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  /** How to show the file; an Office document is converted first when LibreOffice is here (or an error says why not). */
  async describe(row: AttachRow, origin: string): Promise<FilePreview> {
    const ext = row.extension as FileExt;
    const base = {
      name: row.originalName,
      extension: ext,
      size: row.attachSize,
      download: fileUrl(row.link),
      converted: false,
    };
    const external = await this.externalUrl(row, origin);
    if (external) return { ...base, mode: 'external', source: external };
    const native = NATIVE[ext];
    if (native) {
      const viaApi = native === 'pdf' || native === 'text';
      return { ...base, mode: native, source: viaApi ? fileUrl(row.link) : row.link };
    }
    if (OFFICE.includes(ext) && this.converter.available) {
      await this.pdfOf(row);
      return { ...base, mode: 'pdf', source: fileUrl(row.link, 'pdf'), converted: true };
    }
    const inBrowser = IN_BROWSER[ext];
    if (inBrowser) return { ...base, mode: inBrowser, source: fileUrl(row.link) };
    return { ...base, mode: 'download', source: fileUrl(row.link) };
  }

  /**
   * The cached PDF of an Office document, converting it on first use. Two previews of the same file share one
   * conversion; the converter itself runs one at a time.
   */
  async pdfOf(row: AttachRow): Promise<string> {
    const ext = row.extension as FileExt;
    if (!OFFICE.includes(ext) || !this.converter.available) throw badRequest('file.path.invalid');
    const target = convertedPath(this.files.filesDir, row.name);
    if (existsSync(target)) return target;
    return this.converting.run(row.name, () => this.convert(row, ext, target));
  }

  private async convert(row: AttachRow, ext: FileExt, target: string): Promise<string> {
    const tmpDir = path.join(this.files.filesDir, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    const copy = path.join(tmpDir, `preview-${randomBytes(8).toString('hex')}.${ext}`);
    const holder = await this.files.holding(this.db, row.ossId);
    try {
      await pipeline(await holder.storage.read(row.name), createWriteStream(copy));
      await this.converter.toPdf(copy, ext, target);
      return target;
    } catch (e) {
      if (e instanceof ConversionFailed) {
        throw badRequest(e.reason === 'timeout' ? 'preview.convert.timeout' : 'preview.convert.failed');
      }
      throw e;
    } finally {
      holder.close();
      await rm(copy, { force: true });
    }
  }

  /**
   * kkFileView-compatible: `<service>?url=<base64 of the file's absolute address>`. Used for documents only;
   * pictures, sound and video are shown by the browser itself.
   */
  private async externalUrl(row: AttachRow, origin: string): Promise<string | undefined> {
    const group = FILE_KINDS[row.extension as FileExt]?.group;
    if (group !== 'document' || row.extension === 'pdf') return undefined;
    const service = await paramValue(this.db, PREVIEW_EXTERNAL_PARAM);
    if (!service || !/^https?:\/\/\S+$/.test(service)) return undefined;
    const absolute = row.link.startsWith('/') ? `${origin}${row.link}` : row.link;
    const encoded = encodeURIComponent(Buffer.from(absolute).toString('base64'));
    return `${service}${service.includes('?') ? '&' : '?'}url=${encoded}`;
  }
}
