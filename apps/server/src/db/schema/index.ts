export * from './auth.ts';
export * from './desk.ts';
export * from './region.ts';
export * from './scope.ts';
export * from './system.ts';
export * from './tenant-package.ts';
export * from './topmenu.ts';
export * from './user.ts';
