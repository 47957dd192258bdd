import type { Locator } from 'playwright-core';
import { AppPage } from './app.page.ts';

/** The numbers in a text, e.g. 'Sessions Left 3 / 5' → [3, 5]. */
function numbers(text: string): number[] {
  return (text.match(/\d+/g) ?? []).map(Number);
}

export class DashboardPage extends AppPage {
  static readonly path = '/dashboard';

  /** The level-1 heading 'Dashboard'. */
  get title(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Dashboard' });
  }

  /** The greeting by local hour, with the user's full name when known. */
  get greeting(): Locator {
    return this.page.getByTestId('greeting');
  }

  async open(): Promise<void> {
    await this.goto(DashboardPage.path);
  }

  /** The 'Scenario of the Day' card. */
  get scenarioOfTheDay(): Locator {
    return this.section('Scenario of the Day');
  }

  /** 'Start Practice' on the Scenario of the Day card: a link to /scenario/{id}. */
  get startPractice(): Locator {
    return this.scenarioOfTheDay.getByRole('link', { name: 'Start Practice', exact: true });
  }

  /** What the card's action reads once no free session is left: a link to /upgrade. */
  get upgradeToPractice(): Locator {
    return this.scenarioOfTheDay.getByRole('link', { name: 'Upgrade to Practice', exact: true });
  }

  /** Quick action 'Continue Practice' (to /session/resume), a link or a button. */
  get continuePractice(): Locator {
    return this.page
      .getByRole('link', { name: 'Continue Practice', exact: true })
      .or(this.page.getByRole('button', { name: 'Continue Practice', exact: true }));
  }

  get recentBadges(): Locator {
    return this.section('Recent Badges');
  }

  /**
   * A stat card's numbers ('Sessions Left', 'Level', 'Streak', 'XP'): assumes the card's label is an
   * element of its own whose parent also holds the value, e.g. <div><span>XP</span><strong>75</strong></div>.
   */
  async stat(label: string): Promise<number[]> {
    const card = this.page.getByText(label, { exact: true }).first().locator('xpath=..');
    return numbers((await card.textContent()) ?? '');
  }

  /** Waits until the dashboard's data has loaded (its Scenario of the Day action is there). */
  async waitUntilLoaded(): Promise<void> {
    await this.waitForPath(DashboardPage.path);
    await this.startPractice.or(this.upgradeToPractice).waitFor({ timeout: 20_000 });
  }
}
