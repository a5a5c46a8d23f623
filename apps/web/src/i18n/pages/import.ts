import { pageMessages } from '../pages.ts';

/** The one import dialog (users, students, teachers). */
export default pageMessages({
  zh: {
    import: {
      step2: '选择填好的 .xlsx 文件，先检查每一行；只要有一行有误，就一个都不导入。',
      template: '下载模板',
      chooseFile: '选择文件',
      start: '开始导入',
      importing: '正在导入…',
      issuesTitle: '有 {{count}} 处问题，未导入任何数据。请修改后重新上传：',
      row: '行',
      field: '列',
      message: '问题',
      imported: '导入成功：新增 {{inserted}} 人，更新 {{updated}} 人',
      fileRequired: '请先选择文件',
    },
  },
  en: {
    import: {
      step2: 'Choose the filled .xlsx file. Every row is checked first; if any row is wrong, nothing is imported.',
      template: 'Download template',
      chooseFile: 'Choose file',
      start: 'Import',
      importing: 'Importing…',
      issuesTitle: '{{count}} problems found; nothing was imported. Fix them and upload again:',
      row: 'Row',
      field: 'Column',
      message: 'Problem',
      imported: 'Imported: {{inserted}} added, {{updated}} updated',
      fileRequired: 'Please choose a file first',
    },
  },
});
