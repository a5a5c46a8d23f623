import { z } from 'zod';

/** The parent code of provinces, as BladeX has it. */
export const REGION_ROOT = '00';
/** 1 province, 2 city, 3 district, 4 town, 5 village (dictionary `region`). */
export const REGION_MAX_LEVEL = 5;
/**
 * Digits of a code at each level (index 0 = level 1): provinces 2, cities 4, districts 6 (GB/T 2260 prefixes, as
 * BladeX stores them), towns 9 and villages 12 (the statistics bureau's extension). A child's code starts with its
 * parent's.
 */
export const REGION_CODE_LENGTHS = [2, 4, 6, 9, 12] as const;

/** 行政区划 add/edit form. Ancestors, level and the province…village columns are derived by the server. */
export const regionFormSchema = z.object({
  code: z
    .string({ error: 'region.code.required' })
    .trim()
    .min(1, { error: 'region.code.required' })
    .regex(/^\d{2,12}$/, { error: 'region.code.format' })
    .refine((c) => !/^0+$/.test(c), { error: 'region.code.format' }),
  /** Absent or "00" = a province. */
  parentCode: z
    .string()
    .trim()
    .regex(/^\d{2,12}$/, { error: 'region.parentCode.format' })
    .optional(),
  name: z
    .string({ error: 'region.name.required' })
    .trim()
    .min(1, { error: 'region.name.required' })
    .max(64, { error: 'region.name.tooLong' }),
  sort: z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(99999).optional(),
  remark: z.string().max(500, { error: 'validation.tooLong' }).optional(),
});
export type RegionForm = z.infer<typeof regionFormSchema>;

export const regionSchema = z.object({
  code: z.string(),
  parentCode: z.string(),
  /** "00,<province>,<city>…": the codes above this one. */
  ancestors: z.string(),
  name: z.string(),
  regionLevel: z.number().int(),
  provinceCode: z.string(),
  provinceName: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  districtCode: z.string(),
  districtName: z.string(),
  townCode: z.string(),
  townName: z.string(),
  villageCode: z.string(),
  villageName: z.string(),
  sort: z.number().int(),
  remark: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Region = z.infer<typeof regionSchema>;
