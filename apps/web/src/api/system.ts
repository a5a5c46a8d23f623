import type {
  ApiScope,
  ApiScopeForm,
  DataScope,
  DataScopedResource,
  DataScopeForm,
  DeptForm,
  DeptNode,
  DictOption,
  GrantKeys,
  GrantTree,
  MenuNode,
  MenuTreeRow,
  Param,
  ParamForm,
  Post,
  PostForm,
  PostOption,
  Role,
  RoleForm,
  RoleGrant,
  TreeNode,
} from '@shixun/contracts';
import { http } from './http.ts';
import { resourceApi } from './resource.ts';

const menu = '/api/blade-system/menu';
const param = '/api/blade-system/param';
const post = '/api/blade-system/post';

export const fetchMenuRoutes = () => http.get<MenuNode[]>(`${menu}/routes`);
export const fetchMenuButtons = () => http.get<MenuNode[]>(`${menu}/buttons`);

export const paramApi = resourceApi<Param, ParamForm>(param);

/** The unsealed items of a system dictionary, by sort. */
export const fetchDictionary = (code: string) => http.get<DictOption[]>('/api/blade-system/dict/dictionary', { code });

export const postApi = resourceApi<Post, PostForm>(post);

const dept = '/api/blade-system/dept';

export const deptApi = {
  ...resourceApi<DeptNode, DeptForm>(dept),
  lazyList: (parentId: string, filters: Record<string, string | number>) =>
    http.get<DeptNode[]>(`${dept}/lazy-list`, { parentId, ...filters }),
  /** The tenant's depts as a tree, for pickers. */
  tree: () => http.get<TreeNode[]>(`${dept}/tree`),
};

const role = '/api/blade-system/role';

export const roleApi = {
  ...resourceApi<Role, RoleForm>(role),
  /** The tenant's roles as a tree, for pickers. */
  tree: () => http.get<TreeNode[]>(`${role}/tree`),
  grant: (body: RoleGrant) => http.post<null>(`${role}/grant`, body),
  grantTree: () => http.get<GrantTree>(`${menu}/grant-tree`),
  grantedKeys: (roleIds: string[]) => http.get<GrantKeys>(`${menu}/role-tree-keys`, { roleIds: roleIds.join(',') }),
};

/** Enabled posts of the tenant, for pickers. */
export const fetchPostOptions = () =>
  http.get<PostOption[]>(`${post}/select`).then((rows) => rows.map((r) => ({ label: r.postName, value: r.id })));
// 数据权限 / 接口权限: rules hung under page menus.
const dataScope = '/api/blade-system/data-scope';

export const dataScopeApi = {
  ...resourceApi<DataScope, DataScopeForm>(dataScope),
  /** The resources rules can limit and the rule types each supports. */
  resources: () => http.get<DataScopedResource[]>(`${dataScope}/resources`),
};

export const apiScopeApi = resourceApi<ApiScope, ApiScopeForm>('/api/blade-system/api-scope');

/** Every page menu the caller may hang things under, as a tree (`menu/menu-list`). */
export const fetchMenuPages = () => http.get<MenuTreeRow[]>(`${menu}/menu-list`);
