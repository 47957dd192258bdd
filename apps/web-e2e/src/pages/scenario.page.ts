import type { Locator } from 'playwright-core';
import { AppPage } from './app.page.ts';

/** Scenario detail, /scenario/{id}. */
export class ScenarioPage extends AppPage {
  /** 'Start Practice': to /chat/{id}, or /upgrade when no session is left. */
  get startPractice(): Locator {
    return this.page
      .getByRole('button', { name: 'Start Practice', exact: true })
      .or(this.page.getByRole('link', { name: 'Start Practice', exact: true }));
  }

  get youWillPlay(): Locator {
    return this.page.getByText('You will play', { exact: false }).first();
  }

  async waitUntilLoaded(): Promise<void> {
    await this.page.waitForURL((url) => url.pathname.startsWith('/scenario/'));
    await this.startPractice.waitFor({ timeout: 15_000 });
  }
}
