import type { Locator } from 'playwright-core';
import { AppPage } from './app.page.ts';

export interface OnboardingChoices {
  fullName: string;
  goal: string;
  tone: string;
  level: string;
  /** Language code: en, es or fr. */
  language?: string;
}

export class OnboardingPage extends AppPage {
  static readonly path = '/onboarding';

  get title(): Locator {
    return this.heading('Onboarding');
  }

  /** Goes through the four steps with these choices; Finish leads to the dashboard. */
  async complete(choices: OnboardingChoices, beforeFinish?: () => Promise<void>): Promise<void> {
    await this.title.waitFor();
    await this.page.getByLabel('Full name').fill(choices.fullName);
    await this.page.getByRole('checkbox', { name: choices.goal }).check();
    await this.page.getByRole('button', { name: 'Next' }).click();
    await this.page.getByRole('radio', { name: choices.tone }).check();
    await this.page.getByRole('button', { name: 'Next' }).click();
    await this.page.getByRole('radio', { name: choices.level }).check();
    await this.page.getByRole('button', { name: 'Next' }).click();
    if (choices.language) await this.page.getByLabel('Language').selectOption(choices.language);
    await beforeFinish?.();
    await this.page.getByRole('button', { name: 'Finish' }).click();
    await this.waitForPath('/dashboard');
  }
}
