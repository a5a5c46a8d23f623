// Plain constants, in a module without zod: pages that need only these (the login page's stores) stay small.

/** Platform tenant; its `administrator` role is the only superuser. */
export const PLATFORM_TENANT_ID = '000000';
export const SUPERUSER_ROLE = 'administrator';
/** The role every new tenant starts with for its own administrator (tenant provisioning). */
export const TENANT_ADMIN_ROLE = 'admin';
