import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = fileURLToPath(new URL('.', import.meta.url));
const workspace = fileURLToPath(new URL('../../', import.meta.url));

// Everything under /api and /auth/v1 belongs to the gateway (ARCHITECTURE.md); the dev server proxies it.
const gateway = process.env['PARLEY_GATEWAY_URL'] ?? 'http://localhost:3000';

export default defineConfig({
  root: here,
  plugins: [react()],
  resolve: {
    // Workspace libraries are consumed as TypeScript source, the same files tsconfig.base.json maps.
    alias: [
      { find: /^@parley\/contracts$/, replacement: `${workspace}libs/contracts/src/index.ts` },
      { find: /^@parley\/web-ui$/, replacement: `${workspace}libs/web/ui/src/index.ts` },
    ],
  },
  build: {
    outDir: `${workspace}dist/apps/web`,
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': gateway, '/auth/v1': gateway },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
