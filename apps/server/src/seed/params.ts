import { DEFAULT_GROUP_MAX_MB, PARAM_KEYS, uploadParamKey } from '@shixun/contracts';

/** Upload size limits (MB) per kind of file; ids from 60100 (the files feature's range). */
const uploadParams = (
  [
    ['image', '图片上传大小上限(MB)'],
    ['audio', '音频上传大小上限(MB)'],
    ['video', '视频上传大小上限(MB)'],
    ['document', '文档上传大小上限(MB)'],
  ] as const
).map(([group, paramName], i) => ({
  id: String(60100 + i),
  paramName,
  paramKey: uploadParamKey(group),
  paramValue: String(DEFAULT_GROUP_MAX_MB[group]),
  remark: '超过此大小的文件不能上传；头像固定为 500KB',
}));

/**
 * Parameters the product reads, with their defaults. Ids from 2001 upward in order, unless a row names its own id
 * (a feature's own range).
 */
export const seedParams: {
  /** A fixed id from a feature's range; absent = 2001 + position. */
  id?: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string;
  /** The value on the embedded demo installation, where it differs from a production one. */
  demoValue?: string;
}[] = [
  {
    paramName: '登录失败锁定次数',
    paramKey: PARAM_KEYS.failCount,
    paramValue: '5',
    remark: '连续登录失败达到此次数后锁定账号',
  },
  {
    paramName: '登录锁定时长(分钟)',
    paramKey: PARAM_KEYS.lockMinutes,
    paramValue: '30',
    remark: '账号被锁定后多少分钟可再次登录',
  },
  {
    paramName: '登录验证码',
    paramKey: PARAM_KEYS.captchaMode,
    paramValue: 'false',
    remark: 'true 时登录必须输入验证码',
  },
  {
    paramName: '多租户登录',
    paramKey: PARAM_KEYS.tenantMode,
    paramValue: 'false',
    remark: 'true 时登录页显示租户ID输入框',
  },
  {
    paramName: '开放用户注册',
    paramKey: PARAM_KEYS.registerUser,
    paramValue: 'false',
    demoValue: 'true',
    remark: 'true 时第三方登录的新用户可申请账号，账号经管理员在用户管理中启用并分配角色后才能登录',
  },
  ...uploadParams,
];
