import type {
  Client,
  ClientForm,
  DeptForm,
  DeptNode,
  DictOption,
  GrantKeys,
  GrantTree,
  MenuNode,
  Param,
  ParamForm,
  Post,
  PostForm,
  PostOption,
  Region,
  RegionForm,
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

// 行政区划 and 应用管理 (global tables, written by the platform superuser).

const region = '/api/blade-system/region';

/** Regions are keyed by code: no paged CRUD, but one level of the tree at a time and a detail by code. */
export const regionApi = {
  /** The children of `parentCode` ("00": the provinces). */
  lazyTree: (parentCode: string) => http.get<TreeNode[]>(`${region}/lazy-tree`, { parentCode }),
  detail: (code: string) => http.get<Region>(`${region}/detail`, { code }),
  /** A new code is added under `parentCode`; a known code is an edit of name, sort and remark. */
  submit: (form: RegionForm) => http.post<Region>(`${region}/submit`, form),
  remove: (code: string) => http.post<null>(`${region}/remove`, undefined, { params: { id: code } }),
};

const client = '/api/blade-system/client';

export const clientApi = {
  ...resourceApi<Client, ClientForm>(client),
  /** A new generated secret, in the answer's `oneTime` only. */
  resetSecret: (id: string) => http.post<Client>(`${client}/reset-secret`, undefined, { params: { id } }),
};
