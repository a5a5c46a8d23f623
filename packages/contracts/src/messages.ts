/**
 * Messages the server and the web both show, keyed once. Validation schemas carry these keys as their
 * error text; the server translates them for the caller's language and the web for its own.
 */
export const LOCALES = ['zh', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

const zh = {
  'validation.required': '{field}不能为空',
  'validation.invalid': '{field}格式不正确',
  'validation.tooLong': '{field}过长',
  'validation.id': '{field}不是有效的编号',
  'validation.ids': '请选择至少一条数据',
  'validation.status': '状态只能是启用或停用',
  'param.paramName.required': '请输入参数名称',
  'param.paramKey.required': '请输入参数键名',
  'param.paramValue.required': '请输入参数键值',
  'param.paramKey.format': '参数键名只能包含字母、数字、点、下划线和短横线',
  'param.paramKey.taken': '参数键名已存在',
  'post.category.required': '请选择岗位类型',
  'post.postCode.required': '请输入岗位编号',
  'post.postCode.format': '岗位编号只能包含字母、数字、下划线和短横线',
  'post.postCode.taken': '岗位编号已存在',
  'post.postName.required': '请输入岗位名称',
  'dict.code.required': '请输入字典编号',
  'dict.code.format': '字典编号只能包含字母、数字、点、下划线和短横线',
  'dict.code.taken': '字典编号已存在',
  'dict.dictValue.required': '请输入字典名称',
  'dict.dictKey.required': '请输入字典键值',
  'dict.dictKey.taken': '字典键值已存在',
  'dict.sort.required': '请输入字典排序',
  'dict.isSealed.required': '请选择封存',
  'dict.parent.notFound': '上级字典不存在',
  'dict.parent.notTop': '字典项只能添加在顶级字典下',
  'dict.parent.self': '上级字典不能是自己',
  'dict.hasChildren': '请先删除子项',
  'auth.badCredentials': '用户名或密码错误',
  'auth.locked': '登录错误次数过多，请{minutes}分钟后再试',
  'auth.disabled': '账号已停用，请联系管理员',
  'auth.noRole': '未获得用户的角色信息',
  'auth.tenantNotFound': '租户ID未找到',
  'auth.tenantExpired': '租户授权已过期，请联系管理员',
  'auth.tenantDisabled': '租户已停用，请联系管理员',
  'auth.badClient': '客户端认证失败',
  'auth.noClient': '请求头中无client信息',
  'auth.grantNotAllowed': '不支持的授权类型',
  'auth.captchaRequired': '请输入验证码',
  'auth.captchaWrong': '验证码不正确',
  'auth.captchaOff': '验证码未启用',
  'auth.refreshInvalid': '登录已过期，请重新登录',
  'auth.missingParams': '请输入账号和密码',
  'http.unauthorized': '请求未授权',
  'http.forbidden': '没有权限',
  'http.notFound': '数据不存在',
  'http.routeNotFound': '接口不存在',
  'http.badRequest': '请求参数错误',
  'http.tooLarge': '请求内容过大',
  'http.serverError': '服务器内部错误，请稍后重试（编号 {requestId}）',
  'http.globalWrite': '只有平台超级管理员可以修改全局数据',
  'ok.default': '操作成功',
  'ok.noData': '暂无承载数据',
} as const;

export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
  'validation.required': '{field} is required',
  'validation.invalid': '{field} is not valid',
  'validation.tooLong': '{field} is too long',
  'validation.id': '{field} is not a valid id',
  'validation.ids': 'Please select at least one item',
  'validation.status': 'Status must be enabled or disabled',
  'param.paramName.required': 'Please enter parameter name',
  'param.paramKey.required': 'Please enter parameter key',
  'param.paramValue.required': 'Please enter parameter value',
  'param.paramKey.format': 'The parameter key may contain only letters, digits, dots, underscores and hyphens',
  'param.paramKey.taken': 'This parameter key already exists',
  'post.category.required': 'Please choose the post type',
  'post.postCode.required': 'Please enter the post code',
  'post.postCode.format': 'The post code may contain only letters, digits, underscores and hyphens',
  'post.postCode.taken': 'This post code already exists',
  'post.postName.required': 'Please enter the post name',
  'dict.code.required': 'Please enter the dictionary code',
  'dict.code.format': 'The dictionary code may contain only letters, digits, dots, underscores and hyphens',
  'dict.code.taken': 'This dictionary code already exists',
  'dict.dictValue.required': 'Please enter the dictionary name',
  'dict.dictKey.required': 'Please enter the dictionary key',
  'dict.dictKey.taken': 'This key already exists in the dictionary',
  'dict.sort.required': 'Please enter the sort order',
  'dict.isSealed.required': 'Please choose whether it is sealed',
  'dict.parent.notFound': 'The parent dictionary does not exist',
  'dict.parent.notTop': 'Items can only be added under a top-level dictionary',
  'dict.parent.self': 'A dictionary cannot be its own parent',
  'dict.hasChildren': 'Remove its items first',
  'auth.badCredentials': 'Wrong account or password',
  'auth.locked': 'Too many failed sign-ins; try again in {minutes} minutes',
  'auth.disabled': 'This account is disabled; contact your administrator',
  'auth.noRole': 'This account has no role',
  'auth.tenantNotFound': 'Tenant ID not found',
  'auth.tenantExpired': "The tenant's licence has expired; contact your administrator",
  'auth.tenantDisabled': 'This tenant is disabled; contact your administrator',
  'auth.badClient': 'Client authentication failed',
  'auth.noClient': 'No client information in the request headers',
  'auth.grantNotAllowed': 'Unsupported grant type',
  'auth.captchaRequired': 'Please enter the captcha',
  'auth.captchaWrong': 'Wrong captcha',
  'auth.captchaOff': 'Captcha is not enabled',
  'auth.refreshInvalid': 'Your session has expired; please sign in again',
  'auth.missingParams': 'Please enter account and password',
  'http.unauthorized': 'Not signed in or the session has expired',
  'http.forbidden': 'You do not have permission to do this',
  'http.notFound': 'Not found',
  'http.routeNotFound': 'No such API',
  'http.badRequest': 'Bad request',
  'http.tooLarge': 'The request is too large',
  'http.serverError': 'Internal server error; please try again later (reference {requestId})',
  'http.globalWrite': 'Only the platform administrator may change global data',
  'ok.default': 'Operation successful',
  'ok.noData': 'No data',
};

/** Field labels used in validation messages. */
const fieldsZh: Record<string, string> = {
  id: '编号',
  ids: '编号',
  paramName: '参数名称',
  paramKey: '参数键名',
  paramValue: '参数键值',
  remark: '备注',
  status: '状态',
  current: '页码',
  size: '每页条数',
  username: '账号',
  password: '密码',
  tenantId: '租户ID',
  category: '类型',
  postCode: '岗位编号',
  postName: '岗位名称',
  sort: '排序',
  code: '编码',
  dictKey: '字典键值',
  dictValue: '字典名称',
  isSealed: '封存',
  parentId: '上级',
};
const fieldsEn: Record<string, string> = {
  id: 'Id',
  ids: 'Ids',
  paramName: 'Parameter name',
  paramKey: 'Parameter key',
  paramValue: 'Parameter value',
  remark: 'Remark',
  status: 'Status',
  current: 'Page',
  size: 'Page size',
  username: 'Account',
  password: 'Password',
  tenantId: 'Tenant ID',
  category: 'Type',
  postCode: 'Post code',
  postName: 'Post name',
  sort: 'Sort order',
  code: 'Code',
  dictKey: 'Dictionary key',
  dictValue: 'Dictionary name',
  isSealed: 'Sealed',
  parentId: 'Parent',
};

export const messages: Record<Locale, Record<MessageKey, string>> = { zh, en };
export const fieldLabels: Record<Locale, Record<string, string>> = { zh: fieldsZh, en: fieldsEn };

export function isMessageKey(key: string): key is MessageKey {
  return key in zh;
}

/** Translate a key (or pass through a literal text) and fill `{name}` placeholders. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const text = isMessageKey(key) ? messages[locale][key] : key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function fieldLabel(locale: Locale, field: string): string {
  return fieldLabels[locale][field] ?? field;
}

/** `Accept-Language: en-US,en;q=0.9` → 'en'; anything not English is Chinese (the default). */
export function localeFrom(header: string | undefined | null): Locale {
  return header && /^\s*en\b/i.test(header) ? 'en' : 'zh';
}
