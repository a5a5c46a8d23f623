import type {
  ApiScope,
  ApiScopeForm,
  Client,
  ClientForm,
  DataScope,
  DataScopedResource,
  DataScopeForm,
  DeptForm,
  DeptNode,
  Dict,
  DictChildForm,
  DictOption,
  DictParentForm,
  GrantKeys,
  GrantTree,
  Menu,
  MenuForm,
  MenuNode,
  MenuTreeRow,
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
  RoleTreeNode,
  Tenant,
  TenantForm,
  TenantPackage,
  TenantPackageForm,
  TenantPackageOption,
  TopMenu,
  TopMenuForm,
  TopMenuGrant,
  TopMenuGrantTree,
  TopMenuKeys,
  TreeNode,
} from '@shixun/contracts';
import { localTree } from '../i18n/local-name.ts';
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
  tree: () => http.get<RoleTreeNode[]>(`${role}/tree`).then(localTree),
  grant: (body: RoleGrant) => http.post<null>(`${role}/grant`, body),
  grantTree: () =>
    http.get<GrantTree>(`${menu}/grant-tree`).then((tree) => ({
      menu: localTree(tree.menu),
      dataScope: localTree(tree.dataScope),
      apiScope: localTree(tree.apiScope),
    })),
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
/** 字典管理 (global) and 业务字典 (the tenant's): the same calls under two paths, told apart by permission prefix. */
export type DictKind = 'dict' | 'dict_biz';

const dictBase: Record<DictKind, string> = { dict: '/api/blade-system/dict', dict_biz: '/api/blade-system/dict-biz' };

/** Dictionaries (`parent-list`) and the items of one (`child-list?parentId=`). dict-biz rows add `tenantId`. */
export const dictApis = (kind: DictKind) => ({
  parents: resourceApi<Dict, DictParentForm>(dictBase[kind], 'parent-list'),
  items: resourceApi<Dict, DictChildForm>(dictBase[kind], 'child-list'),
});

const tenant = '/api/blade-system/tenant';

export const tenantApi = {
  ...resourceApi<Tenant, TenantForm>(tenant),
  /** Account quota (-1 unlimited), expiry and package (NO_PACKAGE: none) for several tenants; one left out is kept. */
  setting: (ids: string[], values: { accountNumber?: number; expireTime?: string; packageId?: string }) =>
    http.post<null>(`${tenant}/setting`, undefined, { params: { ids: ids.join(','), ...values } }),
};

const tenantPackage = '/api/blade-system/tenant-package';

export const tenantPackageApi = {
  ...resourceApi<TenantPackage, TenantPackageForm>(tenantPackage),
  /** Enabled packages, for the tenant forms. */
  options: () => http.get<TenantPackageOption[]>(`${tenantPackage}/select`),
};

/** A row of the menu tree table: the tree row with its i18n key and roles lifted out of `meta`, as the form has them. */
export type MenuRow = Omit<MenuTreeRow, 'children'> & Pick<Menu, 'i18n' | 'roles'> & { children?: MenuRow[] };

const asMenuRow = (row: MenuTreeRow): MenuRow => ({
  ...row,
  i18n: row.meta.i18n ?? '',
  roles: row.meta.roles ?? [],
  children: row.children?.map(asMenuRow),
});

export const menuApi = {
  ...resourceApi<MenuRow, MenuForm>(menu, 'page'),
  detail: (id: string) =>
    http
      .get<Menu>(`${menu}/detail`, { id })
      .then((m): MenuRow => ({ ...m, meta: { i18n: m.i18n, roles: m.roles }, hasChildren: false })),
  /** One level of the tree table (the root is "0"). */
  lazyList: (parentId: string, filters: Record<string, string | number>) =>
    http.get<MenuTreeRow[]>(`${menu}/lazy-list`, { parentId, ...filters }).then((rows) => rows.map(asMenuRow)),
  /** Every match of a search, nested as far as the matches go. */
  search: (filters: Record<string, string | number>) =>
    http.get<MenuTreeRow[]>(`${menu}/list`, filters).then((rows) => rows.map(asMenuRow)),
  /** Pages as a tree, for the parent picker. */
  tree: () => http.get<TreeNode[]>(`${menu}/tree`).then(localTree),
  /** The pages the caller may put into a top menu. */
  grantTopTree: () =>
    http.get<TopMenuGrantTree>(`${menu}/grant-top-tree`).then((tree) => ({ menu: localTree(tree.menu) })),
  topTreeKeys: (topMenuIds: string[]) =>
    http.get<TopMenuKeys>(`${menu}/top-tree-keys`, { topMenuIds: topMenuIds.join(',') }),
};

const topmenu = '/api/blade-system/topmenu';

export const topMenuApi = {
  ...resourceApi<TopMenu, TopMenuForm>(topmenu),
  /** The pages of these top menus become exactly `menuIds`. */
  grant: (body: TopMenuGrant) => http.post<null>(`${topmenu}/grant`, body),
};

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
