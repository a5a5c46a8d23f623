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
  /** Menus that reached installations made before them, granted once each at start-up (seed/upgrade.ts). */
  arrivals?: readonly Arrival[];
}

/**
 * A module's menus arriving in an existing installation: each school's seeded roles get the codes (`roleGrants`
 * unless given), its administrator role the module's pages under `group`. Once: `key` records it was done.
 */
export interface Arrival {
  /** The setting that records the grant; never changed once released (installations keep it). */
  key: string;
  /** The module's top menu code. */
  group: string;
  /** Codes by seeded role alias, when not the setup's roleGrants (a later arrival of a few buttons). */
  codes?: Readonly<Record<string, readonly string[]>>;
  /** Runs once, the first time (e.g. rows the new menus need). */
  first?(db: Db): Promise<void>;
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
