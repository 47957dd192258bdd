import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = fileURLToPath(new URL('.', import.meta.url));

// The library is consumed as source by apps/web's Vite build; this config only runs its unit tests.
export default defineConfig({
  root: here,
  plugins: [react()],
  test: {
    name: 'web-ui',
    environment: 'jsdom',
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    restoreMocks: true,
  },
});
