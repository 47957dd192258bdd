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
}
