import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets several checkouts run their end-to-end tests side by side.
const firstPort = Number(process.env.E2E_PORT ?? 8091);
/**
 * Spec files run in parallel, each worker against a server of its own (port firstPort + its parallel index) with its
 * own fresh embedded database, so no spec sees another's data — as when they ran one after another. A worker is a
 * browser and a server, and keeps about two cores busy: one worker per two cores, two at most (E2E_WORKERS sets it).
 * On this two-core machine two workers did 8 tests in 7 minutes (and timed out on a third), one worker 31 in 6.
 */
const workers = process.env.E2E_DATABASE_URL
  ? 1 // one database: the specs take turns
  : Math.max(1, Number(process.env.E2E_WORKERS ?? Math.min(2, Math.floor(os.availableParallelism() / 2))));
const urlOf = (index: number) => `http://127.0.0.1:${firstPort + index}`;
// Workers load this file too: each takes its own server's address; the runner (no index) starts them all.
const baseURL = urlOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
/** Fresh embedded databases per run, so every run starts from the seed. */
const stamp = `${Date.now()}-${process.pid}`;
const dataDirs = Array.from({ length: workers }, (_, i) => path.join(os.tmpdir(), `shixun-e2e-data-${stamp}-${i}`));
// The runner process owns the servers; once it exits (servers stopped), the database files go too. Workers must not
// delete anything.
if (process.env.TEST_WORKER_INDEX === undefined) {
  process.on('exit', () => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });
}

export default defineConfig({
  testDir: 'specs',
  outputDir: 'test-results',
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    // The app honours this (no antd motion): a click never lands on a dialog still zooming in on a busy machine.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'debian-chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        channel: undefined,
        launchOptions: {
          // Debian's Chromium; Playwright's own browser download is not available on our machines.
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: dataDirs.map((dataDir, index) => ({
    command: 'node ../apps/server/dist/main.js',
    url: `${urlOf(index)}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(firstPort + index),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // CI points this at a throw-away PostgreSQL database; empty means the embedded PGlite.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      // The demo accounts the specs sign in with exist everywhere but in production.
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  })),
});
