import { z } from 'zod';

/** 64-bit ids travel as decimal strings so JavaScript never rounds them. Tree roots have parentId "0". */
/** The largest id a bigint column holds; a longer or larger number is a client's mistake, not a database error. */
const MAX_ID = 9223372036854775807n;
export const idSchema = z
  .string()
  .regex(/^\d{1,19}$/, { error: 'validation.id', abort: true })
  .refine((s) => BigInt(s) <= MAX_ID, { error: 'validation.id' });
export type Id = z.infer<typeof idSchema>;

/** `ids=a,b,c` as sent by `remove?ids=`. */
export const idListSchema = z
  .string({ error: 'validation.ids' })
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(idSchema).min(1, { error: 'validation.ids' }).max(1000, { error: 'validation.ids' }));

export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 200;

/** Paging keys every list accepts; filters are declared per resource on top of these. */
export const pageQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  ascs: z.string().max(200).optional(),
  descs: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** The list counts at most this far (very large tables): there are more than `total` rows; narrow the filters. */
  totalCapped?: boolean;
}

/** The one response envelope: success is exactly `code === 200`. */
export interface Envelope<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  /** The title in English, where the row has one; the web shows it in English and `title` otherwise. */
  titleEn?: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: TreeNode[];
}

/** Columns every entity carries (ARCHITECTURE §5), as presented to clients. */
export const auditSchema = z.object({
  id: idSchema,
  createUser: idSchema.nullable(),
  createTime: z.string(),
  updateUser: idSchema.nullable(),
  updateTime: z.string(),
  status: z.number().int(),
});

/** Optional free text: empty string is stored as empty string, absent stays untouched on update. */
export const remarkSchema = z.string().max(500, { error: 'validation.tooLong' });

/**
 * The English beside a product-supplied Chinese text (a role, menu, dictionary or parameter name): optional, '' =
 * none, and then the English interface shows the Chinese. Seeded rows carry both languages.
 */
export const englishTextSchema = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' });

/** 1 normal, 0 disabled (SPEC: status column 0 = disabled, otherwise enabled). */
export const statusSchema = z.union([z.literal(0), z.literal(1)], { error: 'validation.status' });
