import { DEFAULT_GROUP_MAX_MB, PARAM_KEYS, SMS_LIMITS, uploadParamKey } from '@shixun/contracts';

/** Upload size limits (MB) per kind of file; ids from 60100 (the files feature's range). */
const uploadParams = (
  [
    ['image', '图片上传大小上限(MB)', 'Largest picture upload (MB)'],
    ['audio', '音频上传大小上限(MB)', 'Largest audio upload (MB)'],
    ['video', '视频上传大小上限(MB)', 'Largest video upload (MB)'],
    ['document', '文档上传大小上限(MB)', 'Largest document upload (MB)'],
  ] as const
).map(([group, paramName, paramNameEn], i) => ({
  id: String(60100 + i),
  paramName,
  paramNameEn,
  paramKey: uploadParamKey(group),
  paramValue: String(DEFAULT_GROUP_MAX_MB[group]),
  remark: '超过此大小的文件不能上传；头像固定为 500KB',
  remarkEn: 'Larger files cannot be uploaded; avatars are always limited to 500 KB',
}));

/** How many text messages one phone number may receive; ids from 60110. */
const smsParams = [
  {
    id: '60110',
    paramName: '短信每号每分钟上限',
    paramNameEn: 'Text messages per number per minute',
    limit: SMS_LIMITS.perMinute,
  },
  {
    id: '60111',
    paramName: '短信每号每天上限',
    paramNameEn: 'Text messages per number per day',
    limit: SMS_LIMITS.perDay,
  },
].map(({ id, paramName, paramNameEn, limit }) => ({
  id,
  paramName,
  paramNameEn,
  paramKey: limit.key,
  paramValue: String(limit.fallback),
  remark: '同一手机号在此时间内最多收到的短信条数，超过后发送被拒绝',
  remarkEn: 'The most text messages one phone number receives in this time; more are refused',
}));

/**
 * Parameters the product reads, with their defaults. Ids from 2001 upward in order, unless a row names its own id
 * (a feature's own range).
 */
const seedParams: {
  /** A fixed id from a feature's range; absent = 2001 + position. */
  id?: string;
  paramName: string;
  paramNameEn: string;
  paramKey: string;
  paramValue: string;
  remark: string;
  remarkEn: string;
  /** The value on the embedded demo installation, where it differs from a production one. */
  demoValue?: string;
}[] = [
  {
    paramName: '登录失败锁定次数',
    paramNameEn: 'Failed sign-ins before a lock',
    paramKey: PARAM_KEYS.failCount,
    paramValue: '5',
    remark: '连续登录失败达到此次数后锁定账号',
    remarkEn: 'The account is locked after this many failed sign-ins in a row',
  },
  {
    paramName: '登录锁定时长(分钟)',
    paramNameEn: 'Sign-in lock (minutes)',
    paramKey: PARAM_KEYS.lockMinutes,
    paramValue: '30',
    remark: '账号被锁定后多少分钟可再次登录',
    remarkEn: 'How many minutes a locked account waits before it may sign in again',
  },
  {
    paramName: '登录验证码',
    paramNameEn: 'Sign-in captcha',
    paramKey: PARAM_KEYS.captchaMode,
    paramValue: 'false',
    remark: 'true 时登录必须输入验证码',
    remarkEn: 'true: signing in needs a captcha',
  },
  {
    paramName: '多租户登录',
    paramNameEn: 'Multi-tenant sign-in',
    paramKey: PARAM_KEYS.tenantMode,
    paramValue: 'false',
    remark: 'true 时登录页显示租户ID输入框',
    remarkEn: 'true: the sign-in page asks for the tenant ID',
  },
  {
    paramName: '开放用户注册',
    paramNameEn: 'Open registration',
    paramKey: PARAM_KEYS.registerUser,
    paramValue: 'false',
    demoValue: 'true',
    remark: 'true 时第三方登录的新用户可申请账号，账号经管理员在用户管理中启用并分配角色后才能登录',
    remarkEn:
      'true: a newcomer from social sign-in may apply for an account, which signs in once an administrator enables it and gives it roles in Users',
  },
  {
    paramName: '同一地址登录失败上限',
    paramNameEn: 'Failed sign-ins per address',
    paramKey: PARAM_KEYS.addressFailLimit,
    paramValue: '50',
    remark: '同一网络地址 15 分钟内登录失败达到此次数后，该地址暂停登录（拖慢对多个账号的密码猜测）',
    remarkEn:
      'After this many failed sign-ins from one network address within 15 minutes, that address is turned away for a while (slows password guessing across accounts)',
  },
  ...uploadParams,
  ...smsParams,
];

/** The seeded parameters with their ids. */
export function seedParamRows() {
  return seedParams.map((p, i) => ({ ...p, id: p.id ?? String(2001 + i) }));
}
