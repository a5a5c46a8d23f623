import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogsPerLanguage, pdfjsAssets, routePreloads } from './vite.plugins.ts';

/** Packages under node_modules whose names match `names` (a regular expression alternative). */
const packages = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);

/**
 * How the app is cut into files (issue 26 §4: a school's 1.6 Mbps / 150 ms link, HTTP/1.1 with 6 connections, where
 * each extra file costs round trips, not bytes). Left alone, Rolldown made ~270 files and a page took 60–150 of them
 * in waves. So:
 * - `react`: the framework every page runs on (React, the router, queries, stores, i18next), one long-cached file;
 * - `ui`: the parts of antd (and its rc-components, icons' base, dayjs) that at least 50 of the app's chunks use — the
 *   login page needs most of them anyway; what fewer pages use stays with those pages, so the login page does not
 *   carry the table, tree or date pickers;
 * - small shared chunks (< 16 kB before minifying) are copied into the chunks that use them instead of being files
 *   of their own: a few kB more per page, a third of the files.
 * The pages stay lazy per route (app/router.tsx, app/views.ts); bench/network.ts measures the result.
 */
const codeSplitting = {
  experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
  groups: [
    {
      name: 'react',
      test: packages(
        'react|react-dom|scheduler|react-router|@tanstack|zustand|i18next|react-i18next|use-sync-external-store|html-parse-stringify|void-elements',
      ),
      priority: 30,
    },
    {
      name: 'ui',
      test: packages(
        'antd|@ant-design|@rc-component|rc-[\\w-]+|@babel|classnames|clsx|dayjs|throttle-debounce|scroll-into-view-if-needed|compute-scroll-into-view|@emotion|stylis|json2mq|copy-to-clipboard|toggle-selection|resize-observer-polyfill|is-mobile',
      ),
      minShareCount: 50,
      priority: 20,
    },
    {
      // What every signed-in page has (messages, dialogs) and the controls the exam page and the frame's forms both
      // draw: one file with the rest of `ui` rather than a dozen small ones queueing for the browser's six connections.
      name: 'ui',
      test: /node_modules[\\/](antd[\\/]es[\\/](app|message|notification|modal|spin|progress|input|alert|radio|tag|typography|form|dropdown|segmented|drawer|card|result|menu)|@rc-component[\\/](notification|dialog|progress|input|textarea|form|async-validator|dropdown|menu|drawer|segmented)|throttle-debounce)[\\/]/,
      priority: 25,
    },
  ],
};

export default defineConfig({
  plugins: [react(), pdfjsAssets(), catalogsPerLanguage(), routePreloads()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    // antd alone is larger than Vite's default warning; pages are split per route, which is what matters.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // Inlining shared chunks needs entry chunks free to change their exports (none of ours are imported by name).
      preserveEntrySignatures: false,
      output: { codeSplitting },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // antd component tests take a few seconds each in jsdom on a 2-core machine.
    testTimeout: 30_000,
  },
});
