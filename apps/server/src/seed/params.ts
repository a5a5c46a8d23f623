import { DEFAULT_GROUP_MAX_MB, PARAM_KEYS, SMS_LIMITS, uploadParamKey } from '@shixun/contracts';

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

/** How many text messages one phone number may receive; ids from 60110. */
const smsParams = [
  { id: '60110', paramName: '短信每号每分钟上限', limit: SMS_LIMITS.perMinute },
  { id: '60111', paramName: '短信每号每天上限', limit: SMS_LIMITS.perDay },
].map(({ id, paramName, limit }) => ({
  id,
  paramName,
  paramKey: limit.key,
  paramValue: String(limit.fallback),
  remark: '同一手机号在此时间内最多收到的短信条数，超过后发送被拒绝',
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
  {
    paramName: '同一地址登录失败上限',
    paramKey: PARAM_KEYS.addressFailLimit,
    paramValue: '50',
    remark: '同一网络地址 15 分钟内登录失败达到此次数后，该地址暂停登录（拖慢对多个账号的密码猜测）',
  },
  ...uploadParams,
  ...smsParams,
];
