export * from './auth.ts';
export * from './desk.ts';
export * from './region.ts';
export * from './system.ts';
