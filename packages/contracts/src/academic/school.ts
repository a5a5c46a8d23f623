import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';
import { avatarSchema } from '../system/user.ts';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });
const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' });

/** 学校 as an administrator edits it. */
export const schoolFormSchema = z.object({
  name: required('school.name.required').max(100, { error: 'validation.tooLong' }),
  code: required('school.code.required')
    .max(32, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'school.code.format' }),
  /** A code of the region tree; '' = none. */
  regionCode: z
    .string()
    .trim()
    .regex(/^(\d{2,12})?$/, { error: 'validation.invalid' })
    .optional(),
  address: text(255).optional(),
  linkman: text(50).optional(),
  phone: text(30)
    .regex(/^[0-9+\-() ]*$/, { error: 'school.phone.format' })
    .optional(),
  logo: avatarSchema.optional(),
  sort: z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(99999).optional(),
  remark: text(500).optional(),
  status: z.union([z.literal(0), z.literal(1)], { error: 'validation.status' }).optional(),
});
export type SchoolForm = z.infer<typeof schoolFormSchema>;

export const schoolSchema = auditSchema.extend({
  tenantId: z.string(),
  name: z.string(),
  code: z.string(),
  regionCode: z.string(),
  /** The region's names from province down, e.g. 浙江省 杭州市 西湖区. */
  regionName: z.string(),
  address: z.string(),
  linkman: z.string(),
  phone: z.string(),
  logo: z.string(),
  sort: z.number(),
  remark: z.string(),
});
export type School = z.infer<typeof schoolSchema>;

/** `?schoolId=` of the calls that list one school's rows. */
export const schoolIdQuerySchema = z.object({ schoolId: z.union([z.literal(''), idSchema]).optional() });
