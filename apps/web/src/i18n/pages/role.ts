import { pageMessages } from '../pages.ts';

export default pageMessages({
  zh: {
    role: {
      title: '角色',
      roleName: '角色名称',
      roleAlias: '角色别名',
      parentId: '上级角色',
      sort: '排序',
      grant: '权限设置',
      grantTitle: '权限设置：{{names}}',
      grantMenu: '菜单权限',
      grantData: '数据权限',
      grantApi: '接口权限',
      grantNoneData: '还没有数据权限规则。先在 权限管理 → 数据权限 中为页面定义规则，再回来授权。',
      grantNoneApi: '还没有可授予的接口权限。先在 权限管理 → 接口权限 中定义规则，再回来授权。',
      grantHint: '勾选的菜单和按钮决定角色能看到什么；数据权限限制能看到哪些数据，接口权限限制能调用哪些接口。',
      grantSaved: '权限已保存，用户下次操作时生效',
    },
  },
  en: {
    role: {
      title: 'role',
      roleName: 'Role name',
      roleAlias: 'Role alias',
      parentId: 'Parent role',
      sort: 'Sort order',
      grant: 'Permissions',
      grantTitle: 'Permissions: {{names}}',
      grantMenu: 'Menus',
      grantData: 'Data scopes',
      grantApi: 'API scopes',
      grantNoneData:
        'No data-scope rules yet. Define them under Access control → Data scopes first, then grant them here.',
      grantNoneApi: 'No API scopes you can grant yet. Define them under Access control → API scopes first.',
      grantHint:
        'Ticked menus and buttons decide what the role sees; data scopes limit which rows it sees, API scopes which APIs it may call.',
      grantSaved: 'Permissions saved; they apply on the users’ next request',
    },
  },
});
