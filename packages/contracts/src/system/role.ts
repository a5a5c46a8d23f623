import { z } from 'zod';
import { auditSchema, idSchema, type TreeNode } from '../common.ts';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/** 角色 (role): a named set of menus and buttons inside a tenant; roles may nest for organisation. */
export const roleFormSchema = z.object({
  roleName: required('role.roleName.required').max(50, { error: 'validation.tooLong' }),
  roleAlias: required('role.roleAlias.required')
    .max(50, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, { error: 'role.roleAlias.format' }),
  parentId: idSchema.optional(),
  sort: z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(99999).optional(),
});
export type RoleForm = z.infer<typeof roleFormSchema>;

export const roleSchema = auditSchema.extend({
  tenantId: z.string(),
  parentId: z.string(),
  roleName: z.string(),
  roleAlias: z.string(),
  sort: z.number(),
});
export type Role = z.infer<typeof roleSchema>;

const idArray = z.array(idSchema, { error: 'validation.invalid' }).max(5000, { error: 'validation.tooLong' });

/**
 * `role/grant`: replace what the given roles may use. A granter can only hand out menus and buttons they hold
 * themselves. Data and API scopes are accepted once those resources exist; until then they must be empty.
 */
export const roleGrantSchema = z.object({
  roleIds: z.array(idSchema, { error: 'role.grant.roles' }).min(1, { error: 'role.grant.roles' }).max(100),
  menuIds: idArray,
  dataScopeIds: idArray.optional(),
  apiScopeIds: idArray.optional(),
});
export type RoleGrant = z.infer<typeof roleGrantSchema>;

/** `menu/grant-tree`: what the caller may grant, by kind. */
export interface GrantTree {
  menu: TreeNode[];
  dataScope: TreeNode[];
  apiScope: TreeNode[];
}

/** `menu/role-tree-keys?roleIds=`: ids already granted to those roles, by kind. */
export interface GrantKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}
