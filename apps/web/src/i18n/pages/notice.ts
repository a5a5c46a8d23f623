import { pageMessages } from '../pages.ts';

export default pageMessages({
  zh: {
    notice: {
      title: '通知',
      titleField: '通知标题',
      category: '通知类型',
      releaseTime: '发布时间',
      content: '通知内容',
    },
  },
  en: {
    notice: {
      title: 'notice',
      titleField: 'Title',
      category: 'Type',
      releaseTime: 'Release time',
      content: 'Content',
    },
  },
});
