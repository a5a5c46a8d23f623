import { pageMessages } from '../pages.ts';

/** 我的工作台 (/wel/dashboard) and 桌面 (/zhuomian). */
export default pageMessages({
  zh: {
    workbench: {
      shortcuts: '常用功能',
      addShortcuts: '添加常用功能',
      editShortcuts: '编辑',
      noShortcuts: '还没有常用功能，从菜单中挑选最常用的页面放在这里',
      pickTitle: '选择常用功能',
      pickHint: '勾选要放在工作台的页面（已选 {{count}} 个，最多 {{max}} 个）',
      recent: '最近访问',
      noRecent: '还没有访问记录',
      clearRecent: '清空记录',
      clearRecentConfirm: '确定清空最近访问记录吗？',
    },
    desktop: {
      greeting: '{{name}}，今天想做点什么？',
      filter: '筛选应用',
      other: '其他',
    },
  },
  en: {
    workbench: {
      shortcuts: 'Shortcuts',
      addShortcuts: 'Add shortcuts',
      editShortcuts: 'Edit',
      noShortcuts: 'No shortcuts yet: pick the pages you use most from the menu',
      pickTitle: 'Choose shortcuts',
      pickHint: 'Tick the pages to keep on your workbench ({{count}} chosen, at most {{max}})',
      recent: 'Recently visited',
      noRecent: 'Nothing visited yet',
      clearRecent: 'Clear history',
      clearRecentConfirm: 'Clear the list of recently visited pages?',
    },
    desktop: {
      greeting: 'What would you like to do today, {{name}}?',
      filter: 'Filter apps',
      other: 'Other',
    },
  },
});
