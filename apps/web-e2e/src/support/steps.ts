import type { TestContext } from 'node:test';
import type { Page } from 'playwright-core';
import type { AppPage } from '../pages/app.page.ts';
import { seriousViolations } from './system.ts';

/**
 * A journey's steps as subtests: each one screenshotted as `<prefix>-NN-<name>.png` (with -FAILED when it
 * fails), checked with axe, and skipped once an earlier step has failed. `axe` collects the violations.
 */
export function journeySteps(t: TestContext, app: AppPage, page: Page, prefix: string) {
  const axe: string[] = [];
  let shot = 0;
  let failed: string | undefined;
  const step = async (name: string, run: () => Promise<void>) => {
    shot += 1;
    const file = `${prefix}-${String(shot).padStart(2, '0')}-${name}`;
    await t.test(name, { skip: failed ? `"${failed}" failed` : false }, async () => {
      try {
        await run();
      } catch (error) {
        failed = name;
        await app.screenshot(`${file}-FAILED`).catch(() => undefined);
        throw error;
      }
      await app.screenshot(file);
      for (const line of await seriousViolations(page)) axe.push(`${name}: ${line}`);
    });
  };
  return {
    step,
    axe,
    /** The step that failed, if one did. */
    get failed() {
      return failed;
    },
  };
}
