import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
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
