import type { PermissionCode } from '@shixun/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenService } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { apiScopeAllows } from './api-scope.ts';
import { loadPermissions, loadPrincipal, type Principal } from './principal.ts';
import type { SessionCache } from './session-cache.ts';

/** What a route requires. Every route under /api must say; the server refuses to start otherwise. */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'permission'; anyOf: string[]; superuserOnly: boolean };

export const access = {
  public: { kind: 'public' } as Access,
  signedIn: { kind: 'signedIn' } as Access,
  /** The caller needs at least one of these codes; `superuserOnly` adds "and is the platform superuser". */
  permission: (codes: PermissionCode | PermissionCode[], opts: { superuserOnly?: boolean } = {}): Access => ({
    kind: 'permission',
    anyOf: Array.isArray(codes) ? codes : [codes],
    superuserOnly: opts.superuserOnly ?? false,
  }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The caller's permission codes (cached with the session). */
    permissions(): Promise<Set<string>>;
  }
}

const BEARER = /^bearer\s+(\S+)$/i;

/** The caller; only for routes whose access is not public. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized();
  return req.principal;
}

/** True when the caller holds the code (the superuser holds every code). */
export async function can(req: FastifyRequest, code: string): Promise<boolean> {
  const p = principalOf(req);
  return p.superuser || (await req.permissions()).has(code);
}

export async function requirePermission(req: FastifyRequest, code: string): Promise<void> {
  if (!(await can(req, code))) throw forbidden();
}

export function installGuard(
  app: FastifyInstance,
  deps: { db: Db; tokens: TokenService; sessions: SessionCache; publicPrefixes?: string[] },
): void {
  app.decorateRequest('principal', null);
  // Loaded once per request: a use case that checks a permission inside its transaction (a resource's submit
  // called with the caller's transaction) then never reaches for the root connection, which on the embedded
  // database is the one the transaction holds.
  const permissionsOf = new WeakMap<FastifyRequest, Promise<Set<string>>>();
  app.decorateRequest('permissions', function (this: FastifyRequest) {
    let loaded = permissionsOf.get(this);
    if (!loaded) {
      loaded = this.principal ? loadPermissions(deps.db, this.principal) : Promise.resolve(new Set<string>());
      permissionsOf.set(this, loaded);
    }
    return loaded;
  });

  app.addHook('onRoute', (route) => {
    // Plugin-owned routes (the API docs UI) cannot declare a rule themselves; they are named public here.
    if (deps.publicPrefixes?.some((p) => route.url.startsWith(p))) {
      route.config = { ...route.config, access: access.public };
      return;
    }
    if (route.url.startsWith('/api') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
  });

  // onRequest runs before the body is parsed or validated: an anonymous or unpermitted caller learns nothing.
  app.addHook('onRequest', async (req: FastifyRequest, _reply: FastifyReply) => {
    const rule = req.routeOptions.config?.access;
    if (!rule || rule.kind === 'public') return;
    const header = req.headers['blade-auth'];
    const token = typeof header === 'string' ? BEARER.exec(header.trim())?.[1] : undefined;
    const claims = token ? await deps.tokens.verify(token) : null;
    const principal = claims ? await deps.sessions.principal(claims, () => loadPrincipal(deps.db, claims)) : null;
    if (!principal) throw unauthorized();
    req.principal = principal;

    if (principal.superuser) return;
    if (rule.kind === 'permission') {
      if (rule.superuserOnly) throw forbidden('http.globalWrite');
      const granted = await req.permissions();
      if (!rule.anyOf.some((code) => granted.has(code))) throw forbidden();
    }
    if (!(await apiScopeAllows(deps.db, principal, req.routeOptions.url ?? req.url))) throw forbidden();
  });
}
