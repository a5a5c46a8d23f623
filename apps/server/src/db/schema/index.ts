export * from './auth.ts';
export * from './system.ts';
