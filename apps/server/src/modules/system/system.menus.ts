import { crudButtons, menuButton, menuGroup, menuPage, type SeedMenu } from '../../core/access/menu-definition.ts';

/**
 * The platform's menus and buttons (系统管理, 权限管理, 工作台, 资源管理 … with the pages of the platform's modules);
 * each teaching module declares its own (ModuleDef.menus). Four of these pages are named in the web's messages in
 * camelCase (dict_biz → dictBiz): their `i18n` says so.
 */
export const systemMenus: SeedMenu[] = [
  menuGroup(1001, 'system', ['系统管理', 'System'], '/system', 'SettingOutlined', 99),
  menuPage(1002, '1001', 'param', ['参数管理', 'Parameters'], '/system/param', 'ControlOutlined', 8),
  ...crudButtons('1002', 1101, 'param', '/system/param'),
  menuPage(1003, '1001', 'post', ['岗位管理', 'Posts'], '/system/post', 'IdcardOutlined', 4),
  ...crudButtons('1003', 1111, 'post', '/system/post'),
  menuPage(1004, '1001', 'dict', ['字典管理', 'Dictionaries'], '/system/dict', 'BookOutlined', 5),
  ...crudButtons('1004', 1121, 'dict', '/system/dict'),
  {
    ...menuPage(1005, '1001', 'dict_biz', ['业务字典', 'Business dictionaries'], '/system/dict-biz', 'ReadOutlined', 6),
    i18n: 'dictBiz',
  },
  ...crudButtons('1005', 1131, 'dict_biz', '/system/dict-biz'),
  menuPage(1006, '1001', 'role', ['角色管理', 'Roles'], '/system/role', 'TeamOutlined', 2),
  ...crudButtons('1006', 1141, 'role', '/system/role'),
  menuButton(1145, '1006', 'role_grant', ['权限设置', 'Set permissions'], 'grant', '/system/role', { action: 2 }),
  menuPage(1007, '1001', 'dept', ['部门管理', 'Departments'], '/system/dept', 'ApartmentOutlined', 3),
  ...crudButtons('1007', 1151, 'dept', '/system/dept'),
  menuPage(1008, '1001', 'user', ['用户管理', 'Users'], '/system/user', 'UserOutlined', 1),
  ...crudButtons('1008', 1161, 'user', '/system/user'),
  menuButton(1165, '1008', 'user_role', ['角色配置', 'Set roles'], 'role', '/system/user'),
  menuButton(1166, '1008', 'user_reset', ['密码重置', 'Reset password'], 'reset', '/system/user', { sort: 6 }),
  menuButton(1167, '1008', 'user_platform', ['平台配置', 'Set platform'], 'platform', '/system/user', {
    sort: 7,
    action: 2,
  }),
  menuButton(1168, '1008', 'user_import', ['导入', 'Import'], 'import', '/system/user', { sort: 8 }),
  menuButton(1169, '1008', 'user_export', ['导出', 'Export'], 'export', '/system/user', { sort: 9 }),
  menuPage(1009, '1001', 'tenant', ['租户管理', 'Tenants'], '/system/tenant', 'BankOutlined', 0),
  ...crudButtons('1009', 1171, 'tenant', '/system/tenant'),
  {
    ...menuPage(
      1040,
      '1001',
      'tenant_package',
      ['租户产品包', 'Tenant packages'],
      '/system/tenant-package',
      'GiftOutlined',
      0,
    ),
    i18n: 'tenantPackage',
  },
  ...crudButtons('1040', 1300, 'tenant_package', '/system/tenant-package'),
  menuGroup(1020, 'authority', ['权限管理', 'Access control'], '/authority', 'SafetyCertificateOutlined', 98),
  {
    ...menuPage(
      1021,
      '1020',
      'data_scope',
      ['数据权限', 'Data scopes'],
      '/authority/data-scope',
      'DatabaseOutlined',
      1,
    ),
    i18n: 'dataScope',
  },
  ...crudButtons('1021', 1221, 'data_scope', '/authority/data-scope'),
  {
    ...menuPage(1022, '1020', 'api_scope', ['接口权限', 'API scopes'], '/authority/api-scope', 'LinkOutlined', 2),
    i18n: 'apiScope',
  },
  ...crudButtons('1022', 1231, 'api_scope', '/authority/api-scope'),
  menuPage(1010, '1001', 'menu', ['菜单管理', 'Menus'], '/system/menu', 'MenuOutlined', 7),
  ...crudButtons('1010', 1181, 'menu', '/system/menu'),
  menuPage(1011, '1001', 'topmenu', ['顶部菜单', 'Top menus'], '/system/topmenu', 'AppstoreOutlined', 9),
  ...crudButtons('1011', 1191, 'topmenu', '/system/topmenu'),
  menuButton(1195, '1011', 'topmenu_grant', ['菜单配置', 'Set menus'], 'grant', '/system/topmenu', { action: 2 }),
  menuPage(1012, '1001', 'client', ['应用管理', 'Client apps'], '/system/client', 'ApiOutlined', 10),
  ...crudButtons('1012', 1201, 'client', '/system/client'),
  menuPage(1013, '1001', 'region', ['行政区划', 'Regions'], '/system/region', 'EnvironmentOutlined', 11),
  ...crudButtons('1013', 1211, 'region', '/system/region'),
  menuGroup(1030, 'desk', ['工作台', 'Workbench'], '/desk', 'DesktopOutlined', 1),
  menuPage(1031, '1030', 'notice', ['通知公告', 'Notices'], '/desk/notice', 'NotificationOutlined', 1),
  ...crudButtons('1031', 1241, 'notice', '/desk/notice'),
  menuGroup(6000, 'resource', ['资源管理', 'Resources'], '/resource', 'CloudServerOutlined', 90),
  menuPage(6001, '6000', 'oss', ['对象存储', 'Object storage'], '/resource/oss', 'CloudUploadOutlined', 1),
  ...crudButtons('6001', 6101, 'oss', '/resource/oss'),
  menuPage(6002, '6000', 'attach', ['附件管理', 'Attachments'], '/resource/attach', 'PaperClipOutlined', 2),
  // Attachments are added by uploading, which every signed-in user may do: no add button.
  ...crudButtons('6002', 6111, 'attach', '/resource/attach').filter((b) => b.alias !== 'add'),
  menuPage(6003, '6000', 'sms', ['短信配置', 'SMS'], '/resource/sms', 'MessageOutlined', 3),
  ...crudButtons('6003', 6121, 'sms', '/resource/sms'),
  menuButton(6125, '6003', 'sms_send', ['发送短信', 'Send SMS'], 'send', '/resource/sms', { action: 2 }),
  // Shell and personal centre (ids 40000–49999).
  menuPage(40000, '1001', 'social', ['第三方登录', 'Social sign-in'], '/system/social', 'LinkOutlined', 11),
  ...crudButtons('40000', 40001, 'social', '/system/social'),
];
