import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/** 部门 (dept): the organisation tree of a tenant (school → department → group). */
export const deptFormSchema = z.object({
  parentId: idSchema.optional(),
  deptName: required('dept.deptName.required').max(100, { error: 'validation.tooLong' }),
  fullName: z.string().trim().max(255, { error: 'validation.tooLong' }).optional(),
  /** 1 company/school, 2 department, 3 group (dictionary org_category). */
  deptCategory: z.coerce
    .number({ error: 'dept.deptCategory.required' })
    .int()
    .min(1)
    .max(3, { error: 'dept.deptCategory.required' }),
  sort: z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(99999).optional(),
  remark: z.string().max(500, { error: 'validation.tooLong' }).optional(),
});
export type DeptForm = z.infer<typeof deptFormSchema>;

export const deptSchema = auditSchema.extend({
  tenantId: z.string(),
  parentId: z.string(),
  ancestors: z.string(),
  deptName: z.string(),
  fullName: z.string(),
  deptCategory: z.number(),
  sort: z.number(),
  remark: z.string(),
});
export type Dept = z.infer<typeof deptSchema>;

/** A row of `dept/lazy-list`: a dept plus whether it has children to expand. */
export type DeptNode = Dept & { hasChildren: boolean };
