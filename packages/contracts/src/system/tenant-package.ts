import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';

/**
 * 租户产品包 (tenant package): the menus and buttons a tenant may use at all. A tenant given one sees and grants only
 * what is both granted to its roles and in the package; a tenant without one is not limited by a package.
 */
export const tenantPackageFormSchema = z.object({
  packageName: z
    .string({ error: 'tenantPackage.packageName.required' })
    .trim()
    .min(1, { error: 'tenantPackage.packageName.required' })
    .max(100, { error: 'validation.tooLong' }),
  /** Pages and buttons; the groups above a page need not be listed (they come with it). */
  menuIds: z.array(idSchema, { error: 'validation.invalid' }).max(5000, { error: 'validation.tooLong' }).optional(),
  remark: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
  status: z.union([z.literal(0), z.literal(1)], { error: 'validation.status' }).optional(),
});
export type TenantPackageForm = z.infer<typeof tenantPackageFormSchema>;

export const tenantPackageSchema = auditSchema.extend({
  packageName: z.string(),
  remark: z.string(),
  menuIds: z.array(z.string()),
});
export type TenantPackage = z.infer<typeof tenantPackageSchema>;

/** An entry of `tenant-package/select`. */
export const tenantPackageOptionSchema = z.object({ id: z.string(), packageName: z.string() });
export type TenantPackageOption = z.infer<typeof tenantPackageOptionSchema>;
