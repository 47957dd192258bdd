import assert from 'node:assert/strict';
import { access } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { HabitsPage } from './pages/habits.page.ts';
import { launchChromium, newIsolatedContext } from './support/chromium.ts';
import { FAKE_SESSION, storeSession } from './support/session.ts';
import { startStaticServer, type StaticServer } from './support/static-server.ts';

const WEB_DIST = fileURLToPath(new URL('../../../dist/apps/web/', import.meta.url));

/**
 * The dashboard's habit parts (issue 21) in Chromium against the built web app, with the gateway's
 * answers played back: what the real system cannot show on demand (a freeze used on a past day, a full
 * league of 30 with both zones). The same parts against the real system: system-habits.e2e.ts.
 */
const me = FAKE_SESSION.user.id;
const member = (rank: number) => ({
  rank,
  id: rank === 9 ? me : `00000000-0000-7000-8000-${String(rank).padStart(12, '0')}`,
  username: rank === 9 ? 'E2E' : `Learner ${rank}`,
  xp: 2000 - rank * 40,
  level: 3,
  weekXp: 900 - rank * 25,
});

const ANSWERS: Array<[RegExp, unknown]> = [
  [
    /\/api\/user\/profile\//,
    { full_name: 'E2E', sessions_used: 1, communication_goals: ['Persuasion'], plan: 'premium' },
  ],
  [/\/api\/user\/scenarios\/daily$/, null],
  [
    /\/api\/gamification\/leaderboard$/,
    {
      category: 'most-improved',
      period: 'weekly',
      bucket: '2026-W48',
      entries: [
        {
          rank: 1,
          id: '00000000-0000-7000-8000-0000000000b1',
          username: 'Grace',
          xp: 900,
          level: 2,
          value: 2.4,
        },
        { rank: 2, id: me, username: 'E2E', xp: 1640, level: 3, value: 1.3 },
      ],
      me: { rank: 2, value: 1.3 },
    },
  ],
  [
    /\/api\/gamification\/summary$/,
    {
      level: 3,
      streak: 12,
      xp: 1640,
      badges: [],
      levelProgress: { progress: 29, currentXP: 440, nextLevelXP: 1500 },
      leaderboard: [],
    },
  ],
  [/\/api\/gamification\/daily-challenges$/, []],
  [/\/api\/user\/progress\//, []],
  [
    /\/api\/gamification\/streak$/,
    {
      streak: 12,
      longest: 12,
      freezesHeld: 1,
      maxFreezes: 2,
      freezePrice: 200,
      spendableXp: 440,
      frozenDays: ['2026-11-21'],
    },
  ],
  [
    /\/api\/gamification\/league$/,
    {
      week: '2026-W48',
      tier: 'Gold',
      settlesAt: '2026-11-30T12:00:00.000Z',
      members: Array.from({ length: 30 }, (_, i) => member(i + 1)),
      me: { rank: 9, weekXp: 675 },
      zones: { promotion: 7, demotion: 5 },
      lastResult: { week: '2026-W47', rank: 4, outcome: 'promoted', tier: 'Gold' },
    },
  ],
  [
    /\/api\/user\/recommendations$/,
    {
      focus: 'persuasion',
      averages: { clarity: 7.1, empathy: 6.4, persuasion: 4.9 },
      recommendations: ['Pitch the Pilot', 'Ask for the Raise', 'Coffee with a Founder'].map((title, i) => ({
        scenario_id: `rec-${i}`,
        title,
        description: title,
        difficulty: 'Intermediate',
        category: 'sales',
        reason: 'Builds persuasion, your lowest score lately (4.9 / 10), pitched at your level.',
      })),
    },
  ],
];

async function playBack(page: Page): Promise<void> {
  await page.route('**/api/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    const found = ANSWERS.find(([path]) => path.test(pathname));
    await route.fulfill({
      status: found ? 200 : 404,
      contentType: 'application/json',
      body: JSON.stringify(found ? found[1] : { error: 'Not found' }),
    });
  });
}

describe(
  'the dashboard’s streak freezes, weekly league and recommendations in Chromium',
  { timeout: 120_000 },
  () => {
    let server: StaticServer | undefined;
    let browser: Browser | undefined;

    before(async () => {
      await access(`${WEB_DIST}index.html`);
      browser = await launchChromium();
      server = await startStaticServer(WEB_DIST);
    });

    after(async () => {
      await browser?.close();
      await server?.close();
    });

    test('shows the freezes held, the day one was used, a league of 30 with both zones, the most improved, and three recommendations', async () => {
      const blocked: string[] = [];
      const context = await newIsolatedContext(browser!, server!.origin, blocked);
      await storeSession(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await playBack(page);
      const dashboard = new HabitsPage(page, server!.origin);
      await dashboard.open();
      await dashboard.freezes.getByText('Streak freezes: 1 / 2').waitFor();
      assert.equal(
        await dashboard.freezes.getByTestId('freeze-used').textContent(),
        'Freeze used on Saturday, November 21',
      );
      assert.equal(await dashboard.buyFreeze.isEnabled(), true, '440 XP to spend, one more freeze allowed');

      await dashboard.leagueRows.first().waitFor();
      const zones = await dashboard.leagueRows.evaluateAll((rows) =>
        rows.map((r) => r.getAttribute('data-zone')),
      );
      assert.deepEqual(zones, [
        ...Array<string>(7).fill('promotion'),
        ...Array<string>(18).fill('safe'),
        ...Array<string>(5).fill('demotion'),
      ]);
      const mine = dashboard.leagueRows.filter({ hasText: '(you)' });
      assert.equal(await mine.getAttribute('data-zone'), 'safe');
      assert.match((await mine.textContent()) ?? '', /#9.*675 XP/);
      await dashboard.league.getByText('▲ Promotion zone: top 7').waitFor();
      await dashboard.league.getByText('▼ Demotion zone: bottom 5').waitFor();
      await dashboard.league.getByText('Last week you finished #4 and moved up to Gold.').waitFor();

      assert.equal(await dashboard.recommendedTitles.count(), 3);
      await dashboard.recommended
        .getByText('Aimed at persuasion, your lowest skill lately (4.9 / 10).')
        .waitFor();
      assert.equal(
        await dashboard.recommended
          .getByRole('link', { name: 'Practice Now: Pitch the Pilot' })
          .getAttribute('href'),
        '/scenario/rec-0',
      );
      await dashboard.screenshot('habits-dashboard-full-league');
      await context.close();
      assert.deepEqual(errors, [], 'no page errors');
      assert.deepEqual(blocked, [], 'no request left 127.0.0.1');
    });
  },
);
