import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, testProfile, testSettings } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import {
  league,
  recommendations,
  streakStatus,
  stubDashboardApi,
} from '../../dashboard/__tests__/dashboardFixtures';
import { zoneOf } from '../components/LeagueCard';

vi.mock('../../progress/highcharts', () => ({ default: { chart: () => ({ destroy: () => {} }) } }));

const SLOW = { timeout: 5000 };

function openDashboard() {
  return renderApp('/dashboard', { storedSession: testSession });
}

describe('streak freezes on the dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the freezes held and the day one was used', async () => {
    stubDashboardApi();
    openDashboard();
    const freezes = await screen.findByTestId('streak-freezes', {}, SLOW);
    expect(within(freezes).getByText('Streak freezes: 1 / 2')).toBeTruthy();
    expect(within(freezes).getByTestId('freeze-used').textContent).toBe('Freeze used on Thursday, June 12');
    const buy = within(freezes).getByRole('button', { name: 'Buy a Freeze (200 XP)' });
    expect((buy as HTMLButtonElement).disabled).toBe(true); // 120 XP to spend
    expect(within(freezes).getByText('A freeze costs 200 XP; you have 120 XP to spend.')).toBeTruthy();
    // Spendable XP is said, and explained against the XP card's total.
    expect(within(freezes).getByTestId('spendable-xp').textContent).toBe('Spendable XP: 120');
    expect(within(freezes).getByText(/Spending it never lowers your total XP \(the XP card\)/)).toBeTruthy();
    expect(within(screen.getByTestId('stat-xp')).getByText('Total earned')).toBeTruthy();
  });

  it('asks before spending XP on a freeze, and spends nothing when cancelled', async () => {
    const { callsTo } = stubDashboardApi({ streak: () => json({ ...streakStatus, spendableXp: 310 }) });
    openDashboard();
    const freezes = await screen.findByTestId('streak-freezes', {}, SLOW);
    fireEvent.click(within(freezes).getByRole('button', { name: 'Buy a Freeze (200 XP)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy a streak freeze?' });
    expect(dialog.textContent).toContain(
      'This spends 200 of your 310 spendable XP, leaving 110. Your total XP and level stay as they are.',
    );
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST', '/api/gamification/streak-freezes')).toHaveLength(0);
  });

  it('buys a freeze, says so, and reloads the streak', async () => {
    let bought = false;
    const { callsTo } = stubDashboardApi({
      streak: () =>
        json(
          bought
            ? { ...streakStatus, freezesHeld: 2, spendableXp: 100 }
            : { ...streakStatus, spendableXp: 300 },
        ),
      buyFreeze: () => {
        bought = true;
        return json({ ...streakStatus, freezesHeld: 2, spendableXp: 100 });
      },
    });
    openDashboard();
    const freezes = await screen.findByTestId('streak-freezes', {}, SLOW);
    fireEvent.click(within(freezes).getByRole('button', { name: 'Buy a Freeze (200 XP)' }));
    expect(callsTo('POST', '/api/gamification/streak-freezes')).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Buy a streak freeze?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spend 200 XP' }));
    expect(await screen.findByText('Streak freeze bought!')).toBeTruthy();
    await waitFor(() => expect(within(freezes).getByText('Streak freezes: 2 / 2')).toBeTruthy());
    expect(within(freezes).getByText('You hold the most freezes you can.')).toBeTruthy();
    expect(callsTo('POST', '/api/gamification/streak-freezes')).toHaveLength(1);
  });
});

describe('the weekly league on the dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tier, the members by week XP, and the promotion and demotion zones', async () => {
    stubDashboardApi();
    openDashboard();
    const card = await screen.findByTestId('league', {}, SLOW);
    expect(within(card).getByTestId('league-tier').textContent).toBe('Silver League');
    const rows = within(card)
      .getAllByRole('listitem')
      .filter((li) => li.hasAttribute('data-zone'));
    expect(rows).toHaveLength(30);
    expect(rows.map((r) => r.getAttribute('data-zone'))).toEqual([
      ...Array<string>(7).fill('promotion'),
      ...Array<string>(18).fill('safe'),
      ...Array<string>(5).fill('demotion'),
    ]);
    const me = rows.find((r) => r.getAttribute('aria-current') === 'true')!;
    expect(me.textContent).toContain('Ada Lovelace');
    expect(me.textContent).toContain('400 XP');
    expect(within(card).getByText('▲ Promotion zone: top 7')).toBeTruthy();
    expect(within(card).getByText('▼ Demotion zone: bottom 5')).toBeTruthy();
    expect(within(card).getByText('Last week you finished #3 and moved up to Silver.')).toBeTruthy();
  });

  it('invites a learner with no XP this week to join', async () => {
    stubDashboardApi({ league: { ...league, members: [], me: null, lastResult: null } });
    openDashboard();
    const card = await screen.findByTestId('league', {}, SLOW);
    expect(
      within(card).getByText('Earn XP this week to join a league of learners at your tier.'),
    ).toBeTruthy();
  });

  it('is hidden, with the leaderboard, when show_leaderboard is off', async () => {
    stubDashboardApi({ settings: { ...testSettings, show_leaderboard: false } });
    openDashboard();
    await screen.findByRole('heading', { name: 'Current Streak' }, SLOW);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Leaderboard' })).toBeNull());
    expect(screen.queryByTestId('league')).toBeNull();
  });

  it('puts a rank in the right zone at the edges of a league', () => {
    const zones = { promotion: 7, demotion: 5 };
    expect([7, 8, 25, 26].map((rank) => zoneOf(rank, 30, zones))).toEqual([
      'promotion',
      null,
      null,
      'demotion',
    ]);
    expect(zoneOf(1, 1, { promotion: 1, demotion: 0 })).toBe('promotion');
  });
});

describe('Recommended for you', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists three scenarios for the weakest skill, each with its reason and a way to practise it', async () => {
    stubDashboardApi();
    openDashboard();
    const section = await screen.findByRole('region', { name: 'Recommended for you' }, SLOW);
    expect(within(section).getByText('Aimed at empathy, your lowest skill lately (4.6 / 10).')).toBeTruthy();
    const items = within(section).getAllByRole('heading', { level: 3 });
    expect(items.map((h) => h.textContent)).toEqual(recommendations.recommendations.map((r) => r.title));
    const link = within(section).getByRole('link', { name: 'Practice Now: Feedback on a Late Report' });
    expect(link.getAttribute('href')).toBe('/scenario/giving-feedback-late-report');
    expect(
      within(section).getAllByText(
        'Builds empathy, your lowest score lately (4.6 / 10), pitched at your level.',
      ),
    ).toHaveLength(2);
  });

  it('before any session says the level they were picked for', async () => {
    stubDashboardApi({
      recommendations: {
        ...recommendations,
        focus: null,
        averages: null,
        level: 'Intermediate',
      },
    });
    openDashboard();
    const section = await screen.findByRole('region', { name: 'Recommended for you' }, SLOW);
    expect(
      within(section).getByText(
        'Picked for your level (Intermediate). Complete a session and these follow your weakest skill.',
      ),
    ).toBeTruthy();
    expect(within(section).queryByRole('link', { name: /Premium adds/ })).toBeNull();
  });

  it('says so, and offers Premium to a free learner, when no open scenario is at the chosen level', async () => {
    stubDashboardApi({
      recommendations: { ...recommendations, focus: null, averages: null, level: 'Advanced' },
    });
    openDashboard();
    const section = await screen.findByRole('region', { name: 'Recommended for you' }, SLOW);
    expect(section.textContent).toContain(
      'Your level is Advanced, but none of the scenarios open to you is Advanced yet, so these are the closest.',
    );
    expect(
      within(section).getByRole('link', { name: 'Premium adds Advanced scenarios' }).getAttribute('href'),
    ).toBe('/upgrade');
    expect(section.textContent).not.toContain('Picked for your level');
  });

  it('is left out when the recommendations cannot be read', async () => {
    stubDashboardApi({ recommendations: () => json({ error: 'down' }, 503) });
    openDashboard();
    await screen.findByRole('heading', { name: 'Current Streak' }, SLOW);
    expect(screen.queryByRole('region', { name: 'Recommended for you' })).toBeNull();
  });
});

describe('the most-improved board', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a Premium learner who rose most in average score this week, with the rise', async () => {
    const { callsTo } = stubDashboardApi({ profile: { ...testProfile, plan: 'premium', sessions_used: 2 } });
    openDashboard();
    const card = await screen.findByTestId('most-improved', {}, SLOW);
    expect(within(card).getByRole('heading', { name: 'Most Improved This Week' })).toBeTruthy();
    const rows = within(card).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      '#1Grace+2.4 points of average scoreLevel 2',
      '#2Ada Lovelace (you)+1.3 points of average scoreLevel 2',
    ]);
    const call = callsTo('GET', '/api/gamification/leaderboard')[0]!;
    expect(new URL(call.url).searchParams.get('category')).toBe('most-improved');
    expect(new URL(call.url).searchParams.get('period')).toBe('weekly');
  });

  it('is not asked for on the free plan (the board is Premium), which sees a teaser with the way to Premium', async () => {
    const { callsTo } = stubDashboardApi();
    openDashboard();
    await screen.findByTestId('league', {}, SLOW);
    expect(screen.queryByTestId('most-improved')).toBeNull();
    expect(callsTo('GET', '/api/gamification/leaderboard')).toHaveLength(0);
    const teaser = await screen.findByTestId('most-improved-teaser');
    expect(within(teaser).getByRole('heading').textContent).toBe('Most Improved This Week Premium');
    expect(teaser.textContent).toContain('The Most Improved board is part of Premium.');
    expect(within(teaser).getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe('/upgrade');
  });
});
