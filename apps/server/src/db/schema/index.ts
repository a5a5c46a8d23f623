export * from './auth.ts';
export * from './scope.ts';
export * from './system.ts';
export * from './topmenu.ts';
export * from './user.ts';
