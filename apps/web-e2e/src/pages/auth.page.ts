import type { Locator } from 'playwright-core';
import { AppPage } from './app.page.ts';

export class AuthPage extends AppPage {
  static readonly path = '/auth';

  get title(): Locator {
    return this.heading('Log In');
  }

  /** Waits until the browser is on /auth with the log-in screen showing. */
  async expectShown(): Promise<void> {
    await this.waitForPath(AuthPage.path);
    await this.title.waitFor();
  }

  /** Registers from /auth and waits for the 'Check your email' panel. */
  async register(email: string, password: string): Promise<void> {
    await this.goto(AuthPage.path);
    await this.page.getByRole('button', { name: 'Register' }).click();
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm Password').fill(password);
    await this.page.getByRole('button', { name: 'Create Account' }).click();
    await this.heading('Check your email').waitFor();
  }

  /** Fills in and submits the log-in form (the caller waits for where it leads). */
  async logIn(email: string, password: string): Promise<void> {
    await this.goto(AuthPage.path);
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Log In' }).click();
  }
}
