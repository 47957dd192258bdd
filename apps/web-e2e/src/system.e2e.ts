import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { AppPage } from './pages/app.page.ts';
import { AuthPage } from './pages/auth.page.ts';
import { OnboardingPage } from './pages/onboarding.page.ts';
import { launchChromium, newIsolatedContext } from './support/chromium.ts';
import { PUBLIC_ROUTES } from './support/routes.ts';
import { confirmationLink, seriousViolations, systemBaseUrl } from './support/system.ts';

/**
 * The whole journey against the real running system: register, confirm through the SMTP catcher,
 * onboard, change every settings tab and see it persist, delete the account. `npx nx run
 * web-e2e:integration` starts the gateway (serving this web build) and the services and runs it; it
 * fails without PARLEY_E2E_BASE_URL. PARLEY_E2E_SMTP_URL if the catcher is not on 127.0.0.1:1080.
 */
describe('the real system in Chromium', { timeout: 240_000 }, () => {
  let browser: Browser | undefined;
  const origin = systemBaseUrl();

  before(async () => {
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
  });

  test('every public route, served by the real gateway, with no serious or critical axe violation', async () => {
    const blocked: string[] = [];
    const context = await newIsolatedContext(browser!, origin, blocked);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const app = new AppPage(page, origin);
    const axe: string[] = [];
    for (const [path, heading] of PUBLIC_ROUTES) {
      const response = await page.goto(`${origin}${path}`);
      assert.equal(response?.status(), 200, `${path} is served (the SPA answers unknown paths too)`);
      await app.heading(heading).waitFor();
      for (const line of await seriousViolations(page)) axe.push(`${path}: ${line}`);
    }
    await app.screenshot('system-00-landing');
    await context.close();
    assert.deepEqual(axe, [], 'no serious or critical accessibility violations');
    assert.deepEqual(errors, [], 'no page or console errors');
    assert.deepEqual(blocked, [], 'no request left the system');
  });

  test('register, confirm by e-mail, onboard, change settings, delete the account', async () => {
    const blocked: string[] = [];
    const context = await newIsolatedContext(browser!, origin, blocked);
    const page = await context.newPage();
    const app = new AppPage(page, origin);
    const axe: string[] = [];
    const scan = async (where: string) => {
      for (const line of await seriousViolations(page)) axe.push(`${where}: ${line}`);
    };
    const email = `web-e2e-${Date.now()}@example.com`;
    const password = 'Parley-e2e-Passw0rd!';

    // Register
    await new AuthPage(page, origin).register(email, password);
    await scan('/auth check your email');
    await app.screenshot('system-01-check-email');

    // Confirm through the link in the e-mail: /auth/callback, then onboarding (no goals yet)
    await page.goto(await confirmationLink(email));
    await app.waitForPath('/onboarding');

    // Signed in without goals: /auth sends to onboarding too
    await app.goto('/auth');
    await app.waitForPath('/onboarding');
    const onboarding = new OnboardingPage(page, origin);
    await onboarding.title.waitFor();
    await scan('/onboarding');
    await onboarding.complete(
      {
        fullName: 'Web E2E',
        goal: 'Giving Feedback',
        tone: 'Friendly',
        level: 'Intermediate',
        language: 'es',
      },
      () => app.screenshot('system-02-onboarding').then(() => undefined),
    );

    // With a goal now: /auth sends to the dashboard
    await app.goto('/auth');
    await app.waitForPath('/dashboard');

    // Settings: one change per tab, each saved at once, all there after a reload
    await app.goto('/settings');
    await app.heading('Settings').waitFor();
    await scan('/settings');
    const saved = () => page.getByText('Saving changes...').waitFor({ state: 'hidden' });
    const tab = (name: string) => page.getByRole('tab', { name }).click();
    await page.getByLabel('Display Name').fill('Renamed E2E');
    await saved();
    await page.getByLabel('Timezone').selectOption('PST');
    await saved();
    const flips: Array<[tab: string, label: string]> = [
      ['Notifications', 'Email notifications'],
      ['Security', 'Login notifications'],
      ['Gamification', 'Show leaderboard'],
      ['Technical', 'Offline mode'],
      ['Data & Privacy', 'Marketing emails'],
    ];
    const before: boolean[] = [];
    for (const [name, label] of flips) {
      await tab(name);
      const box = page.getByRole('checkbox', { name: label });
      before.push(await box.isChecked());
      await box.click();
      await saved();
    }
    await tab('Accessibility');
    await page.getByLabel('Theme').selectOption('dark');
    await saved();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');
    await scan('/settings dark');
    await app.screenshot('system-03-settings-dark');

    await app.goto('/settings'); // a fresh load of the page, on the profile tab
    await app.heading('Settings').waitFor();
    assert.equal(await page.getByLabel('Display Name').inputValue(), 'Renamed E2E');
    assert.equal(await page.getByLabel('Timezone').inputValue(), 'PST');
    for (const [index, [name, label]] of flips.entries()) {
      await tab(name);
      assert.equal(
        await page.getByRole('checkbox', { name: label }).isChecked(),
        !before[index],
        `${label} persisted`,
      );
    }
    await tab('Accessibility');
    assert.equal(await page.getByLabel('Theme').inputValue(), 'dark');
    assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), 'dark');

    // Delete the account
    page.once('dialog', (dialog) => {
      assert.equal(
        dialog.message(),
        'Are you sure you want to delete your account? This action cannot be undone.',
      );
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await app.waitForPath('/');
    await new AuthPage(page, origin).logIn(email, password);
    await page.getByText('Invalid login credentials').waitFor();

    await context.close();
    assert.deepEqual(axe, [], 'no serious or critical accessibility violations');
    assert.deepEqual(blocked, [], 'no request left the system');
  });
});
