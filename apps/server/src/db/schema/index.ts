export * from './auth.ts';
export * from './system.ts';
export * from './topmenu.ts';
