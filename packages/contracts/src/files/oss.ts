import { z } from 'zod';
import { auditSchema, remarkSchema } from '../common.ts';

/** Keys of the system dictionary `oss`: every one is reached through its S3-compatible API. */
export const OSS_CATEGORIES = { minio: 1, qiniu: 2, aliyun: 3, tencent: 4, amazon: 5 } as const;

const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' });
const required = (key: Parameters<typeof z.string>[0] & string, max: number) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: 'validation.tooLong' });
const URL_PATTERN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._~/-]*)?$/;
/** An http(s) address; `optional` also takes '' (one pattern, not a union, so a failure names this rule). */
const url = (key: 'oss.endpoint.format' | 'oss.domain.format', optional = false) =>
  z
    .string()
    .trim()
    .max(255, { error: 'validation.tooLong' })
    .refine((s) => (optional && s === '') || URL_PATTERN.test(s), { error: key })
    .transform((s) => s.replace(/\/+$/, ''));

/** 对象存储 add/edit form. The secret key is write-only: given on add, given again only to change it. */
export const ossFormSchema = z.object({
  category: z.coerce
    .number({ error: 'oss.category.required' })
    .int({ error: 'oss.category.required' })
    .refine((n) => (Object.values(OSS_CATEGORIES) as number[]).includes(n), { error: 'oss.category.required' }),
  ossCode: required('oss.ossCode.required', 64).regex(/^[A-Za-z0-9_.-]+$/, { error: 'oss.ossCode.format' }),
  endpoint: url('oss.endpoint.format', true).pipe(z.string().min(1, { error: 'oss.endpoint.required' })),
  domain: url('oss.domain.format', true).optional(),
  accessKey: required('oss.accessKey.required', 255),
  secretKey: required('oss.secretKey.required', 255),
  bucketName: required('oss.bucketName.required', 63).regex(/^[a-z0-9][a-z0-9.-]{1,62}$/, {
    error: 'oss.bucketName.format',
  }),
  appId: text(255).optional(),
  region: text(64)
    .regex(/^[A-Za-z0-9-]*$/, { error: 'validation.invalid' })
    .optional(),
  remark: remarkSchema.optional(),
  status: z.union([z.literal(0), z.literal(1)], { error: 'validation.status' }).optional(),
});
export type OssForm = z.infer<typeof ossFormSchema>;

/** A storage config as its administrators see it: the secret key never, only whether one is kept. */
export const ossSchema = auditSchema.extend({
  category: z.number(),
  ossCode: z.string(),
  endpoint: z.string(),
  domain: z.string(),
  accessKey: z.string(),
  bucketName: z.string(),
  appId: z.string(),
  region: z.string(),
  remark: z.string(),
  enabled: z.number(),
});
export type Oss = z.infer<typeof ossSchema>;
