import type { AccessClaims } from '../auth/tokens.ts';
import type { Database } from '../db/client.ts';
import { insideTransaction } from '../db/tx-guard.ts';
import type { Principal } from './principal.ts';

/**
 * What a request needs to know about its caller — the principal (session, user, tenant, roles), the permissions and
 * what follows from them (API-scope rules, data scopes, class scope) — kept per session in memory, so a request
 * costs no query for it in the common case.
 *
 * The database says when to forget (migration `auth_notify`): triggers on every table these are read from NOTIFY
 * `shixun_auth` when a transaction that changed them commits — `user:<id>` for a user's own rows (the user, their
 * roles, their sessions), `*` for anything wider (roles, menus, tenants, scopes, departments, classes). Every
 * instance connected to the database hears it (core/db/notifications.ts). PGlite hands it over as the commit
 * completes; on PostgreSQL a request first makes sure every notification committed before it arrived has been
 * heard (`sync`: one shared round trip on the listening connection), so a logout, a disabled user or a changed grant
 * holds from the very next request on every instance. Entries also expire, should a notification be lost.
 *
 * What the roles alone decide (permissions, API scopes, held menus) is the same for every principal of one tenant,
 * package and set of roles — all the students of a school — and is worked out once for them (`roleSetMemoOf`): after
 * a restart, 2,000 students' first requests cost one principal query each, not four. Role sets are forgotten with
 * anything wider than one user; a user's own change gives their sessions new principals, and so perhaps a new set.
 */
export const AUTH_CHANNEL = 'shixun_auth';
const TTL_MS = 10 * 60_000;
const MAX_SESSIONS = 50_000;

interface Entry {
  userId: string;
  loaded: Promise<Principal | null>;
  expires: number;
}

export class SessionCache {
  private readonly sessions = new Map<string, Entry>();
  /** One object per tenant, package and role set, shared by the principals that have them (memos hang on it). */
  private readonly roleSets = new Map<string, object>();
  private sync: () => Promise<void> = async () => {};

  /** The session's principal, loaded once until something it depends on changes. */
  async principal(claims: AccessClaims, load: () => Promise<Principal | null>): Promise<Principal | null> {
    await this.sync();
    const hit = this.sessions.get(claims.sessionId);
    if (hit && hit.userId === claims.userId && hit.expires > Date.now()) return hit.loaded;
    if (insideTransaction()) return load();
    const loaded = load().then((p) => p && { ...p, roleSet: this.roleSet(p) });
    this.sessions.delete(claims.sessionId);
    this.sessions.set(claims.sessionId, { userId: claims.userId, loaded, expires: Date.now() + TTL_MS });
    // A session that is no longer valid is not remembered: it is asked about again (and refused) each time.
    loaded.then(
      (p) => {
        if (!p && this.sessions.get(claims.sessionId)?.loaded === loaded) this.sessions.delete(claims.sessionId);
      },
      () => this.sessions.delete(claims.sessionId),
    );
    if (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    return loaded;
  }

  private roleSet(p: Principal): object {
    const key = `${p.tenantId}|${p.packageId ?? ''}|${p.roleIds.join(',')}`;
    let set = this.roleSets.get(key);
    if (!set) {
      if (this.roleSets.size >= MAX_SESSIONS) this.roleSets.clear();
      set = {};
      this.roleSets.set(key, set);
    }
    return set;
  }

  /** A payload of the channel: `user:<id>` forgets that user's sessions, anything else (or a gap) everything. */
  changed(what: string | null): void {
    const user = what?.startsWith('user:') ? what.slice(5) : undefined;
    if (!user) {
      this.sessions.clear();
      this.roleSets.clear();
      return;
    }
    for (const [id, entry] of this.sessions) if (entry.userId === user) this.sessions.delete(id);
  }

  /** Follows the database's change notifications for this schema. */
  async follow(database: Pick<Database, 'notifications' | 'schemaName'>): Promise<void> {
    this.sync = () => database.notifications.sync();
    await database.notifications.listen(AUTH_CHANNEL, (payload) => {
      if (payload === null) return this.changed(null);
      const [schema, what] = payload.split(' ');
      if (schema === database.schemaName) this.changed(what ?? null);
    });
  }
}

const memos = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Something derived from the caller's grants (a data-scope condition, the class scope), computed once per cached
 * principal: a change that affects it replaces the principal, and with it this. Inside a transaction it is computed
 * afresh (the transaction may see writes that are not committed yet).
 */
export function memoOf<T>(p: Principal, key: string, load: () => Promise<T>): Promise<T> {
  return memoOn(p, key, load);
}

/**
 * Something only the caller's tenant, package and roles decide (permissions, API scopes, held menus), computed once
 * per role set (see SessionCache) — or per principal, for one that is not cached.
 */
export function roleSetMemoOf<T>(p: Principal, key: string, load: () => Promise<T>): Promise<T> {
  return memoOn(p.roleSet ?? p, key, load);
}

function memoOn<T>(owner: object, key: string, load: () => Promise<T>): Promise<T> {
  if (insideTransaction()) return load();
  let map = memos.get(owner);
  if (!map) {
    map = new Map();
    memos.set(owner, map);
  }
  let hit = map.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    map.set(key, hit);
    hit.catch(() => map.delete(key));
  }
  return hit;
}
