import { z } from 'zod';
import { auditSchema, englishTextSchema, idSchema, remarkSchema } from '../common.ts';

/** Root code of the dictionary tree (`dict/tree?code=DICT`). */
export const DICT_ROOT_CODE = 'DICT';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/** Number inputs send `null` or `''` when cleared: both mean "not entered", never 0. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const requiredNumber = (key: string, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key }),
  );

const code = required('dict.code.required')
  .max(100, { error: 'validation.tooLong' })
  .regex(/^[A-Za-z0-9._-]+$/, { error: 'dict.code.format' });
const dictValue = required('dict.dictValue.required').max(255, { error: 'validation.tooLong' });
const dictKey = required('dict.dictKey.required').max(100, { error: 'validation.tooLong' });
const sort = requiredNumber('dict.sort.required', 0, 99999);
/** 0 open, 1 sealed (kept, but no longer offered by `dictionary`). */
const isSealed = requiredNumber('dict.isSealed.required', 0, 1);

/**
 * What `dict/submit` and `dict-biz/submit` accept: a parent (parentId absent or "0") or an item under one.
 * Rules that depend on the kind of row or on other rows (an item needs a dictKey, its code is its parent's, keys
 * and parent codes are unique) are enforced by the server. There are no `.default()`s: an update sends only what
 * changed, and a default would overwrite the rest. An absent isSealed is stored as 0 by the database.
 */
export const dictFormSchema = z.object({
  parentId: idSchema.optional(),
  code,
  dictValue,
  dictValueEn: englishTextSchema(255).optional(),
  dictKey: dictKey.optional(),
  sort,
  isSealed: isSealed.optional(),
  remark: remarkSchema.optional(),
});
export type DictForm = z.infer<typeof dictFormSchema>;

/** The form of a dictionary (parent row, SPEC §5): code, name, sort and sealed are required. */
export const dictParentFormSchema = dictFormSchema
  .pick({ code: true, dictValue: true, dictValueEn: true, sort: true, remark: true })
  .extend({
    isSealed,
  });
export type DictParentForm = z.infer<typeof dictParentFormSchema>;

/** The form of a dictionary item (child row, SPEC §5): code, name, key and sort are required. */
export const dictChildFormSchema = dictFormSchema.extend({ dictKey });
export type DictChildForm = z.infer<typeof dictChildFormSchema>;

/**
 * A dictionary row as presented (SPEC §3): parents have parentId "0" and name a code; children carry the
 * dictKey/dictValue pairs that selects offer. Sealed rows (isSealed 1) are kept but never offered by `dictionary`.
 */
export const dictSchema = auditSchema.extend({
  parentId: z.string(),
  code: z.string(),
  dictKey: z.string(),
  dictValue: z.string(),
  dictValueEn: z.string(),
  sort: z.number(),
  remark: z.string(),
  isSealed: z.number(),
});
export type Dict = z.infer<typeof dictSchema>;

/** A business dictionary row: the same, owned by one tenant. */
export const dictBizSchema = dictSchema.extend({ tenantId: z.string() });
export type DictBiz = z.infer<typeof dictBizSchema>;

/** `dict/dictionary?code=` and `dict-biz/dictionary?code=`: the live, unsealed children of a code, by sort. */
export const dictOptionSchema = dictSchema.pick({
  id: true,
  parentId: true,
  code: true,
  dictKey: true,
  dictValue: true,
  dictValueEn: true,
  sort: true,
});
export type DictOption = z.infer<typeof dictOptionSchema>;
