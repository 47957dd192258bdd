import assert from 'node:assert/strict';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { Plugin } from 'vite';
import { AppPage } from './pages/app.page.ts';
import { launchChromium, newIsolatedContext } from './support/chromium.ts';

/**
 * A deploy under a running gateway (ADR 0030): a second gateway, next to the system's, serves a copy of
 * the web build; a page is opened on it, then the web app is rebuilt in place (`vite build` with the
 * project's config, its app code changed as a release changes it, so its chunks get new names). A fresh
 * page renders the new build; the page opened before the deploy, whose next screen's chunk is gone,
 * reloads once and renders it too. Run by `npx nx run web-e2e:integration` (run-integration.ts passes the
 * system gateway's environment in PARLEY_E2E_GATEWAY_ENV).
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const LANDING = 'Transform Conversations with AI';

interface RunningApp {
  output(): string;
  stop(): Promise<number | null>;
}

function systemGatewayEnv(): Record<string, string> {
  const env = process.env['PARLEY_E2E_GATEWAY_ENV'];
  if (!env) {
    throw new Error(
      'PARLEY_E2E_GATEWAY_ENV is not set: run this test with `npx nx run web-e2e:integration`, which starts ' +
        'the system and passes its gateway environment.',
    );
  }
  return JSON.parse(env) as Record<string, string>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A release's change to the app's own code (every module of apps/web/src), leaving the libraries alone. */
function release(name: string): Plugin {
  return {
    name: 'e2e:release',
    transform(code, id) {
      if (!/[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/.test(id)) return null;
      return { code: `${code}\nglobalThis.__parleyRelease = ${JSON.stringify(name)};\n`, map: null };
    },
  };
}

/** `vite build` into `outDir` with the project's own config (production, pre-compressed, emptied first). */
async function rebuildWeb(outDir: string, name: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: join(ROOT, 'apps/web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
    plugins: [release(name)],
  });
}

/** The build a page or an index.html runs: its hashed entry script. */
const ENTRY = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/;
const entryOf = (page: Page) =>
  page.evaluate(() => document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null);

describe('a deploy under a running gateway, in Chromium', { timeout: 240_000 }, () => {
  let browser: Browser | undefined;
  let gateway: RunningApp | undefined;
  let webDir = '';
  let origin = '';

  before(async () => {
    const require = createRequire(import.meta.url);
    const { startApp } = require(join(ROOT, 'dist/libs/server/testing/src/index.js')) as {
      startApp(name: string, env: Record<string, string>): RunningApp;
    };
    webDir = await mkdtemp(join(tmpdir(), 'parley-deploy-'));
    await cp(join(ROOT, 'dist/apps/web'), webDir, { recursive: true });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    gateway = startApp('gateway', {
      ...systemGatewayEnv(),
      PORT: String(port),
      PUBLIC_URL: origin,
      WEB_DIST_DIR: webDir,
    });
    const deadline = Date.now() + 60_000;
    while ((await fetch(`${origin}/api/health`).catch(() => undefined))?.status !== 200) {
      if (Date.now() > deadline) throw new Error(`the second gateway did not start:\n${gateway.output()}`);
      await sleep(250);
    }
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await gateway?.stop();
    if (webDir) await rm(webDir, { recursive: true, force: true });
  });

  test('a fresh page and a page from before the rebuild both render the new build; the old one reloads once', async () => {
    const blocked: string[] = [];
    const staleContext = await newIsolatedContext(browser!, origin, blocked);
    const stale = await staleContext.newPage();
    const staleApp = new AppPage(stale, origin);
    const staleErrors: string[] = [];
    stale.on('pageerror', (error) => staleErrors.push(error.message));
    let staleLoads = 0;
    stale.on('load', () => (staleLoads += 1));
    const gone: string[] = [];
    stale.on('response', (response) => {
      if (response.status() === 404) gone.push(new URL(response.url()).pathname);
    });

    // Before the deploy: the landing page (no lazy screen loaded yet).
    await staleApp.goto('/');
    await staleApp.heading(LANDING).waitFor();
    const oldEntry = await entryOf(stale);
    assert.ok(oldEntry);

    // The deploy: the web app rebuilt in place under the running gateway.
    const started = Date.now();
    await rebuildWeb(webDir, `release-${started}`);
    console.log(`[deploy] web app rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // The gateway serves the new index.html at once, no-cache, and the old build's files are 404s.
    const index = await fetch(`${origin}/`);
    assert.equal(index.headers.get('cache-control'), 'no-cache');
    const newEntry = (await index.text()).match(ENTRY)?.[1];
    assert.ok(newEntry && newEntry !== oldEntry, `a new entry script (${newEntry} after ${oldEntry})`);
    const deep = await fetch(`${origin}/features`, { headers: { accept: 'text/html' } });
    assert.match(await deep.text(), new RegExp(newEntry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const newScript = await fetch(`${origin}${newEntry}`);
    assert.equal(newScript.status, 200);
    assert.equal(newScript.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const oldScript = await fetch(`${origin}${oldEntry}`, { headers: { accept: '*/*' } });
    assert.equal(oldScript.status, 404);
    assert.doesNotMatch(oldScript.headers.get('content-type') ?? '', /text\/html/);

    // A fresh page: the new build, straight onto a lazily loaded screen.
    const freshContext = await newIsolatedContext(browser!, origin, blocked);
    const fresh = await freshContext.newPage();
    const freshApp = new AppPage(fresh, origin);
    const freshErrors: string[] = [];
    fresh.on('pageerror', (error) => freshErrors.push(error.message));
    await freshApp.goto('/features');
    await freshApp.heading('Features').waitFor();
    assert.equal(await entryOf(fresh), newEntry);
    await freshApp.screenshot('system-deploy-01-fresh-page');
    assert.deepEqual(freshErrors, []);

    // The page from before the deploy goes to a screen whose chunk is gone: one reload, then the screen.
    await stale.getByRole('link', { name: 'Features', exact: true }).first().click();
    await staleApp.waitForPath('/features');
    await staleApp.heading('Features').waitFor();
    assert.equal(await entryOf(stale), newEntry, 'the stale page reloaded into the new build');
    assert.equal(staleLoads, 2, 'one reload after the first load');
    assert.ok(
      gone.some((path) => /^\/assets\/FeaturesPage-.+\.js$/.test(path)),
      `the old Features chunk answered 404 (404s: ${gone.join(', ')})`,
    );
    assert.deepEqual(staleErrors, []);
    await staleApp.screenshot('system-deploy-02-stale-page-reloaded');
    // No second reload later: the page stays on the new build.
    await sleep(500);
    assert.equal(staleLoads, 2);
    assert.deepEqual(blocked, []);

    await staleContext.close();
    await freshContext.close();
  });
});
