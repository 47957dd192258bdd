import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { developmentMarkersIn } from './production-build.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const workspace = fileURLToPath(new URL('../../', import.meta.url));

// Everything under /api and /auth/v1 belongs to the gateway (ARCHITECTURE.md); the dev server proxies it.
const gateway = process.env['PARLEY_GATEWAY_URL'] ?? 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Text files worth compressing, from half a kilobyte up (below that the saving is a few hundred bytes). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_COMPRESS_BYTES = 512;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? filesUnder(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]),
    ),
  );
  return nested.flat();
}

/**
 * Writes `x.br` (Brotli, best) and `x.gz` (gzip -9) next to every text file of the build, once, at build
 * time: the gateway serves them as they are (@fastify/static `preCompressed`) to clients that accept them.
 * A variant that does not come out smaller is not written, so the file goes out uncompressed.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'parley:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_COMPRESS_BYTES) return;
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Fails a production build that came out with a development build of React or Redux Toolkit in it (their
 * dev-only warnings and checks), so no path — npm start, the image, CI — can ship one unnoticed.
 */
function productionGuard(): Plugin {
  let production = false;
  return {
    name: 'parley:production-guard',
    apply: 'build',
    configResolved(config) {
      production = config.mode === 'production';
    },
    generateBundle(_options, bundle) {
      if (!production) return;
      const found = Object.values(bundle).flatMap((file) =>
        file.type === 'chunk'
          ? developmentMarkersIn(file.code).map((marker) => `${file.fileName}: ${marker}`)
          : [],
      );
      if (found.length > 0) {
        this.error(
          `a production build with development code in it (NODE_ENV=${process.env['NODE_ENV']}):\n  ${found.join('\n  ')}`,
        );
      }
    },
  };
}

const config = defineConfig({
  root: here,
  plugins: [react(), precompress(), productionGuard()],
  resolve: {
    // Workspace libraries are consumed as TypeScript source, the same files tsconfig.base.json maps.
    alias: [
      { find: /^@parley\/contracts$/, replacement: `${workspace}libs/contracts/src/index.ts` },
      {
        find: /^@parley\/contracts\/constants$/,
        replacement: `${workspace}libs/contracts/src/constants.ts`,
      },
      { find: /^@parley\/web-ui$/, replacement: `${workspace}libs/web/ui/src/index.ts` },
    ],
  },
  build: {
    outDir: `${workspace}dist/apps/web`,
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the first screen needs ($initial) in two chunks instead of a dozen small ones: the
            // libraries (and bundler helpers), cached across releases of the app, and the app's start-up
            // code, which joins the entry chunk. What only lazily loaded screens use stays with them.
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/]|^\0/,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'shell', test: /[\\/](?:apps[\\/]web|libs)[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
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
    // These are behaviour tests, not timing tests: the first test of a file loads its route's code,
    // which a busy 2-core CI machine can take seconds to do.
    testTimeout: 20_000,
  },
});

export default defineConfig(({ command, mode }) => {
  // `vite build` is a production build whatever NODE_ENV the caller's shell exports (npm start loads
  // infra/local/local.env, NODE_ENV=development, for the services it starts): Vite takes an exported
  // NODE_ENV over the mode, and React and Redux Toolkit then ship their development builds. Only an
  // explicit `--mode development` builds for development (ADR 0030).
  if (command === 'build') process.env['NODE_ENV'] = mode === 'development' ? 'development' : 'production';
  return config;
});
