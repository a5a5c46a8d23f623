import { isTeachingRole, type RoleTreeNode } from '@shixun/contracts';
import { roleApi } from '../../api/system.ts';

type RoleOption = Omit<RoleTreeNode, 'children'> & { disabled: boolean; children?: RoleOption[] };

/**
 * The roles 用户管理 offers. The teaching roles are shown but cannot be ticked or taken away: they come with the
 * accounts made in 教务管理 → 教师管理 / 学生管理, which make the person's record too (the server refuses them here).
 */
export async function userRoleTree(): Promise<RoleOption[]> {
  const mark = (nodes: RoleTreeNode[]): RoleOption[] =>
    nodes.map(({ children, ...n }) => ({
      ...n,
      disabled: isTeachingRole(n.roleAlias),
      ...(children ? { children: mark(children) } : {}),
    }));
  return mark(await roleApi.tree());
}
