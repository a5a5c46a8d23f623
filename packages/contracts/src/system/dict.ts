import { z } from 'zod';
import { auditSchema } from '../common.ts';

/** Root code of the dictionary tree (`dict/tree?code=DICT`). */
export const DICT_ROOT_CODE = 'DICT';

/**
 * A dictionary row as presented (SPEC §3): parents have parentId "0" and name a code; children carry the
 * dictKey/dictValue pairs that selects offer. Sealed rows (isSealed 1) are kept but never offered by `dictionary`.
 */
export const dictSchema = auditSchema.extend({
  parentId: z.string(),
  code: z.string(),
  dictKey: z.string(),
  dictValue: z.string(),
  sort: z.number(),
  remark: z.string(),
  isSealed: z.number(),
});
export type Dict = z.infer<typeof dictSchema>;

/** `dict/dictionary?code=` and `dict-biz/dictionary?code=`: the live, unsealed children of a code, by sort. */
export const dictOptionSchema = dictSchema.pick({
  id: true,
  parentId: true,
  code: true,
  dictKey: true,
  dictValue: true,
  sort: true,
});
export type DictOption = z.infer<typeof dictOptionSchema>;
