import type { Locator } from 'playwright-core';
import { DashboardPage } from './dashboard.page.ts';

/** The dashboard's habit parts (issue 21): streak freezes, the weekly league, Recommended for you. */
export class HabitsPage extends DashboardPage {
  /** The freezes under the Current Streak card. */
  get freezes(): Locator {
    return this.page.getByTestId('streak-freezes');
  }

  get buyFreeze(): Locator {
    return this.freezes.getByRole('button', { name: /^Buy a Freeze \(\d+ XP\)$/ });
  }

  /** The confirmation that spends the XP ("Spend 200 XP"), shown after Buy a Freeze. */
  get confirmFreeze(): Locator {
    return this.page.getByRole('button', { name: /^Spend \d+ XP$/ });
  }

  /** The 'Weekly League' card. */
  get league(): Locator {
    return this.section('Weekly League');
  }

  /** The league's rows, each with its zone in data-zone (promotion, safe or demotion). */
  get leagueRows(): Locator {
    return this.league.locator('li[data-zone]');
  }

  /** The 'Recommended for you' section. */
  get recommended(): Locator {
    return this.page.getByRole('region', { name: 'Recommended for you' });
  }

  get recommendedTitles(): Locator {
    return this.recommended.getByRole('heading', { level: 3 });
  }
}
