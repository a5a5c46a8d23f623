import { pageMessages } from '../pages.ts';

export default pageMessages({
  zh: {
    secrets: {
      account: '账号',
      secret: '密码',
      copy: '复制',
      copyAll: '全部复制',
      copied: '已复制',
      copyFailed: '复制失败，请手动选中复制',
      onceOnly: '这些密码只显示这一次，关闭后无法再次查看。请现在复制并妥善交给对应的人。',
      close: '我已记下，关闭',
    },
  },
  en: {
    secrets: {
      account: 'Account',
      secret: 'Password',
      copy: 'Copy',
      copyAll: 'Copy all',
      copied: 'Copied',
      copyFailed: 'Could not copy; select the text and copy it by hand',
      onceOnly:
        'These passwords are shown this once only and cannot be seen again after closing. Copy them now and hand them over safely.',
      close: 'I have noted them, close',
    },
  },
});
