import { z } from 'zod';
import { auditSchema, statusSchema } from '../common.ts';

/** Grants a client may be given: the ones `oauth/token` knows (social login is coming; BladeX lists it too). */
export const CLIENT_GRANT_TYPES = ['password', 'captcha', 'refresh_token', 'social'] as const;
export type ClientGrantType = (typeof CLIENT_GRANT_TYPES)[number];

/** Seconds. Access tokens: 5 minutes to a day; refresh tokens: an hour to 30 days. */
export const TOKEN_VALIDITY = {
  access: { min: 300, max: 86_400 },
  refresh: { min: 3_600, max: 2_592_000 },
} as const;

/** The client the web app signs in with; it cannot be removed, disabled, renamed or have its secret reset. */
export const LOGIN_CLIENT_ID = 'saber';

/** `"password,refresh_token"` or `["password", "refresh_token"]` → the same comma list, known grants only. */
const grantTypesSchema = z
  .union([z.string(), z.array(z.string())], { error: 'client.grantTypes.required' })
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((g) => g.trim()).filter(Boolean))
  .pipe(
    z
      .array(z.enum(CLIENT_GRANT_TYPES, { error: 'client.grantTypes.invalid' }))
      .min(1, { error: 'client.grantTypes.required' }),
  )
  .transform((list) => [...new Set(list)].join(','));

const validity = (range: { min: number; max: number }, key: 'client.accessValidity' | 'client.refreshValidity') =>
  z.coerce.number({ error: key }).int({ error: key }).min(range.min, { error: key }).max(range.max, { error: key });

/** 应用管理 add/edit form. The secret is only ever set on add (given or generated) or by `reset-secret`. */
export const clientFormSchema = z.object({
  clientId: z
    .string({ error: 'client.clientId.required' })
    .trim()
    .min(1, { error: 'client.clientId.required' })
    .max(64, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_.-]+$/, { error: 'client.clientId.format' }),
  /** Printable ASCII without spaces, 16–128 characters; omitted = generated. */
  clientSecret: z
    .string()
    .regex(/^[\x21-\x7e]{16,128}$/, { error: 'client.clientSecret.format' })
    .optional(),
  scope: z
    .string()
    .trim()
    .max(255, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_.,:-]*$/, { error: 'validation.invalid' })
    .optional(),
  authorizedGrantTypes: grantTypesSchema,
  webServerRedirectUri: z
    .string()
    .trim()
    .max(1000, { error: 'validation.tooLong' })
    .regex(/^(https?:\/\/\S+)?$/, { error: 'client.redirectUri.format' })
    .optional(),
  accessTokenValidity: validity(TOKEN_VALIDITY.access, 'client.accessValidity').optional(),
  refreshTokenValidity: validity(TOKEN_VALIDITY.refresh, 'client.refreshValidity').optional(),
  status: statusSchema.optional(),
});
export type ClientForm = z.infer<typeof clientFormSchema>;

/** A client as the platform administrator sees it: never its secret or the secret's hash. */
export const clientSchema = auditSchema.extend({
  clientId: z.string(),
  scope: z.string(),
  authorizedGrantTypes: z.string(),
  webServerRedirectUri: z.string(),
  accessTokenValidity: z.number(),
  refreshTokenValidity: z.number(),
  /** Only in the answer to adding a client or resetting its secret: the secret, shown this once. */
  oneTime: z.object({ clientId: z.string(), clientSecret: z.string() }).optional(),
});
export type Client = z.infer<typeof clientSchema>;
