import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { AppPage } from './pages/app.page.ts';
import { AuthPage } from './pages/auth.page.ts';
import { launchChromium, newIsolatedContext } from './support/chromium.ts';
import { confirmationLink, seriousViolations, systemBaseUrl } from './support/system.ts';

/** The code an authenticator app shows for `secret`, `offsetSteps` 30-second steps from now. */
function codeOf(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

async function signOut(app: AppPage, page: Page): Promise<void> {
  await app.goto('/');
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
}

/**
 * Two-factor sign-in in the browser (ADR 0035): Settings › Security turns it on (QR code, the key as text,
 * a code, the recovery codes once); signing in then asks for a code after the password, and takes a
 * recovery code instead. Run by `npx nx run web-e2e:integration` against the real system.
 */
describe('two-factor sign-in in Chromium', { timeout: 180_000 }, () => {
  let browser: Browser | undefined;
  const origin = systemBaseUrl();

  before(async () => {
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
  });

  test('enrols in Settings, signs out, signs in with a code and then with a recovery code, and resets the password behind a code', async () => {
    const blocked: string[] = [];
    const axe: string[] = [];
    const email = `web-e2e-2fa-${Date.now()}@example.com`;
    const password = 'Parley-e2e-Passw0rd!';
    const context = await newIsolatedContext(browser!, origin, blocked);
    const page = await context.newPage();
    const app = new AppPage(page, origin);
    const auth = new AuthPage(page, origin);
    const scan = async (where: string) => {
      for (const line of await seriousViolations(page)) axe.push(`${where}: ${line}`);
    };

    await auth.register(email, password);
    await page.goto(await confirmationLink(email));
    await app.waitForPath('/onboarding');

    // Settings › Security: the switch leads through enrolment.
    await app.goto('/settings?tab=security');
    const toggle = page.getByRole('checkbox', { name: 'Two-factor authentication' });
    await toggle.waitFor();
    assert.equal(await toggle.isChecked(), false);
    await toggle.click();
    const enrolment = page.getByRole('form', { name: 'Two-factor authentication' });
    const qr = enrolment.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    await page.waitForFunction(
      () => ((document.querySelector('.two-factor__qr') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
    );
    const secret = (await enrolment.locator('.two-factor__secret').textContent())!.trim();
    assert.match(secret, /^[A-Z2-7]{32}$/);
    await scan('/settings enrolment');
    await app.screenshot('two-factor-01-enrolment');
    await enrolment.getByLabel('Authentication code').fill(codeOf(secret));
    await enrolment.getByRole('button', { name: 'Turn on' }).click();
    const codesRegion = page.getByRole('region', { name: 'Save your recovery codes' });
    await codesRegion.waitFor();
    const recoveryCodes = (await codesRegion.getByRole('listitem').allTextContents()).map((c) => c.trim());
    assert.equal(recoveryCodes.length, 10);
    await app.screenshot('two-factor-02-recovery-codes');
    await codesRegion.getByRole('button', { name: 'Done' }).click();
    assert.equal(await toggle.isChecked(), true);

    // Signed out, the password alone is not enough: the code comes next.
    await signOut(app, page);
    await auth.logIn(email, password);
    await app.heading('Two-factor authentication').waitFor();
    assert.equal(app.pathname(), '/auth');
    await scan('/auth code prompt');
    await app.screenshot('two-factor-03-code-prompt');
    await page.getByLabel('Authentication code').fill('000000' === codeOf(secret, 1) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid TOTP code entered').waitFor();
    // The enrolment spent this step's code; the next step's is inside the window.
    await page.getByLabel('Authentication code').fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await app.waitForPath('/onboarding');

    // And with a recovery code instead of the phone.
    await signOut(app, page);
    await auth.logIn(email, password);
    await app.heading('Two-factor authentication').waitFor();
    await page.getByLabel('Authentication code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await app.waitForPath('/onboarding');

    // The e-mailed password reset asks for the second factor before the new password.
    await signOut(app, page);
    await app.goto('/auth/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await app.heading('Check your email').waitFor();
    await page.goto(await confirmationLink(email, 30_000, 'Reset your Parley password'));
    await app.waitForPath('/auth/reset-password');
    await app.heading('Two-factor authentication').waitFor();
    await app.screenshot('two-factor-04-reset-asks-for-code');
    await page.getByLabel('Authentication code').fill(recoveryCodes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByLabel('New Password', { exact: true }).fill('a quiet harbour at dawn');
    await page.getByLabel('Confirm New Password').fill('a quiet harbour at dawn');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Your password has been changed.', { exact: false }).waitFor();
    await context.close();

    assert.deepEqual(axe, [], 'no serious or critical accessibility violations');
    assert.deepEqual(blocked, [], 'no request left the system');
  });
});
