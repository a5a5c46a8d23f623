import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets several checkouts run their end-to-end tests side by side.
const port = Number(process.env.E2E_PORT ?? 8091);
const baseURL = `http://127.0.0.1:${port}`;
/** A fresh embedded database per run, so every run starts from the seed. */
const dataDir = path.join(os.tmpdir(), `shixun-e2e-data-${Date.now()}`);
// The runner process owns the server; once it exits (server stopped), the database files go too. Workers also load
// this file, with their own timestamp, and must not delete anything.
if (process.env.TEST_WORKER_INDEX === undefined) {
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: 'specs',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    command: 'node ../apps/server/dist/main.js',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // CI points this at a throw-away PostgreSQL database; empty means the embedded PGlite.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      // The demo accounts the specs sign in with exist everywhere but in production.
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  },
});
