import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database (a PostgreSQL schema or an in-memory PGlite); two cores, so two at a time.
    maxWorkers: 2,
  },
});
