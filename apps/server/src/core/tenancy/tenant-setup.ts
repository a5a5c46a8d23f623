import type { Db } from '../db/client.ts';

/**
 * What a module adds to every new tenant: the pages (menu codes) its administrator starts with, all their buttons
 * included, and rows the module needs before anyone signs in (the teaching roles, the question types). The platform
 * provisions tenants without knowing which modules exist (modules/system/tenant/tenant.provision.ts).
 */
export interface TenantSetup {
  adminPages: readonly string[];
  /** Menu codes each seeded role (by alias: `teacher`, `student`) holds of this module. */
  roleGrants?: Readonly<Record<string, readonly string[]>>;
  /** Runs in the transaction that creates the tenant. */
  provision?(db: Db, tenantId: string): Promise<void>;
}

const setups: TenantSetup[] = [];

/** Called once at start-up with every module's setup (registering one twice is harmless). */
export function registerTenantSetups(list: TenantSetup[]): void {
  for (const setup of list) if (!setups.includes(setup)) setups.push(setup);
}

/** Every registered module's setup, in registration order. */
export function tenantSetups(): readonly TenantSetup[] {
  return setups;
}

/** The menu codes a seeded role holds, gathered from every module's setup. */
export function roleGrants(alias: string): string[] {
  return setups.flatMap((s) => s.roleGrants?.[alias] ?? []);
}
