import { mkdir } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';

/** Screenshots land in $E2E_OUTPUT_DIR, by default dist/e2e-screenshots/ (git-ignored). */
export const RESULTS_DIR =
  resolve(
    fileURLToPath(new URL('../../../../', import.meta.url)),
    process.env['E2E_OUTPUT_DIR'] ?? 'dist/e2e-screenshots',
  ) + sep;

/** What every screen of the web app offers a test: navigation, its heading, where it is, a screenshot. */
export class AppPage {
  readonly page: Page;
  readonly origin: string;

  constructor(page: Page, origin: string) {
    this.page = page;
    this.origin = origin;
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.origin).href, { waitUntil: 'load' });
  }

  /** The screen's one level-1 heading with exactly this name. */
  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name, exact: true });
  }

  /**
   * The innermost section, article, region or group holding a heading of this name (any level): a card
   * of the screen, whether or not it is labelled by its heading.
   */
  section(name: string | RegExp): Locator {
    return this.page
      .locator('section, article, aside, form, [role="region"], [role="group"], [role="dialog"]')
      .filter({ has: this.page.getByRole('heading', { name, exact: typeof name === 'string' }) })
      .last();
  }

  pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  async waitForPath(pathname: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === pathname);
  }

  async screenshot(name: string): Promise<string> {
    await mkdir(RESULTS_DIR, { recursive: true });
    const path = `${RESULTS_DIR}${name}.png`;
    await this.page.screenshot({ path, fullPage: true });
    return path;
  }
}
