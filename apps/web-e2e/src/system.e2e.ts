import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { AppPage } from './pages/app.page.ts';
import { launchChromium, newIsolatedContext } from './support/chromium.ts';

/**
 * The whole journey against the real running system: register, confirm through the SMTP catcher,
 * onboard, change every settings tab and see it persist, delete the account. Opt-in: set
 * PARLEY_E2E_BASE_URL to a running gateway that serves this web build (startSystem() in
 * libs/server/testing starts one), and PARLEY_E2E_SMTP_URL if the catcher is not on 127.0.0.1:1080.
 */
const BASE_URL = process.env['PARLEY_E2E_BASE_URL'];
const SMTP_URL = process.env['PARLEY_E2E_SMTP_URL'] ?? 'http://127.0.0.1:1080';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function confirmationLink(address: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${SMTP_URL}/api/email?to.address=${encodeURIComponent(address)}`);
    const mails = (await res.json()) as Array<{ text: string }>;
    const match = mails[0]?.text.match(/https?:\/\/\S+\/auth\/v1\/verify\S+/);
    if (match) return match[0];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no confirmation mail to ${address}`);
}

describe(
  'the real system in Chromium',
  { skip: BASE_URL ? false : 'PARLEY_E2E_BASE_URL is not set', timeout: 240_000 },
  () => {
    let browser: Browser | undefined;

    before(async () => {
      browser = await launchChromium();
    });

    after(async () => {
      await browser?.close();
    });

    test('register, confirm by e-mail, onboard, change settings, delete the account', async () => {
      const origin = new URL(BASE_URL!).origin;
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
      await app.goto('/auth');
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm Password').fill(password);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await app.heading('Check your email').waitFor();
      await scan('/auth check your email');
      await app.screenshot('system-check-email');

      // Confirm through the link in the e-mail: /auth/callback, then the dashboard
      await page.goto(await confirmationLink(email));
      await app.waitForPath('/dashboard');

      // Signed in without goals: /auth sends to onboarding
      await app.goto('/auth');
      await app.waitForPath('/onboarding');
      await app.heading('Onboarding').waitFor();
      await scan('/onboarding');
      await page.getByLabel('Full name').fill('Web E2E');
      await page.getByRole('checkbox', { name: 'Giving Feedback' }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('radio', { name: 'Friendly' }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('radio', { name: 'Intermediate' }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Language').selectOption('es');
      await app.screenshot('system-onboarding');
      await page.getByRole('button', { name: 'Finish' }).click();
      await app.waitForPath('/dashboard');

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
        ['Security', 'Two-factor authentication'],
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
      await app.screenshot('system-settings-dark');

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
      await app.goto('/auth');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByText('Invalid login credentials').waitFor();

      await context.close();
      assert.deepEqual(axe, [], 'no serious or critical accessibility violations');
      assert.deepEqual(blocked, [], 'no request left the system');
    });
  },
);
