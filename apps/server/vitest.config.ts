import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['src/test/seeded-snapshot.ts'],
    // Files share a worker's module cache: the server is imported once per worker, not once per file (a third of the
    // run). Each file still builds its own app on its own database (harness.ts), which is where isolation matters.
    isolate: false,
  },
});
