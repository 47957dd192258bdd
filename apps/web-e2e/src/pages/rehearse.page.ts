import type { Locator } from 'playwright-core';
import { AppPage } from './app.page.ts';

/** Issue 20's screens: My Scenarios in the library, the scenario form, retries and the compare view. */
export class RehearsePage extends AppPage {
  get myScenarios(): Locator {
    return this.section('My Scenarios');
  }

  get createScenario(): Locator {
    return this.page.getByRole('link', { name: 'Create Scenario' });
  }

  field(label: string): Locator {
    return this.page.getByLabel(new RegExp(`^${label}`));
  }

  get draftItForMe(): Locator {
    return this.page.getByRole('button', { name: 'Draft it for me' });
  }

  get draftNote(): Locator {
    return this.page.getByRole('status').filter({ hasText: /^Drafted/ });
  }

  get save(): Locator {
    return this.page.getByRole('button', { name: 'Save Scenario' });
  }

  /** The card of one of my scenarios, by title. */
  myCard(title: string): Locator {
    return this.myScenarios.getByRole('article', { name: title, exact: true });
  }

  /** "Try again from here" on the learner's n-th message (1-based) of the conversation on screen. */
  tryAgain(n: number): Locator {
    return this.page.getByRole('button', { name: 'Try again from here' }).nth(n - 1);
  }
}
