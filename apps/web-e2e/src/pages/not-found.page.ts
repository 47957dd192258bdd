import type { Locator } from 'playwright-core';
import { setTimeout as sleep } from 'node:timers/promises';
import { poll } from '../support/wait.ts';
import { AppPage } from './app.page.ts';

export class NotFoundPage extends AppPage {
  get title(): Locator {
    return this.heading('Oops! Lost in Cyberspace');
  }

  get code(): Locator {
    return this.page.getByText('404', { exact: true });
  }

  get message(): Locator {
    return this.page.getByText("The page you're looking for has drifted into the digital void...", {
      exact: true,
    });
  }

  get takeMeHome(): Locator {
    return this.page.getByRole('button', { name: 'Take Me Home', exact: true });
  }

  get tryAgain(): Locator {
    return this.page.getByRole('button', { name: 'Try Again', exact: true });
  }

  /**
   * Whether the 404 is glitching, once the page has rendered the state it is heading for: its
   * data-glitch flag and the colour-split filter it is drawn with must agree.
   */
  async isGlitching(expected: boolean): Promise<boolean> {
    const read = () =>
      this.code.evaluate((element) => ({
        flag: element.getAttribute('data-glitch'),
        filter: getComputedStyle(element).filter,
      }));
    const agrees = ({ flag, filter }: { flag: string | null; filter: string }) =>
      flag === String(expected) && filter.includes('drop-shadow') === expected;
    // Absence needs a moment for a render that may still be on its way; presence is polled for.
    if (!expected) await sleep(100);
    return agrees(await poll(read, agrees));
  }

  async open(path: string): Promise<void> {
    await this.goto(path);
    await this.title.waitFor();
  }
}
