import { z } from 'zod';

/** The BladeX published signing key (CVE-2021-44910): never acceptable as ours. */
const PUBLISHED_BLADE_KEY = 'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  JWT_SECRET: z
    .string()
    .refine((s) => Buffer.byteLength(s) >= 32, 'must be at least 32 bytes long')
    .refine((s) => s !== PUBLISHED_BLADE_KEY, 'is the publicly known BladeX key; generate your own')
    .optional(),
  /** Key for secrets kept in the database (storage and SMS keys); ≥ 32 bytes. Unset: generated and kept there. */
  SECRETS_KEY: z
    .string()
    .refine((s) => Buffer.byteLength(s) >= 32, 'must be at least 32 bytes long')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** Directory of the built web app; defaults to apps/web/dist beside this package. */
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** LibreOffice's `soffice` for Office previews; `off` = none; unset = the one on PATH, if any. */
  SOFFICE: z.string().optional(),
});

export type Config = z.infer<typeof envSchema> & {
  /** True on the embedded, single-machine default (PGlite, demo accounts). */
  embedded: boolean;
  /** Demo accounts are seeded everywhere except a production PostgreSQL installation. */
  seedDemo: boolean;
};

export class ConfigError extends Error {}

/** Parse the environment; an empty variable counts as unset. Throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  return {
    ...cfg,
    embedded: !cfg.DATABASE_URL,
    seedDemo: !(cfg.DATABASE_URL && cfg.NODE_ENV === 'production'),
  };
}
