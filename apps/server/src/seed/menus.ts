import { SEED } from './fixed-ids.ts';

export interface SeedMenu {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias?: string;
  path: string;
  source?: string;
  sort: number;
  category: 1 | 2;
  action?: number;
  i18n?: string;
}

/** The standard four CRUD buttons of a page, coded `{biz}_add|_view|_edit|_delete` (SPEC §6). */
function crudButtons(parentId: string, firstId: number, biz: string, path: string): SeedMenu[] {
  const buttons = [
    { alias: 'add', name: '新增', action: 1 },
    { alias: 'view', name: '查看', action: 2 },
    { alias: 'edit', name: '修改', action: 2 },
    { alias: 'delete', name: '删除', action: 3 },
  ];
  return buttons.map((b, i) => ({
    id: String(firstId + i),
    parentId,
    code: `${biz}_${b.alias}`,
    name: b.name,
    alias: b.alias,
    path: `${path}/${b.alias}`,
    sort: i + 1,
    category: 2,
    action: b.action,
  }));
}

/** Menus and buttons of the pages that exist. */
export const seedMenus: SeedMenu[] = [
  {
    id: '1001',
    parentId: '0',
    code: 'system',
    name: '系统管理',
    alias: 'menu',
    path: '/system',
    source: 'SettingOutlined',
    sort: 99,
    category: 1,
    i18n: 'system',
  },
  {
    id: '1002',
    parentId: '1001',
    code: 'param',
    name: '参数管理',
    alias: 'menu',
    path: '/system/param',
    source: 'ControlOutlined',
    sort: 8,
    category: 1,
    i18n: 'param',
  },
  ...crudButtons('1002', 1101, 'param', '/system/param'),
  {
    id: '1003',
    parentId: '1001',
    code: 'post',
    name: '岗位管理',
    alias: 'menu',
    path: '/system/post',
    source: 'IdcardOutlined',
    sort: 4,
    category: 1,
    i18n: 'post',
  },
  ...crudButtons('1003', 1111, 'post', '/system/post'),
  {
    id: '1004',
    parentId: '1001',
    code: 'dict',
    name: '字典管理',
    alias: 'menu',
    path: '/system/dict',
    source: 'BookOutlined',
    sort: 5,
    category: 1,
    i18n: 'dict',
  },
  ...crudButtons('1004', 1121, 'dict', '/system/dict'),
  {
    id: '1005',
    parentId: '1001',
    code: 'dict_biz',
    name: '业务字典',
    alias: 'menu',
    path: '/system/dict-biz',
    source: 'ReadOutlined',
    sort: 6,
    category: 1,
    i18n: 'dictBiz',
  },
  ...crudButtons('1005', 1131, 'dict_biz', '/system/dict-biz'),
  {
    id: '1006',
    parentId: '1001',
    code: 'role',
    name: '角色管理',
    alias: 'menu',
    path: '/system/role',
    source: 'TeamOutlined',
    sort: 2,
    category: 1,
    i18n: 'role',
  },
  ...crudButtons('1006', 1141, 'role', '/system/role'),
  {
    id: '1145',
    parentId: '1006',
    code: 'role_grant',
    name: '权限设置',
    alias: 'grant',
    path: '/system/role/grant',
    sort: 5,
    category: 2,
    action: 2,
  },
  {
    id: '1007',
    parentId: '1001',
    code: 'dept',
    name: '部门管理',
    alias: 'menu',
    path: '/system/dept',
    source: 'ApartmentOutlined',
    sort: 3,
    category: 1,
    i18n: 'dept',
  },
  ...crudButtons('1007', 1151, 'dept', '/system/dept'),
  {
    id: '1008',
    parentId: '1001',
    code: 'user',
    name: '用户管理',
    alias: 'menu',
    path: '/system/user',
    source: 'UserOutlined',
    sort: 1,
    category: 1,
    i18n: 'user',
  },
  ...crudButtons('1008', 1161, 'user', '/system/user'),
  {
    id: '1165',
    parentId: '1008',
    code: 'user_role',
    name: '角色配置',
    alias: 'role',
    path: '/system/user/role',
    sort: 5,
    category: 2,
    action: 1,
  },
  {
    id: '1166',
    parentId: '1008',
    code: 'user_reset',
    name: '密码重置',
    alias: 'reset',
    path: '/system/user/reset',
    sort: 6,
    category: 2,
    action: 1,
  },
  {
    id: '1167',
    parentId: '1008',
    code: 'user_platform',
    name: '平台配置',
    alias: 'platform',
    path: '/system/user/platform',
    sort: 7,
    category: 2,
    action: 2,
  },
  {
    id: '1168',
    parentId: '1008',
    code: 'user_import',
    name: '导入',
    alias: 'import',
    path: '/system/user/import',
    sort: 8,
    category: 2,
    action: 1,
  },
  {
    id: '1169',
    parentId: '1008',
    code: 'user_export',
    name: '导出',
    alias: 'export',
    path: '/system/user/export',
    sort: 9,
    category: 2,
    action: 1,
  },
  {
    id: '1009',
    parentId: '1001',
    code: 'tenant',
    name: '租户管理',
    alias: 'menu',
    path: '/system/tenant',
    source: 'BankOutlined',
    sort: 0,
    category: 1,
    i18n: 'tenant',
  },
  ...crudButtons('1009', 1171, 'tenant', '/system/tenant'),
];

export const seedRoleMenus = { roleId: SEED.administratorRole, menuIds: seedMenus.map((m) => m.id) };
