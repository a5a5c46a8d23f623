import { z } from 'zod';
import { auditSchema, englishTextSchema, idSchema, type TreeNode } from '../common.ts';

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/** 角色 (role): a named set of menus and buttons inside a tenant; roles may nest for organisation. */
export const roleFormSchema = z.object({
  roleName: required('role.roleName.required').max(50, { error: 'validation.tooLong' }),
  roleNameEn: englishTextSchema(50).optional(),
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
  roleNameEn: z.string(),
  roleAlias: z.string(),
  sort: z.number(),
});
export type Role = z.infer<typeof roleSchema>;

/** `role/tree`: a role as pickers show it, with its alias so a picker can tell the teaching roles apart. */
export interface RoleTreeNode extends TreeNode {
  roleAlias: string;
  children?: RoleTreeNode[];
}

/**
 * The teaching roles every tenant has (the exam module creates them). They come with the account of a teacher or a
 * student made in 教务管理 → 教师管理 / 学生管理, which makes the person's record too; 用户管理 never gives or takes
 * them away, so nobody holds one without being in those lists.
 */
export const TEACHING_ROLES = ['teacher', 'student'] as const;
export type TeachingRole = (typeof TEACHING_ROLES)[number];
export const isTeachingRole = (alias: string): alias is TeachingRole =>
  (TEACHING_ROLES as readonly string[]).includes(alias);

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
