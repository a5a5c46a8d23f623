/** What other modules may use of 教务: which classes a caller may see or assign to, and a class's display name. */
export { assertAssignable, classDisplayName, classNamesById, classScope } from './class-scope.ts';
