import { pageMessages } from '../pages.ts';

/** 题库's transfers: exporting questions, copying them between libraries (importing: question-import.ts). */
export default pageMessages({
  zh: {
    questionBank: {
      export: {
        title: '导出试题',
        scope: '导出范围',
        selected: '选中的 {{count}} 道试题',
        lib: '题库《{{name}}》的全部试题',
        noLib: '当前题库（请先在筛选中选择题库）',
        nothing: '请先勾选试题，或在筛选中选择一个题库',
        format: '文件格式',
        word: 'Word（可打印）',
        excel: 'Excel（可再导入）',
        moodle: 'Moodle XML（可导入 Moodle 或再导入）',
        withAnswers: '包含答案与解析',
        excelHint: 'Excel 文件总是包含答案与解析，便于修改后重新导入。',
        moodleHint: 'Moodle XML 文件总是包含答案与解析，可导入 Moodle 的题库，也可以再导入本系统。',
        ok: '导出',
        done: '已开始下载',
      },
      copy: {
        title: '复制 {{count}} 道试题到题库',
        hint: '复制后的试题属于目标题库，可以自由修改，原题不受影响。',
        target: '目标题库',
        ok: '复制',
        done: '已复制 {{count}} 道试题到《{{name}}》',
      },
    },
  },
  en: {
    questionBank: {
      export: {
        title: 'Export questions',
        scope: 'What',
        selected: 'Selected questions ({{count}})',
        lib: 'Every question of "{{name}}"',
        noLib: 'The current library (choose one in the filters first)',
        nothing: 'Tick questions, or choose a library in the filters first',
        format: 'Format',
        word: 'Word (to print)',
        excel: 'Excel (to import again)',
        moodle: 'Moodle XML (for Moodle, or to import again)',
        withAnswers: 'With answers and analysis',
        excelHint: 'Excel files always carry the answers and analysis, so they can be changed and imported again.',
        moodleHint:
          "Moodle XML files always carry the answers and analysis: import them into Moodle's question bank, or here again.",
        ok: 'Export',
        done: 'Download started',
      },
      copy: {
        title: 'Copy questions ({{count}}) to a library',
        hint: 'The copies belong to the library you choose and may be changed freely; the originals stay as they are.',
        target: 'Library',
        ok: 'Copy',
        done: 'Copied to "{{name}}": {{count}}',
      },
    },
  },
});
