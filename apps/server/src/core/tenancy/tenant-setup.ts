import type { Db } from '../db/client.ts';

/**
 * What a module adds to every new tenant: the pages (menu codes) its administrator starts with, all their buttons
 * included, and rows the module needs before anyone signs in (the teaching roles, the question types). The platform
 * provisions tenants without knowing which modules exist (modules/system/tenant/tenant.provision.ts).
 */
export interface TenantSetup {
  adminPages: readonly string[];
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
