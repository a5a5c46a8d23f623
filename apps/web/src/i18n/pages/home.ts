import { pageMessages } from '../pages.ts';

/** The home page's widgets (/wel/index); a module that adds a counter or a to-do on the server names it here. */
export default pageMessages({
  zh: {
    home: {
      countsTitle: '数据概览',
      count: {
        tenant: '租户',
        user: '用户',
        role: '角色',
        dept: '部门',
        notice: '通知公告',
        attach: '附件',
      },
      todoTitle: '待办事项',
      todoEmpty: '暂无待办事项，考试、作业和批阅任务会出现在这里',
      todo: { pendingUsers: '待审批的注册账号', examsToTake: '待参加的考试和作业', answersToMark: '待批阅的答案' },
      noticesTitle: '最新通知',
      noticesEmpty: '暂无通知',
    },
  },
  en: {
    home: {
      countsTitle: 'Overview',
      count: {
        tenant: 'Tenants',
        user: 'Users',
        role: 'Roles',
        dept: 'Departments',
        notice: 'Notices',
        attach: 'Attachments',
      },
      todoTitle: 'To do',
      todoEmpty: 'Nothing to do. Exams, homework and marking will show up here',
      todo: {
        pendingUsers: 'Registrations awaiting approval',
        examsToTake: 'Exams and homework to take',
        answersToMark: 'Answers to mark',
      },
      noticesTitle: 'Latest notices',
      noticesEmpty: 'No notices yet',
    },
  },
});
