import { pageMessages } from '../pages.ts';

/** 分类管理: the classification trees. */
export default pageMessages({
  zh: {
    academic: {
      flag: {
        kind: {
          direction: '专业方向',
          publisher: '出版社',
          knowledge: '知识点',
          dimension: '维度',
          questionType: '题型',
        },
        disciplines: '学科（固定）：',
        addRoot: '新增根节点',
        addChild: '新增下级',
        up: '上移',
        down: '下移',
        copy: '复制（含下级）',
        search: '搜索节点',
        empty: '还没有节点',
        pickHint: '在左侧选择一个节点进行编辑，或新增节点',
        editTitle: '编辑「{{name}}」',
        addRootTitle: '新增根节点',
        addChildTitle: '在「{{name}}」下新增',
        deleteConfirm: '确定删除「{{name}}」吗？',
        name: '名称',
        enName: '英文名称',
        enNameHelp: '英文界面显示此名称；不填则显示中文名称。',
        code: '编码',
        codeHelp: '可选，同一分类内唯一，供程序识别（如题型 single）。',
        remark: '备注',
      },
    },
  },
  en: {
    academic: {
      flag: {
        kind: {
          direction: 'Directions',
          publisher: 'Publishers',
          knowledge: 'Knowledge points',
          dimension: 'Dimensions',
          questionType: 'Question types',
        },
        disciplines: 'Disciplines (fixed):',
        addRoot: 'Add root',
        addChild: 'Add child',
        up: 'Move up',
        down: 'Move down',
        copy: 'Copy (with children)',
        search: 'Search nodes',
        empty: 'No nodes yet',
        pickHint: 'Pick a node on the left to edit it, or add one',
        editTitle: 'Edit "{{name}}"',
        addRootTitle: 'Add a root node',
        addChildTitle: 'Add under "{{name}}"',
        deleteConfirm: 'Delete "{{name}}"?',
        name: 'Name',
        enName: 'English name',
        enNameHelp: 'Shown in the English interface; left empty, the Chinese name is shown.',
        code: 'Code',
        codeHelp: 'Optional, unique within the tree, for programs to find it (e.g. question type single).',
        remark: 'Remark',
      },
    },
  },
});
