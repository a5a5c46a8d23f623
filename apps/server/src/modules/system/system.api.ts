/** What other modules may use of the system pages: resources the dashboard counts, and the API scopes of roles. */
export { deptResource } from './dept/dept.resource.ts';
export { roleResource } from './role/role.resource.ts';
export { heldScopes, scopesOfRoles, scopesWithin } from './scope/scope.grant.ts';
export { tenantResource } from './tenant/tenant.resource.ts';
