import type { LoginOptions } from '@shixun/contracts';
import type { SeedMenu } from '../access/menu-definition.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Reference } from '../crud/references.ts';
import type { AnyResourceDef } from '../crud/resource.ts';
import type { Db } from '../db/client.ts';
import type { FileStore } from '../files/file-store.ts';
import type { OfficeConverter } from '../files/office-pdf.ts';
import type { TypedApp } from '../http/typed-app.ts';
import type { JobDefinition } from '../jobs/runner.ts';
import type { KvStore } from '../kv/store.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { TenantSetup } from '../tenancy/tenant-setup.ts';

/** What the app hands every module's routes: one object, whatever each module takes of it. */
export interface ModuleDeps {
  db: Db;
  tokens: TokenService;
  store: KvStore;
  secrets: SecretBox;
  files: FileStore;
  converter: OfficeConverter;
  demoAccounts: LoginOptions['demoAccounts'];
}

/**
 * A module declares itself once, in its index.ts: the resources the factory mounts (and the conformance test
 * walks), who uses its rows (references), its jobs, its menus, what it adds to a new tenant, and its own routes. The app loops
 * over one list of them (modules/registry.ts); nothing else lists a module by hand.
 */
export interface ModuleDef {
  /** The module's folder under modules/. */
  name: string;
  resources?: AnyResourceDef[];
  references?: Reference[];
  jobs?: JobDefinition<never>[];
  tenantSetup?: TenantSetup;
  /** Its pages and buttons, seeded at start-up (fixed ids, so an installation keeps its grants). */
  menus?: SeedMenu[];
  /** Routes beside the factory's, registered after every module's resources are mounted. */
  routes?(app: TypedApp, deps: ModuleDeps): void | Promise<void>;
}

/** What the app and the seed read from a list of modules, each list in the modules' order. */
export function gather(list: readonly ModuleDef[]) {
  return {
    resources: list.flatMap((m) => m.resources ?? []),
    references: list.flatMap((m) => m.references ?? []),
    jobs: list.flatMap((m) => m.jobs ?? []),
    tenantSetups: list.flatMap((m) => (m.tenantSetup ? [m.tenantSetup] : [])),
    menus: list.flatMap((m) => m.menus ?? []),
  };
}
