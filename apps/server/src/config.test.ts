import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to the embedded installation on port 8080', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 8080, DATA_DIR: './data', embedded: true, seedDemo: true, LOG_LEVEL: 'info' });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).embedded).toBe(true);
  });

  it('creates no demo account on a production PostgreSQL installation', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h/db', NODE_ENV: 'production' });
    expect(c).toMatchObject({ embedded: false, seedDemo: false });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(true);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    } catch (e) {
      const text = (e as Error).message;
      expect(text).toContain('PORT');
      expect(text).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(text).toContain('JWT_SECRET: must be at least 32 bytes long');
    }
  });

  it('refuses the publicly known BladeX signing key', () => {
    expect(() =>
      loadConfig({ JWT_SECRET: 'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject' }),
    ).toThrow(/publicly known/);
  });
});
