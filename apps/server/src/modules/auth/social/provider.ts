import { SOCIAL_PRESETS, type SocialFieldMap, type SocialLoginOption, type SocialPresetName } from '@shixun/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import type { SecretBox } from '../../../core/secrets/secret-box.ts';
import { socialProvider } from '../../../db/schema/index.ts';

/** The purpose a provider's client secret is sealed for (core/secrets). */
export const SOCIAL_SECRET = 'social';
/** Each call to a provider gives up after this long (the browser's own request times out at 10 s). */
const CALL_TIMEOUT_MS = 8_000;
/** A token or user-info answer larger than this is not a real one. */
const MAX_ANSWER_BYTES = 256 * 1024;

/** Who the provider says the person is. */
export interface SocialProfile {
  /** The provider's stable id of the person. */
  uuid: string;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
}

/** A third-party sign-in: where to send the browser, and how to turn the code it comes back with into a person. */
export interface SocialProvider {
  source: string;
  authorizeUrl(state: string): string;
  /** Throws when the provider refuses the code or answers nonsense. */
  exchange(code: string): Promise<SocialProfile>;
}

export interface OAuth2Settings extends SocialFieldMap {
  source: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  redirectUri: string;
  tokenInQuery: boolean;
}

class ProviderError extends Error {}

/** `a.b.c` inside an answer, as a string ('' when absent or not a scalar). */
function pick(data: unknown, path: string): string {
  let value: unknown = data;
  for (const part of path.split('.')) {
    if (!part || value === null || typeof value !== 'object') return '';
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

async function callJson(url: string, init: RequestInit): Promise<unknown> {
  const res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  const text = await res.text();
  if (text.length > MAX_ANSWER_BYTES) throw new ProviderError(`answer too large from ${new URL(url).host}`);
  if (!res.ok) throw new ProviderError(`${new URL(url).host} answered ${res.status}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError(`${new URL(url).host} did not answer JSON`);
  }
}

const withQuery = (url: string, params: Record<string, string>) =>
  `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(params)}`;

/**
 * The OAuth2 authorization-code flow against any provider described by its addresses (OpenID Connect servers,
 * Gitee, GitHub …): the client secret goes to the token address in the POST body (client_secret_post), the access
 * token to the user-info address, and the configured field names turn its answer into a profile.
 */
export class OAuth2Provider implements SocialProvider {
  constructor(private readonly s: OAuth2Settings) {}

  get source(): string {
    return this.s.source;
  }

  authorizeUrl(state: string): string {
    return withQuery(this.s.authorizeUrl, {
      response_type: 'code',
      client_id: this.s.clientId,
      redirect_uri: this.s.redirectUri,
      ...(this.s.scope ? { scope: this.s.scope } : {}),
      state,
    });
  }

  async exchange(code: string): Promise<SocialProfile> {
    const token = await callJson(this.s.tokenUrl, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.s.redirectUri,
        client_id: this.s.clientId,
        client_secret: this.s.clientSecret,
      }),
    });
    const accessToken = pick(token, 'access_token');
    if (!accessToken) throw new ProviderError('no access token in the answer');
    const info = await callJson(
      this.s.tokenInQuery ? withQuery(this.s.userInfoUrl, { access_token: accessToken }) : this.s.userInfoUrl,
      {
        headers: {
          accept: 'application/json',
          // GitHub refuses requests without a user agent.
          'user-agent': 'Shixun',
          ...(this.s.tokenInQuery ? {} : { authorization: `Bearer ${accessToken}` }),
        },
      },
    );
    const avatar = pick(info, this.s.avatarField);
    return {
      uuid: pick(info, this.s.idField).slice(0, 128),
      username: pick(info, this.s.usernameField).slice(0, 128),
      nickname: pick(info, this.s.nameField).slice(0, 128),
      avatar: /^https?:\/\//.test(avatar) ? avatar.slice(0, 1000) : '',
      email: pick(info, this.s.emailField).slice(0, 255),
    };
  }
}

type ProviderRow = typeof socialProvider.$inferSelect;

/** A stored provider with its preset's endpoints and field names filling whatever was left empty. */
export function settingsOf(row: ProviderRow, clientSecret: string): OAuth2Settings {
  const preset = SOCIAL_PRESETS[(row.preset in SOCIAL_PRESETS ? row.preset : 'generic') as SocialPresetName];
  return {
    source: row.source,
    authorizeUrl: row.authorizeUrl || preset.authorizeUrl,
    tokenUrl: row.tokenUrl || preset.tokenUrl,
    userInfoUrl: row.userInfoUrl || preset.userInfoUrl,
    clientId: row.clientId,
    clientSecret,
    scope: row.scope || preset.scope,
    redirectUri: row.redirectUri,
    tokenInQuery: preset.tokenInQuery,
    idField: row.idField || preset.idField,
    usernameField: row.usernameField || preset.usernameField,
    nameField: row.nameField || preset.nameField,
    avatarField: row.avatarField || preset.avatarField,
    emailField: row.emailField || preset.emailField,
  };
}

const live = and(eq(socialProvider.isDeleted, 0), eq(socialProvider.status, 1));

/** The enabled provider of that source, or undefined. */
export async function loadProvider(db: Db, secrets: SecretBox, source: string): Promise<SocialProvider | undefined> {
  const [row] = await db
    .select()
    .from(socialProvider)
    .where(and(live, eq(socialProvider.source, source)));
  if (!row) return undefined;
  return new OAuth2Provider(settingsOf(row, secrets.open(SOCIAL_SECRET, row.clientSecretEnc)));
}

/** What the sign-in page offers. */
export async function loginOptions(db: Db): Promise<SocialLoginOption[]> {
  return db
    .select({ source: socialProvider.source, name: socialProvider.name, preset: socialProvider.preset })
    .from(socialProvider)
    .where(live)
    .orderBy(asc(socialProvider.sort), asc(socialProvider.source));
}
