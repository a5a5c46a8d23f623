import { z } from 'zod';

/** What a stored file is, decided from its content: the group it belongs to and the type it is served with. */
export const FILE_KINDS = {
  jpg: { group: 'image', mime: 'image/jpeg' },
  png: { group: 'image', mime: 'image/png' },
  gif: { group: 'image', mime: 'image/gif' },
  webp: { group: 'image', mime: 'image/webp' },
  mp3: { group: 'audio', mime: 'audio/mpeg' },
  wav: { group: 'audio', mime: 'audio/wav' },
  wma: { group: 'audio', mime: 'audio/x-ms-wma' },
  mp4: { group: 'video', mime: 'video/mp4' },
  webm: { group: 'video', mime: 'video/webm' },
  pdf: { group: 'document', mime: 'application/pdf' },
  docx: { group: 'document', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { group: 'document', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { group: 'document', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  doc: { group: 'document', mime: 'application/msword' },
  xls: { group: 'document', mime: 'application/vnd.ms-excel' },
  ppt: { group: 'document', mime: 'application/vnd.ms-powerpoint' },
  txt: { group: 'document', mime: 'text/plain' },
} as const;
export type FileExt = keyof typeof FILE_KINDS;
export type FileGroup = (typeof FILE_KINDS)[FileExt]['group'];

/** Upload categories (`put-file?category=`); `file`, the default, takes any kind above. */
export const UPLOAD_CATEGORIES = ['avatar', 'image', 'audio', 'video', 'document', 'file'] as const;
export type UploadCategory = (typeof UPLOAD_CATEGORIES)[number];

const exts = (group: FileGroup) => (Object.keys(FILE_KINDS) as FileExt[]).filter((e) => FILE_KINDS[e].group === group);

/** The kinds each category accepts. */
export const CATEGORY_EXTS: Record<UploadCategory, FileExt[]> = {
  avatar: ['jpg', 'png'],
  image: exts('image'),
  audio: exts('audio'),
  video: exts('video'),
  document: exts('document'),
  file: Object.keys(FILE_KINDS) as FileExt[],
};

/** An avatar is at most 500 KB (SPEC §9); the other limits are parameters (`upload.<group>MaxMb`). */
export const AVATAR_MAX_BYTES = 500 * 1024;
export const DEFAULT_GROUP_MAX_MB: Record<FileGroup, number> = { image: 10, audio: 50, video: 200, document: 50 };
export const uploadParamKey = (group: FileGroup) => `upload.${group}MaxMb`;

/** For the `accept` attribute of a file input: the extensions a category takes. */
export function acceptOf(category: UploadCategory): string {
  const list = CATEGORY_EXTS[category].map((e) => `.${e}`);
  return category === 'avatar' || category === 'image' ? [...list, '.jpeg'].join(',') : list.join(',');
}

/** Kinds a browser shows inline; everything else is downloaded (and never HTML or SVG). */
export const INLINE_EXTS: FileExt[] = ['jpg', 'png', 'gif', 'webp', 'mp3', 'wav', 'mp4', 'webm', 'pdf'];

export const putFileQuerySchema = z.object({
  category: z.enum(UPLOAD_CATEGORIES, { error: 'file.category' }).default('file'),
});

/** What `put-file` answers (BladeX BladeFile + the attachment's id). */
export const putFileResultSchema = z.object({
  link: z.string(),
  domain: z.string(),
  name: z.string(),
  originalName: z.string(),
  attachId: z.string(),
  /** SHA-256 of the stored bytes (hex); absent from servers before it was kept. */
  sha256: z.string().optional(),
});
export type PutFileResult = z.infer<typeof putFileResultSchema>;

/**
 * Resumable uploads (the tus 1.0 protocol): created by POST to this path, continued by HEAD/PATCH on the upload's
 * URL (the Location the creation answers), and, once every byte has arrived, `GET <upload URL>/result`.
 */
export const RESUMABLE_UPLOAD_PATH = '/api/blade-resource/oss/endpoint/tus';

/** The `Upload-Metadata` a resumable upload is created with: the file's name and the put-file category. */
export interface ResumableUploadMetadata {
  filename: string;
  category: UploadCategory;
}

/**
 * What a stored upload is (put-file answers it, a finished resumable upload's `/result` too): the attachment, its
 * size, the SHA-256 of its bytes and when its upload began (`create_time` of the attachment: for a resumable upload
 * the moment it was created, which is what a deadline is compared with).
 */
export const storedUploadSchema = putFileResultSchema.extend({
  size: z.number(),
  sha256: z.string(),
  beganAt: z.string(),
});
export type StoredUpload = z.infer<typeof storedUploadSchema>;
