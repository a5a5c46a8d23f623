import { z } from 'zod';
import { auditSchema, idSchema } from '../common.ts';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/**
 * 顶部菜单 (top menu): a tenant's named group of menus shown in the top bar; choosing one narrows the sidebar to
 * its menus. It never grants anything: the sidebar is still only what the user's roles hold.
 */
export const topMenuFormSchema = z.object({
  code: required('topmenu.code.required')
    .max(100, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'topmenu.code.format' }),
  name: required('topmenu.name.required').max(100, { error: 'topmenu.name.tooLong' }),
  /** Icon name, e.g. `AppstoreOutlined`. */
  source: z
    .string()
    .trim()
    .max(100, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9 _.:-]*$/, { error: 'validation.invalid' })
    .optional(),
  sort: z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(99999).optional(),
    )
    .optional(),
});
export type TopMenuForm = z.infer<typeof topMenuFormSchema>;

export const topMenuSchema = auditSchema.extend({
  tenantId: z.string(),
  code: z.string(),
  name: z.string(),
  source: z.string(),
  sort: z.number(),
});
export type TopMenu = z.infer<typeof topMenuSchema>;

/** An entry of `menu/top-menu`: what the top bar shows. */
export const topMenuItemSchema = topMenuSchema.pick({ id: true, code: true, name: true, source: true, sort: true });
export type TopMenuItem = z.infer<typeof topMenuItemSchema>;

const idArray = z.array(idSchema, { error: 'validation.invalid' }).max(5000, { error: 'validation.tooLong' });

/** `topmenu/grant`: the menus of these top menus become exactly `menuIds` (SPEC §6). */
export const topMenuGrantSchema = z.object({
  topMenuIds: z
    .array(idSchema, { error: 'topmenu.grant.topMenus' })
    .min(1, { error: 'topmenu.grant.topMenus' })
    .max(100, { error: 'validation.tooLong' }),
  menuIds: idArray,
});
export type TopMenuGrant = z.infer<typeof topMenuGrantSchema>;
