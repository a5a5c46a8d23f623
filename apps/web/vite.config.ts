import { createReadStream, existsSync, statSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
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

export default defineConfig({
  plugins: [react(), pdfjsAssets()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    // antd alone is larger than Vite's default warning; pages are split per route, which is what matters.
    chunkSizeWarningLimit: 1200,
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
