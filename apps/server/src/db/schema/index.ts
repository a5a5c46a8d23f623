export * from './auth.ts';
export * from './system.ts';
export * from './user.ts';
