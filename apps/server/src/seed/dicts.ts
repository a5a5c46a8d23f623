/** System dictionaries the UI reads: [code, name, [key, value][]]. Ids are assigned from 3001 upward in order. */
export const seedDicts: [string, string, [string, string][]][] = [
  [
    'sex',
    '性别',
    [
      ['1', '男'],
      ['2', '女'],
      ['0', '未知'],
    ],
  ],
  [
    'yes_no',
    '是否',
    [
      ['0', '否'],
      ['1', '是'],
    ],
  ],
  [
    'status',
    '状态',
    [
      ['1', '启用'],
      ['0', '停用'],
    ],
  ],
  [
    'menu_category',
    '菜单类型',
    [
      ['1', '菜单'],
      ['2', '按钮'],
    ],
  ],
  [
    'button_func',
    '按钮功能',
    [
      ['0', '无'],
      ['1', '工具栏'],
      ['2', '操作栏'],
      ['3', '工具操作栏'],
    ],
  ],
  [
    'user_type',
    '用户平台',
    [
      ['1', 'WEB'],
      ['2', 'APP'],
      ['3', 'OTHER'],
    ],
  ],
  [
    'org_category',
    '机构类型',
    [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '小组'],
    ],
  ],
];
