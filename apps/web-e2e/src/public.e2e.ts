import assert from 'node:assert/strict';
import { access } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppPage } from './pages/app.page.ts';
import { launchChromium, newIsolatedContext } from './support/chromium.ts';
import { PUBLIC_ROUTES } from './support/routes.ts';
import { startStaticServer, type StaticServer } from './support/static-server.ts';

const WEB_DIST = fileURLToPath(new URL('../../../dist/apps/web/', import.meta.url));

/** axe violations with serious or critical impact, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('public pages in Chromium, with axe', { timeout: 180_000 }, () => {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;

  before(async () => {
    await access(`${WEB_DIST}index.html`);
    browser = await launchChromium();
    server = await startStaticServer(WEB_DIST);
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(
    colorScheme: 'light' | 'dark' = 'light',
    width = 1280,
  ): Promise<{ context: BrowserContext; page: Page; errors: string[]; blocked: string[] }> {
    assert.ok(browser && server);
    const blocked: string[] = [];
    const context = await newIsolatedContext(browser, server.origin, blocked);
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width, height: 800 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    return { context, page, errors, blocked };
  }

  for (const scheme of ['light', 'dark'] as const) {
    test(`every public route renders with no serious or critical axe violation (${scheme})`, async () => {
      const { context, page, errors, blocked } = await open(scheme);
      const app = new AppPage(page, server!.origin);
      const report: string[] = [];
      for (const [path, heading, shot] of PUBLIC_ROUTES) {
        await app.goto(path);
        await app.heading(heading).waitFor();
        for (const line of await seriousViolations(page)) report.push(`${path}: ${line}`);
        if (scheme === 'light' || path === '/') await app.screenshot(`${shot}-${scheme}`);
      }
      await context.close();
      assert.deepEqual(report, [], 'no serious or critical accessibility violations');
      assert.deepEqual(errors, [], 'no page or console errors');
      assert.deepEqual(blocked, [], 'no request left 127.0.0.1');
    });
  }

  test('a landing feature modal traps focus, locks scroll, passes axe and closes on Escape and backdrop', async () => {
    const { context, page } = await open();
    const app = new AppPage(page, server!.origin);
    await app.goto('/');
    const card = page.getByRole('button', { name: /Scored Feedback/ });
    await card.click();
    const dialog = page.getByRole('dialog', { name: 'Scored Feedback' });
    await dialog.waitFor();
    assert.equal(await page.evaluate(() => document.body.style.overflow), 'hidden');
    assert.deepEqual(await seriousViolations(page), []);
    await app.screenshot('landing-modal');
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
    assert.ok(
      await dialog.evaluate((el) => el.contains(document.activeElement)),
      'focus stays in the dialog',
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.body.style.overflow), '');
    await page.getByRole('button', { name: /Talk to the AI/ }).click();
    await page.getByRole('dialog', { name: 'Step 2: Talk to the AI' }).waitFor();
    await page.mouse.click(5, 400);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await context.close();
  });

  test('the header turns translucent after 50 px and the mobile menu opens at 360 px', async () => {
    const { context, page } = await open('light', 360);
    const app = new AppPage(page, server!.origin);
    await app.goto('/');
    const header = page.getByRole('banner');
    assert.equal(await header.getAttribute('data-scrolled'), 'false');
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForFunction(
      () => document.querySelector('header')?.getAttribute('data-scrolled') === 'true',
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Documentation' })
      .waitFor();
    await app.screenshot('landing-mobile-menu');
    assert.deepEqual(await seriousViolations(page), []);
    await context.close();
  });
});
