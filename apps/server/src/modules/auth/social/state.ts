import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KvStore } from '../../../core/kv/store.ts';
import type { SocialProfile } from './provider.ts';

/** The browser has this long to come back from the provider. */
const STATE_TTL_SECONDS = 600;
/** A newcomer has this long to fill in the registration form. */
const TICKET_TTL_SECONDS = 1800;
/** Sent only with the token request (same path), never readable by scripts. */
export const BINDING_COOKIE = 'shixun_oauth';
const COOKIE_PATH = '/api/blade-auth/oauth';

const token = () => randomBytes(32).toString('base64url');
const digest = (value: string) => createHash('sha256').update(value).digest();

interface StateRecord {
  source: string;
  tenantId: string;
  /** SHA-256 of the random value in the browser's binding cookie. */
  binding: string;
}

function cookieOf(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * Starts a sign-in: a single-use `state` for the provider, remembered with the tenant and bound to this browser by
 * an HttpOnly cookie — a code obtained in another browser (or an attacker's state) cannot be replayed here.
 */
export async function issueState(
  store: KvStore,
  req: FastifyRequest,
  reply: FastifyReply,
  source: string,
  tenantId: string,
): Promise<string> {
  const state = token();
  const binding = token();
  const record: StateRecord = { source, tenantId, binding: digest(binding).toString('hex') };
  await store.set(`social:state:${state}`, JSON.stringify(record), STATE_TTL_SECONDS);
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${BINDING_COOKIE}=${binding}; Path=${COOKIE_PATH}; Max-Age=${STATE_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
  );
  return state;
}

/** Uses up the state (whatever the outcome); answers its tenant when it is this browser's and this source's. */
export async function consumeState(
  store: KvStore,
  req: FastifyRequest,
  source: string,
  state: string,
): Promise<{ tenantId: string } | undefined> {
  const raw = state ? await store.take(`social:state:${state}`) : null;
  if (!raw) return undefined;
  const record = JSON.parse(raw) as StateRecord;
  const binding = cookieOf(req, BINDING_COOKIE);
  if (record.source !== source || !binding) return undefined;
  const expected = Buffer.from(record.binding, 'hex');
  const actual = digest(binding);
  return expected.length === actual.length && timingSafeEqual(expected, actual)
    ? { tenantId: record.tenantId }
    : undefined;
}

/** A signed-in third-party person without an account, waiting to register (third-party registration dialog). */
export interface SocialTicket {
  source: string;
  profile: SocialProfile;
}

export async function issueTicket(store: KvStore, ticket: SocialTicket): Promise<string> {
  const id = token();
  await store.set(`social:ticket:${id}`, JSON.stringify(ticket), TICKET_TTL_SECONDS);
  return id;
}

/** The ticket, still usable: a registration that fails validation can be corrected and sent again. */
export async function peekTicket(store: KvStore, id: string): Promise<SocialTicket | undefined> {
  const raw = await store.get(`social:ticket:${id}`);
  return raw ? (JSON.parse(raw) as SocialTicket) : undefined;
}

export async function spendTicket(store: KvStore, id: string): Promise<void> {
  await store.take(`social:ticket:${id}`);
}
