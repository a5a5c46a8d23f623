import { PARAM_KEYS } from '@shixun/contracts';

/** Parameters the product reads, with their defaults. Ids from 2001 upward in order. */
export const seedParams: {
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
];
