import assert from 'node:assert/strict';
import { access } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AuthPage } from './pages/auth.page.ts';
import { DashboardPage } from './pages/dashboard.page.ts';
import { LandingPage } from './pages/landing.page.ts';
import { NotFoundPage } from './pages/not-found.page.ts';
import { launchChromium, newIsolatedContext } from './support/chromium.ts';
import { storeSession } from './support/session.ts';
import { startStaticServer, type StaticServer } from './support/static-server.ts';

const WEB_DIST = fileURLToPath(new URL('../../../dist/apps/web/', import.meta.url));

interface Visit {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors: a healthy screen has none. */
  errors: string[];
  /** Requests that tried to leave 127.0.0.1. */
  blocked: string[];
}

describe('web app in Chromium', { timeout: 120_000 }, () => {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;

  before(async () => {
    try {
      await access(`${WEB_DIST}index.html`);
    } catch {
      throw new Error(`${WEB_DIST}index.html is missing: build the web app first (npx nx run web:build).`);
    }
    browser = await launchChromium();
    server = await startStaticServer(WEB_DIST);
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function visit(options: { signedIn?: boolean } = {}): Promise<Visit> {
    assert.ok(browser && server, 'the browser and the server are running');
    const blocked: string[] = [];
    const context = await newIsolatedContext(browser, server.origin, blocked);
    if (options.signedIn) await storeSession(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    return { context, page, errors, blocked };
  }

  async function leave({ context, errors, blocked }: Visit): Promise<void> {
    await context.close();
    assert.deepEqual(errors, [], 'no page or console errors');
    assert.deepEqual(blocked, [], 'no request left 127.0.0.1');
  }

  test('/ renders the landing page', async () => {
    const v = await visit();
    const landing = new LandingPage(v.page, server!.origin);
    await landing.open();
    assert.equal(landing.pathname(), '/');
    assert.equal(await landing.rocketToSuccess.getAttribute('href'), '/auth');
    assert.equal(await v.page.title(), 'Transform Conversations with AI | Parley');
    await landing.screenshot('landing');
    await leave(v);
  });

  test('/dashboard without a session ends at /auth', async () => {
    const v = await visit();
    const dashboard = new DashboardPage(v.page, server!.origin);
    await dashboard.open();
    const auth = new AuthPage(v.page, server!.origin);
    await auth.expectShown();
    assert.equal(auth.pathname(), '/auth');
    await auth.screenshot('dashboard-signed-out');
    await leave(v);
  });

  test('/dashboard with a stored session shows the dashboard', async () => {
    const v = await visit({ signedIn: true });
    const dashboard = new DashboardPage(v.page, server!.origin);
    await dashboard.open();
    await dashboard.title.waitFor();
    assert.match(await dashboard.greeting.innerText(), /^Good (morning|afternoon|evening)\b/);
    assert.equal(dashboard.pathname(), '/dashboard');
    await dashboard.screenshot('dashboard-signed-in');
    await leave(v);
  });

  test("the dashboard's Sign Out lands on / and stays there (not /auth)", async () => {
    const v = await visit({ signedIn: true });
    const dashboard = new DashboardPage(v.page, server!.origin);
    await dashboard.open();
    await dashboard.title.waitFor();
    const visited: string[] = [];
    v.page.on('framenavigated', (frame) => {
      if (frame === v.page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await v.page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
    const landing = new LandingPage(v.page, server!.origin);
    await landing.rocketToSuccess.waitFor();
    await v.page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    await v.page.waitForTimeout(500);
    assert.equal(landing.pathname(), '/');
    assert.ok(!visited.includes('/auth'), `never by way of /auth: ${visited.join(' → ')}`);
    await leave(v);
  });

  test('an unknown path shows the not-found page', async () => {
    const v = await visit();
    // Page time stands still unless the test moves it, so the glitch timing can be checked to the millisecond.
    const start = new Date('2030-01-01T00:00:00Z');
    await v.page.clock.install({ time: start });
    await v.page.clock.pauseAt(new Date(start.getTime() + 1_000));
    const notFound = new NotFoundPage(v.page, server!.origin);
    await notFound.open('/this/page/does/not/exist');
    assert.equal(notFound.pathname(), '/this/page/does/not/exist');
    await notFound.code.waitFor();
    await notFound.message.waitFor();
    await notFound.tryAgain.waitFor();
    await notFound.screenshot('not-found');

    // The glitch pulses every 4000 ms for 300 ms.
    assert.ok(await notFound.isGlitching(false), 'at rest on arrival');
    await v.page.clock.runFor(3999);
    assert.ok(await notFound.isGlitching(false), 'still at rest at 3999 ms');
    await v.page.clock.runFor(1);
    assert.ok(await notFound.isGlitching(true), 'glitching at 4000 ms');
    await notFound.screenshot('not-found-glitch');
    await v.page.clock.runFor(299);
    assert.ok(await notFound.isGlitching(true), 'still glitching at 4299 ms');
    await v.page.clock.runFor(1);
    assert.ok(await notFound.isGlitching(false), 'at rest again at 4300 ms');

    // Opened directly, there is no step back inside the app: 'Take Me Home' lands on the landing page.
    await notFound.takeMeHome.click();
    const landing = new LandingPage(v.page, server!.origin);
    await landing.title.waitFor();
    assert.equal(landing.pathname(), '/');
    await leave(v);
  });
});
