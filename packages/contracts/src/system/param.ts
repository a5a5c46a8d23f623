import { z } from 'zod';
import { auditSchema, englishTextSchema, remarkSchema } from '../common.ts';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/** The add/edit form of 参数管理 (SPEC §5: name, key and value are required). */
export const paramFormSchema = z.object({
  paramName: required('param.paramName.required').max(255, { error: 'validation.tooLong' }),
  paramNameEn: englishTextSchema(255).optional(),
  paramKey: required('param.paramKey.required')
    .max(255, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9._-]+$/, { error: 'param.paramKey.format' }),
  paramValue: required('param.paramValue.required').max(4000, { error: 'validation.tooLong' }),
  remark: remarkSchema.optional(),
  remarkEn: englishTextSchema(500).optional(),
});
export type ParamForm = z.infer<typeof paramFormSchema>;

export const paramSchema = auditSchema.extend({
  paramName: z.string(),
  paramNameEn: z.string(),
  paramKey: z.string(),
  paramValue: z.string(),
  remark: z.string(),
  remarkEn: z.string(),
});
export type Param = z.infer<typeof paramSchema>;

/** Parameter keys the product itself reads. */
export const PARAM_KEYS = {
  failCount: 'account.failCount',
  lockMinutes: 'account.lockMinutes',
  captchaMode: 'account.captchaMode',
  tenantMode: 'account.tenantMode',
  initPassword: 'account.initPassword',
  registerUser: 'account.registerUser',
  addressFailLimit: 'account.addressFailLimit',
} as const;
