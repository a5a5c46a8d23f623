export * from './auth.ts';
export * from './common.ts';
export * from './menu.ts';
export * from './messages.ts';
export * from './system/dict.ts';
export * from './system/param.ts';
export * from './system/post.ts';
export * from './system/role.ts';
