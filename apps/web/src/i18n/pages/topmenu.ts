import { pageMessages } from '../pages.ts';

export default pageMessages({
  zh: {
    topmenu: {
      title: '顶部菜单',
      code: '菜单编号',
      name: '菜单名称',
      source: '菜单图标',
      sort: '排序',
      grant: '菜单配置',
      grantTitle: '菜单配置：{{names}}',
      grantHint: '勾选放进顶部菜单的页面。顶部菜单只把侧边栏收窄到这些页面，不会让任何人多看到一个菜单。',
      grantEmpty: '暂无可配置的菜单',
      granted: '菜单配置已保存',
    },
  },
  en: {
    topmenu: {
      title: 'top menu',
      code: 'Code',
      name: 'Name',
      source: 'Icon',
      sort: 'Sort order',
      grant: 'Set menus',
      grantTitle: 'Menus of {{names}}',
      grantHint:
        'Tick the pages this top menu groups. A top menu only narrows the sidebar to them; it never shows anyone a menu they could not open before.',
      grantEmpty: 'No menus to choose from',
      granted: 'Menus saved',
    },
  },
});
