import { createReadStream, existsSync, statSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { type Plugin, runnerImport } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * pdf.js's character maps (CJK text in PDFs whose fonts are not embedded) and standard fonts, served at `/pdfjs/`:
 * copied into the build, and read from the package while developing.
 */
function pdfjsAssets(): Plugin {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const dirs = ['cmaps', 'standard_fonts'];
  let outDir = 'dist';
  return {
    name: 'pdfjs-assets',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use('/pdfjs', (req, res, next) => {
        const [dir, file] = (req.url ?? '').split('?')[0]!.replace(/^\//, '').split('/');
        const target = dir && file && dirs.includes(dir) && /^[\w.-]+$/.test(file) ? path.join(root, dir, file) : '';
        if (!target || !existsSync(target) || !statSync(target).isFile()) return next();
        res.setHeader('content-type', 'application/octet-stream');
        createReadStream(target).pipe(res);
      });
    },
    async writeBundle() {
      for (const dir of dirs) await cp(path.join(root, dir), path.join(outDir, 'pdfjs', dir), { recursive: true });
    },
  };
}

/**
 * `virtual:catalog/zh` and `virtual:catalog/en`: the pages' strings and the server's messages (i18n/catalogs.ts) in
 * one language, so a signed-in page downloads only the language it shows (issue 26 §4: half the bytes). The build
 * evaluates the catalogs once and writes each language out as data; while developing (and in tests) the module
 * picks the language from the live catalogs, so edits reload as usual.
 */
function catalogsPerLanguage(): Plugin {
  const prefix = 'virtual:catalog/';
  let source = '';
  let build = false;
  let evaluated: Promise<typeof import('./src/i18n/catalogs.ts')> | undefined;
  return {
    name: 'catalogs-per-language',
    configResolved(config) {
      source = path.resolve(config.root, 'src/i18n/catalogs.ts');
      build = config.command === 'build';
    },
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const lng = id.slice(prefix.length + 1);
      if (lng !== 'zh' && lng !== 'en') throw new Error(`no catalog for ${lng}`);
      if (!build) {
        return `import { pageCatalog, sharedCatalog } from ${JSON.stringify(source)};
export const pages = pageCatalog.${lng};
export const shared = sharedCatalog.${lng};`;
      }
      evaluated ??= runnerImport<typeof import('./src/i18n/catalogs.ts')>(source, {
        configFile: false,
        logLevel: 'error',
      }).then((r) => r.module);
      const { pageCatalog, sharedCatalog } = await evaluated;
      return `export const pages = ${JSON.stringify(pageCatalog[lng])};
export const shared = ${JSON.stringify(sharedCatalog[lng])};`;
    },
  };
}

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
      test: /node_modules[\\/](antd[\\/]es[\\/](app|message|notification|modal|spin|input|alert|radio|tag|typography|form|dropdown|segmented|drawer|card|result|menu)|@rc-component[\\/](notification|dialog|input|textarea|form|async-validator|dropdown|menu|drawer|segmented)|throttle-debounce)[\\/]/,
      priority: 25,
    },
  ],
};

export default defineConfig({
  plugins: [react(), pdfjsAssets(), catalogsPerLanguage()],
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
