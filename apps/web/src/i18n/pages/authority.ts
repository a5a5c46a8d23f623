import { pageMessages } from '../pages.ts';

export default pageMessages({
  zh: {
    menuDetail: {
      menus: '页面菜单',
      search: '搜索菜单',
      noMatch: '没有匹配的菜单',
      noMenus: '暂无可配置的菜单',
    },
    dataScope: {
      title: '数据权限',
      intro:
        '数据权限决定一个角色能看到哪些数据：在页面菜单下建好规则并在角色管理中授予角色后，该角色的用户在列表、查看、修改和删除时只能接触规则允许的记录（例如只看本部门及下级部门的用户）。',
      heading: '「{{menu}}」的数据权限',
      pick: '请在左侧选择一个页面菜单，查看和配置它的数据权限规则。',
      scopeName: '权限名称',
      resourceCode: '资源编号',
      scopeType: '权限类型',
      scopeValue: '可见部门',
      remark: '备注',
      status: '状态',
      supports: '支持：{{types}}',
      listSeparator: '、',
      resourceLabel: '{{name}}（{{code}}）',
      resourceFirst: '请先选择资源编号',
      menuId: '所属菜单',
      resourceHelp: '规则限定哪一类数据；可选的权限类型取决于所选资源。',
      scopeValueHelp: '只显示所选部门的记录，不含其下级部门；需要包含下级时请逐个选择。',
      resources: { user: '用户', dept: '部门', post: '岗位' },
    },
    apiScope: {
      title: '接口权限',
      intro:
        '接口权限决定谁能调用某个接口：一旦为某个接口地址建了规则，只有被授予该规则的角色才能调用它（在按钮权限之外再加一道关卡），新建的规则会自动授予您自己的角色，以免把自己挡在外面。',
      heading: '「{{menu}}」的接口权限',
      pick: '请在左侧选择一个页面菜单，查看和配置它的接口权限规则。',
      scopeName: '权限名称',
      menuId: '所属菜单',
      resourceCode: '资源编号',
      scopePath: '请求地址',
      scopeType: '接口类型',
      remark: '备注',
      status: '状态',
      resourceHelp: '标识这组接口的编号：小写字母开头，可含数字和下划线，如 user_export。',
      scopePathHelp:
        '以 /api/ 开头的接口路由，如 /api/blade-user/export-user；以 /** 结尾表示该前缀下的全部接口，如 /api/blade-user/**。按路由规则匹配，与查询参数无关。',
    },
  },
  en: {
    menuDetail: {
      menus: 'Pages',
      search: 'Search pages',
      noMatch: 'No page matches',
      noMenus: 'No page to configure',
    },
    dataScope: {
      title: 'data scope',
      intro:
        'A data scope limits which records a role sees: define rules under a page here and grant them to a role in Roles, and that role’s users will list, view, edit and delete only the records the rules allow (e.g. only the users of their own department and the ones below it).',
      heading: 'Data scopes: {{menu}}',
      pick: 'Choose a page on the left to see and set up its data scope rules.',
      scopeName: 'Scope name',
      resourceCode: 'Resource code',
      scopeType: 'Scope type',
      scopeValue: 'Visible departments',
      remark: 'Remark',
      status: 'Status',
      supports: 'Supports: {{types}}',
      listSeparator: ', ',
      resourceLabel: '{{name}} ({{code}})',
      resourceFirst: 'Choose the resource code first',
      menuId: 'Page',
      resourceHelp: 'The kind of data the rule limits; the scope types on offer depend on it.',
      scopeValueHelp:
        'Only the records of the chosen departments, not of the departments below them; choose those too if needed.',
      resources: { user: 'Users', dept: 'Departments', post: 'Posts' },
    },
    apiScope: {
      title: 'API scope',
      intro:
        'An API scope limits who may call an API: once a rule covers an API path, only roles granted that rule may call it (on top of the button permission), and a new rule is granted to your own roles at once so you never lock yourself out.',
      heading: 'API scopes: {{menu}}',
      pick: 'Choose a page on the left to see and set up its API scope rules.',
      scopeName: 'Scope name',
      menuId: 'Page',
      resourceCode: 'Resource code',
      scopePath: 'Request path',
      scopeType: 'API type',
      remark: 'Remark',
      status: 'Status',
      resourceHelp:
        'A code naming this group of APIs: a lower-case letter first, then letters, digits or _, e.g. user_export.',
      scopePathHelp:
        'An API route starting with /api/, e.g. /api/blade-user/export-user; ending with /** covers every API below that prefix, e.g. /api/blade-user/**. The route pattern is matched, query parameters play no part.',
    },
  },
});
