import { pageMessages } from '../pages.ts';

/** The rich-text editor's toolbar (components/RichEditor). */
export default pageMessages({
  zh: {
    editor: {
      toolbar: '格式工具栏',
      heading: '段落格式',
      paragraph: '正文',
      headingLevel: '标题 {{level}}',
      bold: '加粗',
      italic: '斜体',
      underline: '下划线',
      strike: '删除线',
      bulletList: '无序列表',
      orderedList: '有序列表',
      blockquote: '引用',
      link: '链接',
      linkAddress: '链接地址',
      linkInvalid: '请输入以 http://、https:// 或 mailto: 开头的地址',
      unlink: '移除链接',
      ok: '确定',
      undo: '撤销',
      redo: '重做',
    },
  },
  en: {
    editor: {
      toolbar: 'Formatting',
      heading: 'Paragraph style',
      paragraph: 'Normal text',
      headingLevel: 'Heading {{level}}',
      bold: 'Bold',
      italic: 'Italic',
      underline: 'Underline',
      strike: 'Strikethrough',
      bulletList: 'Bulleted list',
      orderedList: 'Numbered list',
      blockquote: 'Quote',
      link: 'Link',
      linkAddress: 'Link address',
      linkInvalid: 'Enter an address starting with http://, https:// or mailto:',
      unlink: 'Remove link',
      ok: 'OK',
      undo: 'Undo',
      redo: 'Redo',
    },
  },
});
