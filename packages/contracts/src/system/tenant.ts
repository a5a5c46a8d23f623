import { z } from 'zod';
import { auditSchema, englishTextSchema, idListSchema, idSchema } from '../common.ts';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/** A cleared number input sends `null` or `''`: that is "not entered", never a quota of 0. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** -1 = unlimited. */
const accountNumber = z
  .preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'validation.invalid' }).int().min(-1).max(1_000_000).optional(),
  )
  .optional();

/**
 * A 租户产品包. `null`, `''` or `"0"` (as a query string can say "none", like a tree root) takes the tenant out of
 * any package: it may then use every menu granted to it.
 */
export const NO_PACKAGE = '0';
const packageId = z
  .preprocess((v) => (v === '' || v === NO_PACKAGE ? null : v), idSchema.nullable().optional())
  .optional();

/** 租户 (tenant): one school or organisation with its own users, roles and data. Managed by the platform superuser. */
export const tenantFormSchema = z.object({
  tenantName: required('tenant.tenantName.required').max(100, { error: 'validation.tooLong' }),
  tenantNameEn: englishTextSchema(100).optional(),
  domain: z.string().trim().max(255, { error: 'validation.tooLong' }).optional(),
  backgroundUrl: z.string().trim().max(1000, { error: 'validation.tooLong' }).optional(),
  linkman: z.string().trim().max(50, { error: 'validation.tooLong' }).optional(),
  contactNumber: z.string().trim().max(50, { error: 'validation.tooLong' }).optional(),
  address: z.string().trim().max(255, { error: 'validation.tooLong' }).optional(),
  accountNumber,
  expireTime: z.iso.datetime({ offset: true, error: 'validation.invalid' }).nullable().optional(),
  packageId,
  status: z.union([z.literal(0), z.literal(1)], { error: 'validation.status' }).optional(),
});
export type TenantForm = z.infer<typeof tenantFormSchema>;

export const tenantSchema = auditSchema.extend({
  tenantId: z.string(),
  tenantName: z.string(),
  tenantNameEn: z.string(),
  domain: z.string(),
  backgroundUrl: z.string(),
  linkman: z.string(),
  contactNumber: z.string(),
  address: z.string(),
  accountNumber: z.number(),
  expireTime: z.string().nullable(),
  packageId: z.string().nullable(),
  /** The package's name, for lists (empty without one). */
  packageName: z.string().optional(),
  /**
   * Only in the answer to creating a tenant: its first administrator, whose password is generated for this one
   * answer and never stored or shown again.
   */
  oneTime: z.object({ account: z.string(), password: z.string() }).optional(),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** `tenant/setting`: quota and expiry for several tenants at once. */
export const tenantSettingSchema = z.object({
  ids: idListSchema,
  accountNumber,
  expireTime: z.iso.datetime({ offset: true, error: 'validation.invalid' }).nullable().optional(),
  packageId,
});

/** `tenant/info?domain=` (public): what the login page needs to know about the tenant of its host. */
export interface TenantInfo {
  tenantId: string;
  tenantName: string;
  domain: string;
  backgroundUrl: string;
}
