/**
 * System dictionaries the UI reads: [code, name, [key, value][], firstId?]. Without `firstId`, ids are assigned from
 * 3001 upward in order, so new dictionaries go at the end and the earlier ones keep their items: an installed
 * database holds those ids. With it, the dictionary takes `firstId` and its items the ids after it (a feature's own
 * id range), and the running count is left alone.
 */
export const seedDicts: [string, string, [string, string][], number?][] = [
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
  [
    'post_category',
    '岗位类型',
    [
      ['1', '高层'],
      ['2', '中层'],
      ['3', '基层'],
      ['4', '其他'],
    ],
  ],
  [
    'notice',
    '通知类型',
    [
      ['1', '发布通知'],
      ['2', '批转通知'],
      ['3', '转发通知'],
      ['4', '指示通知'],
      ['5', '任命通知'],
    ],
  ],
  [
    'data_scope_type',
    '数据权限',
    [
      ['1', '全部可见'],
      ['2', '本人可见'],
      ['3', '所在机构可见'],
      ['4', '所在机构及子级可见'],
      ['5', '自定义'],
    ],
  ],
  [
    'api_scope_type',
    '接口权限',
    [
      ['1', '系统接口'],
      ['2', '业务接口'],
    ],
  ],
  [
    'scope_category',
    '权限类型',
    [
      ['1', '数据权限'],
      ['2', '接口权限'],
    ],
  ],
  [
    'region',
    '行政区划',
    [
      ['1', '省份'],
      ['2', '地市'],
      ['3', '区县'],
      ['4', '乡镇'],
      ['5', '村委'],
    ],
  ],
  [
    'oss',
    '对象存储',
    [
      ['1', 'MinIO'],
      ['2', '七牛云'],
      ['3', '阿里云'],
      ['4', '腾讯云'],
      ['5', 'Amazon S3'],
    ],
    60000,
  ],
  [
    'sms',
    '短信服务',
    [
      ['1', '云片'],
      ['2', '七牛云'],
      ['3', '阿里云'],
      ['4', '腾讯云'],
    ],
    60010,
  ],
  [
    'banner_type',
    '轮播类型',
    [
      ['1', '图片'],
      ['2', 'PDF'],
    ],
    60020,
  ],
];
