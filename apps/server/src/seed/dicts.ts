import type { dict } from '../db/schema/index.ts';

type Names = [zh: string, en: string];

/**
 * A system dictionary the UI reads, in both languages. Without `firstId`, ids are assigned from 3001 upward in order,
 * so new dictionaries go at the end and the earlier ones keep their items: an installed database holds those ids.
 * With it, the dictionary takes `firstId` and its items the ids after it (a feature's own id range), and the running
 * count is left alone.
 */
interface SeedDict {
  code: string;
  name: Names;
  items: [key: string, ...Names][];
  firstId?: number;
}

const seedDicts: SeedDict[] = [
  {
    code: 'sex',
    name: ['性别', 'Sex'],
    items: [
      ['1', '男', 'Male'],
      ['2', '女', 'Female'],
      ['0', '未知', 'Unknown'],
    ],
  },
  {
    code: 'yes_no',
    name: ['是否', 'Yes or no'],
    items: [
      ['0', '否', 'No'],
      ['1', '是', 'Yes'],
    ],
  },
  {
    code: 'status',
    name: ['状态', 'Status'],
    items: [
      ['1', '启用', 'Enabled'],
      ['0', '停用', 'Disabled'],
    ],
  },
  {
    code: 'menu_category',
    name: ['菜单类型', 'Menu type'],
    items: [
      ['1', '菜单', 'Menu'],
      ['2', '按钮', 'Button'],
    ],
  },
  {
    code: 'button_func',
    name: ['按钮功能', 'Button placement'],
    items: [
      ['0', '无', 'None'],
      ['1', '工具栏', 'Toolbar'],
      ['2', '操作栏', 'Row'],
      ['3', '工具操作栏', 'Toolbar and row'],
    ],
  },
  {
    code: 'user_type',
    name: ['用户平台', 'User platform'],
    items: [
      ['1', 'WEB', 'Web'],
      ['2', 'APP', 'App'],
      ['3', 'OTHER', 'Other'],
    ],
  },
  {
    code: 'org_category',
    name: ['机构类型', 'Organisation type'],
    items: [
      ['1', '公司', 'Organisation'],
      ['2', '部门', 'Department'],
      ['3', '小组', 'Group'],
    ],
  },
  {
    code: 'post_category',
    name: ['岗位类型', 'Post type'],
    items: [
      ['1', '高层', 'Senior'],
      ['2', '中层', 'Middle'],
      ['3', '基层', 'Junior'],
      ['4', '其他', 'Other'],
    ],
  },
  {
    code: 'notice',
    name: ['通知类型', 'Notice type'],
    items: [
      ['1', '发布通知', 'Announcement'],
      ['2', '批转通知', 'Circular'],
      ['3', '转发通知', 'Forwarded notice'],
      ['4', '指示通知', 'Instruction'],
      ['5', '任命通知', 'Appointment'],
    ],
  },
  {
    code: 'data_scope_type',
    name: ['数据权限', 'Data scope type'],
    items: [
      ['1', '全部可见', 'Everything'],
      ['2', '本人可见', 'Own records'],
      ['3', '所在机构可见', 'Own department'],
      ['4', '所在机构及子级可见', 'Own department and below'],
      ['5', '自定义', 'Custom'],
    ],
  },
  {
    code: 'api_scope_type',
    name: ['接口权限', 'API scope type'],
    items: [
      ['1', '系统接口', 'System API'],
      ['2', '业务接口', 'Business API'],
    ],
  },
  {
    code: 'scope_category',
    name: ['权限类型', 'Scope type'],
    items: [
      ['1', '数据权限', 'Data scope'],
      ['2', '接口权限', 'API scope'],
    ],
  },
  {
    code: 'region',
    name: ['行政区划', 'Region level'],
    items: [
      ['1', '省份', 'Province'],
      ['2', '地市', 'City'],
      ['3', '区县', 'District'],
      ['4', '乡镇', 'Township'],
      ['5', '村委', 'Village'],
    ],
  },
  {
    code: 'oss',
    name: ['对象存储', 'Object storage'],
    items: [
      ['1', 'MinIO', 'MinIO'],
      ['2', '七牛云', 'Qiniu Cloud'],
      ['3', '阿里云', 'Alibaba Cloud'],
      ['4', '腾讯云', 'Tencent Cloud'],
      ['5', 'Amazon S3', 'Amazon S3'],
    ],
    firstId: 60000,
  },
  {
    code: 'sms',
    name: ['短信服务', 'SMS service'],
    items: [
      ['1', '云片', 'Yunpian'],
      ['2', '七牛云', 'Qiniu Cloud'],
      ['3', '阿里云', 'Alibaba Cloud'],
      ['4', '腾讯云', 'Tencent Cloud'],
    ],
    firstId: 60010,
  },
  {
    code: 'banner_type',
    name: ['轮播类型', 'Banner type'],
    items: [
      ['1', '图片', 'Picture'],
      ['2', 'PDF', 'PDF'],
    ],
    firstId: 60020,
  },
];

type DictRow = typeof dict.$inferInsert & { id: string; dictValueEn: string };

/** The seeded dictionaries with their ids: each parent row and the item rows under it. */
export function seedDictRows(): { parent: DictRow; items: DictRow[] }[] {
  let next = 3001;
  return seedDicts.map(({ code, name, items, firstId }) => {
    const start = firstId ?? next;
    if (firstId === undefined) next += 1 + items.length;
    const parentId = String(start);
    return {
      parent: { id: parentId, parentId: '0', code, dictValue: name[0], dictValueEn: name[1] },
      items: items.map(([dictKey, dictValue, dictValueEn], i) => ({
        id: String(start + 1 + i),
        parentId,
        code,
        dictKey,
        dictValue,
        dictValueEn,
        sort: i + 1,
      })),
    };
  });
}
