import { pageMessages } from '../pages.ts';

/** 教务管理: words every 教务 page shares, the org tree and QR codes. */
export default pageMessages({
  zh: {
    academic: {
      remark: '备注',
      sort: '排序',
      status: '状态',
      startDate: '开始日期',
      endDate: '结束日期',
      done: '操作成功',
      org: {
        title: '学校 / 年级 / 班级',
        all: '全部',
        search: '搜索年级或班级',
        empty: '还没有可见的班级',
        loading: '加载中…',
      },
      qr: {
        title: '班级二维码',
        short: '二维码',
        class: '班级',
        file: '班级二维码-{{name}}',
        printLine: '扫码加入班级',
        alt: '{{name}} 的班级二维码',
        hint: '学生登录后扫码即可加入该班级；二维码 {{days}} 天内有效。',
        noClasses: '该教师还没有关联班级',
      },
    },
  },
  en: {
    academic: {
      remark: 'Remark',
      sort: 'Order',
      status: 'Status',
      startDate: 'Start date',
      endDate: 'End date',
      done: 'Done',
      org: {
        title: 'Schools / grades / classes',
        all: 'All',
        search: 'Search grades or classes',
        empty: 'No classes to show yet',
        loading: 'Loading…',
      },
      qr: {
        title: 'Class QR code',
        short: 'QR code',
        class: 'Class',
        file: 'class-qr-{{name}}',
        printLine: 'Scan to join the class',
        alt: 'QR code of class {{name}}',
        hint: 'Signed-in students scan it to join the class; it works for {{days}} days.',
        noClasses: 'This teacher is not related to any class yet',
      },
    },
  },
});
