import type { Locator } from 'playwright-core';
import { AppPage } from './app.page.ts';

export class DashboardPage extends AppPage {
  static readonly path = '/dashboard';

  get title(): Locator {
    return this.heading('Dashboard');
  }

  async open(): Promise<void> {
    await this.goto(DashboardPage.path);
  }
}
