import { pageMessages } from '../pages.ts';

export default pageMessages({
  zh: {
    client: {
      title: '应用',
      clientId: '客户端ID',
      clientSecret: '客户端密钥',
      secretHelp: '16 至 128 位不含空格的字母、数字或符号；留空则自动生成 32 位随机密钥',
      scope: '权限范围',
      grantTypes: '授权类型',
      redirectUri: '回调地址',
      accessValidity: '访问令牌有效期（秒）',
      accessHelp: '300 至 86400 秒（5 分钟至 1 天）；例如 3600 = 1 小时',
      refreshValidity: '刷新令牌有效期（秒）',
      refreshHelp: '3600 至 2592000 秒（1 小时至 30 天），不能短于访问令牌；例如 604800 = 7 天',
      status: '状态',
      loginClient: '登录页使用',
      grant: {
        password: '密码',
        captcha: '验证码',
        refresh_token: '刷新令牌',
        social: '第三方登录',
      },
      resetSecret: '重置密钥',
      resetConfirm: '确定为「{{clientId}}」生成新密钥吗？旧密钥立即失效，使用它的应用需要换用新密钥。',
      secretTitle: '「{{clientId}}」的客户端密钥',
      secretOnce:
        '密钥只显示这一次，关闭后无法再次查看。请现在复制，并配置到该应用中（Basic 认证头：客户端ID:客户端密钥）。',
      duration: { d: '{{n}} 天', h: '{{n}} 小时', m: '{{n}} 分钟', s: '{{n}} 秒' },
    },
  },
  en: {
    client: {
      title: 'client',
      clientId: 'Client ID',
      clientSecret: 'Client secret',
      secretHelp:
        '16 to 128 letters, digits or symbols without spaces; leave it empty to have a random 32-character one',
      scope: 'Scope',
      grantTypes: 'Grant types',
      redirectUri: 'Redirect URI',
      accessValidity: 'Access token life (s)',
      accessHelp: '300 to 86400 seconds (5 minutes to 1 day); e.g. 3600 = 1 hour',
      refreshValidity: 'Refresh token life (s)',
      refreshHelp:
        "3600 to 2592000 seconds (1 hour to 30 days), not shorter than the access token's; e.g. 604800 = 7 days",
      status: 'Status',
      loginClient: 'Sign-in page',
      grant: {
        password: 'Password',
        captcha: 'Captcha',
        refresh_token: 'Refresh token',
        social: 'Social login',
      },
      resetSecret: 'Reset secret',
      resetConfirm:
        'Generate a new secret for {{clientId}}? The old one stops working at once; apps using it need the new one.',
      secretTitle: 'Client secret of {{clientId}}',
      secretOnce:
        'The secret is shown this once only and cannot be seen again after closing. Copy it now and configure it in the app (Basic header: clientId:clientSecret).',
      duration: { d: '{{n}} d', h: '{{n}} h', m: '{{n}} min', s: '{{n}} s' },
    },
  },
});
