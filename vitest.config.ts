import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
    // Each server test file gets its own database (a PostgreSQL schema or an in-memory PGlite): two cores, two files.
    maxWorkers: 2,
  },
});
