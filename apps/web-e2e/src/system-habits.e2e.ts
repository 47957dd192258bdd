import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppPage } from './pages/app.page.ts';
import { AuthPage } from './pages/auth.page.ts';
import { HabitsPage } from './pages/habits.page.ts';
import { OnboardingPage } from './pages/onboarding.page.ts';
import { launchChromium, newIsolatedContext } from './support/chromium.ts';
import { journeySteps } from './support/steps.ts';
import {
  practiseThroughApi,
  api,
  browserSession,
  confirmationLink,
  eventually,
  systemBaseUrl,
  type BrowserSession,
} from './support/system.ts';

/**
 * Issue 21's dashboard parts against the real system (`npx nx run web-e2e:integration`, or
 * `npx node apps/web-e2e/src/run-integration.ts system-habits.e2e.ts` once built): a new learner's
 * starter recommendations and league invitation; after practising, the league with its promotion zone,
 * recommendations aimed at the weakest skill, a streak freeze bought with XP; the league hidden by the
 * leaderboard setting. Screenshots habits-NN-*.png in $E2E_OUTPUT_DIR.
 */

interface Scenario {
  id: string;
  premium: boolean;
  locked: boolean;
}

async function json<T>(res: Response, what: string): Promise<T> {
  const body = await res.text();
  assert.ok(res.ok, `${what}: ${res.status} ${body}`);
  return JSON.parse(body) as T;
}

/** Practises a scenario to the end the way the chat screen does: the session, then its feedback. */
async function practise(origin: string, session: BrowserSession, scenarioId: string): Promise<void> {
  const scenario = await json<{ id: string; title: string; description: string }>(
    await api(origin, session, `/user/scenarios/${encodeURIComponent(scenarioId)}`),
    'scenario',
  );
  const created = {
    id: await practiseThroughApi(
      origin,
      session,
      scenario,
      [
        'I understand this has been a stressful month for you. What would a good outcome look like? ' +
          'I propose we agree on two steps today and review them together on Friday.',
      ],
      { startOver: true, tone: 'neutral' },
    ),
  };
  await json(
    await api(origin, session, '/chat/post-session-feedback', { body: { session_id: created.id } }),
    'feedback',
  );
}

describe(
  'issue 21: streak freezes, the weekly league and recommendations on the dashboard',
  { timeout: 300_000 },
  () => {
    const origin = systemBaseUrl();
    let browser: Browser | undefined;
    let context: BrowserContext | undefined;

    before(async () => {
      browser = await launchChromium();
    });

    after(async () => {
      await context?.close();
      await browser?.close();
    });

    test('a learner’s league, freezes and recommendations, and the setting that hides the league', async (t) => {
      const blocked: string[] = [];
      context = await newIsolatedContext(browser!, origin, blocked);
      context.setDefaultTimeout(15_000);
      const page: Page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const app = new AppPage(page, origin);
      const dashboard = new HabitsPage(page, origin);
      const { step, axe } = journeySteps(t, app, page, 'habits');

      const email = `habits-e2e-${Date.now()}@example.com`;
      const password = 'Parley-e2e-Passw0rd!';
      let session: BrowserSession | undefined;

      await step('new-learner', async () => {
        await new AuthPage(page, origin).register(email, password);
        await page.goto(await confirmationLink(email));
        await app.waitForPath('/onboarding');
        await new OnboardingPage(page, origin).complete({
          fullName: 'Habit Person',
          goal: 'Handling Conflict',
          tone: 'Neutral',
          level: 'Beginner',
        });
        session = await browserSession(page);
        await dashboard.waitUntilLoaded();
        // Before any session: recommendations for the level, and no freeze yet.
        await dashboard.recommended.waitFor();
        assert.equal(await dashboard.recommendedTitles.count(), 3);
        await dashboard.recommended
          .getByText(
            'Picked for your level (Beginner). Complete a session and these follow your weakest skill.',
          )
          .waitFor();
        await dashboard.freezes.getByText('Streak freezes: 0 / 2').waitFor();
        assert.equal(await dashboard.buyFreeze.isDisabled(), true, 'no XP to spend yet');
      });

      await step('after-practice', async () => {
        const scenarios = (
          await json<Scenario[]>(await api(origin, session!, '/user/scenarios'), 'scenarios')
        ).filter((s) => !s.locked);
        assert.ok(scenarios.length >= 3, 'three scenarios a free account can practise');
        for (const scenario of scenarios.slice(0, 3)) await practise(origin, session!, scenario.id);
        // Three new scenarios (3 × 75) and the day's first activity (10): 235 XP, enough for a freeze.
        await eventually(
          'XP from the three sessions',
          async () =>
            (await json<{ xp: number }>(await api(origin, session!, '/gamification/summary'), 'summary')).xp,
          (xp) => xp >= 235,
        );
        await page.reload();
        await dashboard.waitUntilLoaded();
        await dashboard.league.waitFor();
        const me = dashboard.leagueRows.filter({ hasText: 'Habit Person' });
        await me.waitFor();
        assert.equal(await me.getAttribute('aria-current'), 'true');
        assert.equal(await me.getAttribute('data-zone'), 'promotion', 'the top of a small league moves up');
        await dashboard.league.getByText(/^▲ Promotion zone: top \d+$/).waitFor();
        assert.match(
          (await dashboard.league.getByTestId('league-tier').textContent()) ?? '',
          /^Bronze League$/,
        );
        await dashboard.recommended
          .getByText(/^Aimed at (clarity|empathy|persuasion), your lowest skill lately/)
          .waitFor();
        assert.equal(await dashboard.recommendedTitles.count(), 3);
      });

      await step('buy-a-freeze', async () => {
        await dashboard.buyFreeze.click();
        // Nothing is spent until the learner confirms what it costs.
        await page.getByText('Buy a streak freeze?').waitFor();
        await dashboard.confirmFreeze.click();
        await page.getByText('Streak freeze bought!').waitFor();
        await dashboard.freezes.getByText('Streak freezes: 1 / 2').waitFor();
        const status = await json<{ freezesHeld: number; spendableXp: number }>(
          await api(origin, session!, '/gamification/streak'),
          'streak',
        );
        assert.equal(status.freezesHeld, 1);
        assert.equal(status.spendableXp, 35);
      });

      await step('leaderboard-setting-hides-league', async () => {
        await json(
          await api(origin, session!, '/user/settings', {
            method: 'PATCH',
            body: { show_leaderboard: false },
          }),
          'settings',
        );
        await page.reload();
        await dashboard.waitUntilLoaded();
        await dashboard.freezes.waitFor();
        // Everything shows while the settings load (the spec's defaults); the league goes once they are in.
        await page.getByTestId('league').waitFor({ state: 'detached', timeout: 15_000 });
        assert.equal(await page.getByTestId('league').count(), 0, 'the league is hidden');
        // Its heading goes with it once the settings are in; the check waits for that, not for a frame.
        await page
          .getByRole('heading', { name: 'Leaderboard', exact: true })
          .waitFor({ state: 'detached', timeout: 15_000 })
          .catch(() => undefined);
        assert.equal(await page.getByRole('heading', { name: 'Leaderboard', exact: true }).count(), 0);
      });

      assert.deepEqual(axe, [], 'no serious or critical accessibility violations');
      assert.deepEqual(pageErrors, [], 'no page errors');
      assert.deepEqual(blocked, [], 'no request left the system');
    });
  },
);
