import type { Locator } from 'playwright-core';
import { AppPage } from './app.page.ts';

export class LandingPage extends AppPage {
  static readonly path = '/';

  get title(): Locator {
    return this.heading('Transform Conversations with AI');
  }

  get rocketToSuccess(): Locator {
    return this.page.getByRole('link', { name: 'Rocket to Success', exact: true });
  }

  async open(): Promise<void> {
    await this.goto(LandingPage.path);
    await this.title.waitFor();
  }
}
