/** Website settings, the counterpart of Saber's src/config/website.js. */
export const website = {
  clientId: 'saber',
  clientSecret: 'saber_secret',
  /** The platform tenant; login-options normally supplies it. Literal, so this entry file stays free of zod. */
  tenantId: '000000',
  /** Seconds after which a stored access token is refreshed (the server's tokens live 3600 s). */
  tokenTime: 3000,
  tokenCheckInterval: 10_000,
  tokenHeader: 'Blade-Auth',
  /** Envelope codes that are rejected without a toast. */
  statusWhiteList: [] as number[],
  requestTimeout: 10_000,
  defaultLanguage: 'zh' as const,
  storagePrefix: 'shixun-',
  homePath: '/wel/index',
  loginPath: '/login',
  lockPath: '/lock',
  infoPath: '/info/index',
  /** 我的工作台: shortcuts and recent pages. */
  dashboardPath: '/wel/dashboard',
  /** 桌面: every page of the menu as a launcher. */
  desktopPath: '/zhuomian',
  /** Where the embedded page shows external addresses (`/myiframe/:routerPath?src=&name=`, as Saber has it). */
  iframePath: '/myiframe',
  /** 系统诊断 (the spec's /test/index): for support staff. */
  diagnosticsPath: '/test/index',
  defaultAvatar: '/avatar.svg',
  themeColor: '#409EFF',
};
