import { z } from 'zod';
import { auditSchema, remarkSchema, statusSchema } from '../common.ts';

/** Field mapping of a provider's user info: which field gives the id, account, name, avatar and email. */
export interface SocialFieldMap {
  idField: string;
  usernameField: string;
  nameField: string;
  avatarField: string;
  emailField: string;
}

export interface SocialPreset extends SocialFieldMap {
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  scope: string;
  /** Gitee's user API reads the token from the query string; others from `Authorization: Bearer`. */
  tokenInQuery: boolean;
}

/**
 * Providers whose endpoints are public, so an administrator enters only the client id, secret and callback
 * address; `generic` is any OAuth2 / OpenID Connect server described by its addresses and standard claims.
 */
export const SOCIAL_PRESETS = {
  generic: {
    authorizeUrl: '',
    tokenUrl: '',
    userInfoUrl: '',
    scope: 'openid profile email',
    tokenInQuery: false,
    idField: 'sub',
    usernameField: 'preferred_username',
    nameField: 'name',
    avatarField: 'picture',
    emailField: 'email',
  },
  gitee: {
    authorizeUrl: 'https://gitee.com/oauth/authorize',
    tokenUrl: 'https://gitee.com/oauth/token',
    userInfoUrl: 'https://gitee.com/api/v5/user',
    scope: 'user_info',
    tokenInQuery: true,
    idField: 'id',
    usernameField: 'login',
    nameField: 'name',
    avatarField: 'avatar_url',
    emailField: 'email',
  },
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userInfoUrl: 'https://api.github.com/user',
    scope: 'read:user',
    tokenInQuery: false,
    idField: 'id',
    usernameField: 'login',
    nameField: 'name',
    avatarField: 'avatar_url',
    emailField: 'email',
  },
} as const satisfies Record<string, SocialPreset>;
export type SocialPresetName = keyof typeof SOCIAL_PRESETS;
export const SOCIAL_PRESET_NAMES = Object.keys(SOCIAL_PRESETS) as SocialPresetName[];

const httpUrl = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .regex(/^(https?:\/\/[^\s"'<>]+)?$/, { error: 'social.url.format' });
const field = z
  .string()
  .trim()
  .max(64, { error: 'validation.tooLong' })
  .regex(/^[A-Za-z0-9_.-]*$/, { error: 'social.field.format' });

/**
 * 第三方登录 add/edit form. The client secret is write-only: required on add, sent again only to change it.
 * Endpoints and field names left empty take the preset's.
 */
export const socialProviderFormSchema = z.object({
  source: z
    .string({ error: 'social.source.required' })
    .trim()
    .min(1, { error: 'social.source.required' })
    .regex(/^[a-z][a-z0-9_-]{1,31}$/, { error: 'social.source.format' }),
  name: z
    .string({ error: 'social.name.required' })
    .trim()
    .min(1, { error: 'social.name.required' })
    .max(64, { error: 'validation.tooLong' }),
  preset: z.enum(SOCIAL_PRESET_NAMES, { error: 'social.preset.required' }),
  authorizeUrl: httpUrl(500).optional(),
  tokenUrl: httpUrl(500).optional(),
  userInfoUrl: httpUrl(500).optional(),
  clientId: z
    .string({ error: 'social.clientId.required' })
    .trim()
    .min(1, { error: 'social.clientId.required' })
    .max(255, { error: 'validation.tooLong' }),
  clientSecret: z
    .string({ error: 'social.clientSecret.required' })
    .trim()
    .min(1, { error: 'social.clientSecret.required' })
    .max(500, { error: 'validation.tooLong' }),
  scope: z
    .string()
    .trim()
    .max(255, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_.:/ ,-]*$/, { error: 'validation.invalid' })
    .optional(),
  redirectUri: httpUrl(500).pipe(z.string().min(1, { error: 'social.redirectUri.required' })),
  idField: field.optional(),
  usernameField: field.optional(),
  nameField: field.optional(),
  avatarField: field.optional(),
  emailField: field.optional(),
  sort: z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(9999).optional(),
  remark: remarkSchema.optional(),
  status: statusSchema.optional(),
});
export type SocialProviderForm = z.infer<typeof socialProviderFormSchema>;

/** A provider as the platform administrator sees it: never the client secret. */
export const socialProviderSchema = auditSchema.extend({
  source: z.string(),
  name: z.string(),
  preset: z.string(),
  authorizeUrl: z.string(),
  tokenUrl: z.string(),
  userInfoUrl: z.string(),
  clientId: z.string(),
  scope: z.string(),
  redirectUri: z.string(),
  idField: z.string(),
  usernameField: z.string(),
  nameField: z.string(),
  avatarField: z.string(),
  emailField: z.string(),
  sort: z.number(),
  remark: z.string(),
});
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** What the sign-in page lists: enabled providers by their display name. */
export interface SocialLoginOption {
  source: string;
  name: string;
  preset: string;
}
