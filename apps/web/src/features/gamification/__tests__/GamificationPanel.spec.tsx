import type { DailyChallenge } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, testSettings } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import {
  dailyChallenges,
  gamificationSummary,
  gated,
  stubDashboardApi,
} from '../../dashboard/__tests__/dashboardFixtures';
import { challengeToShow } from '../dailyChallenge';

vi.mock('../../progress/highcharts', () => ({ default: { chart: () => ({ destroy: () => {} }) } }));

/** The first render lazy-loads the dashboard's chunk, which is slow on a busy machine. */
const SLOW = { timeout: 5000 };

const panel = () => screen.getByRole('region', { name: 'Achievements' });
const notifications = () => screen.getByRole('region', { name: 'Notifications' });

function openDashboard() {
  return renderApp('/dashboard', { storedSession: testSession });
}

async function loadedPanel() {
  openDashboard();
  await screen.findByRole('heading', { name: 'Level Progress' }, SLOW);
  return panel();
}

describe('gamification panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows 'Loading gamification data...' until the summary arrives", async () => {
    const { handler, release } = gated(() => json(gamificationSummary));
    stubDashboardApi({ summary: handler });
    openDashboard();
    const region = await screen.findByRole('region', { name: 'Achievements' }, SLOW);
    expect(within(region).getByText('Loading gamification data...')).toBeTruthy();
    release();
    expect(await within(panel()).findByRole('heading', { name: 'Level Progress' })).toBeTruthy();
    expect(within(panel()).queryByText('Loading gamification data...')).toBeNull();
  });

  it('shows the error in the panel and as a toast when the summary fails', async () => {
    stubDashboardApi({ summary: () => json({ error: 'Gamification is unavailable' }, 503) });
    openDashboard();
    expect(
      await screen.findByText('Error loading gamification data: Gamification is unavailable', {}, SLOW),
    ).toBeTruthy();
    const toast = await within(notifications()).findByRole('alert');
    expect(toast.textContent).toContain('Gamification is unavailable');
    expect(within(notifications()).getAllByTestId('toast')).toHaveLength(1);
  });

  it("says 'No gamification data available.' when there is no summary", async () => {
    stubDashboardApi({
      summary: () => new Response('null', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    });
    openDashboard();
    expect(await screen.findByText('No gamification data available.', {}, SLOW)).toBeTruthy();
  });

  it('shows level progress, the streak, the newest four badges and the leaderboard', async () => {
    stubDashboardApi();
    const region = await loadedPanel();
    expect(within(region).getByTestId('level-xp').textContent).toBe('120 / 900 XP');
    expect(
      within(region).getByRole('progressbar', { name: 'Level progress' }).getAttribute('aria-valuetext'),
    ).toBe('120 / 900 XP');
    expect(within(region).getByTestId('current-streak').textContent).toContain('4 days');
    expect(within(region).getByText('Keep practicing daily to maintain your streak!')).toBeTruthy();

    const badges = within(region).getByRole('heading', { name: 'Recent Badges' }).parentElement!;
    const items = within(badges).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '🏅Badge 1Earned for milestone 1',
      '🔥Badge 2Earned for milestone 2',
      '🎯Badge 3Earned for milestone 3',
      '💬Badge 4Earned for milestone 4',
    ]);

    const board = within(region).getByRole('heading', { name: 'Leaderboard' }).parentElement!;
    const rows = within(board).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '#1grace1500 XPLevel 3',
      '#2ada (you)420 XPLevel 2',
      '#3linus100 XPLevel 1',
    ]);
    expect(rows[1]!.getAttribute('aria-current')).toBe('true');
  });

  it('shows the first challenge not yet completed', async () => {
    stubDashboardApi();
    const region = await loadedPanel();
    const card = await within(region).findByTestId('daily-challenge');
    expect(within(card).getByText('Practice a scenario you have not tried before')).toBeTruthy();
    expect(within(card).getByTestId('challenge-xp').textContent).toBe('+50 XP');
    expect(within(card).getByTestId('challenge-progress').textContent).toBe('1 / 1');
    const bar = within(card).getByRole('progressbar', { name: 'Daily challenge progress' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['1', '1']);
    expect(within(card).getByRole('button', { name: 'Claim Reward' })).toHaveProperty('disabled', false);
  });

  it("claims the reward, toasts 'Challenge claimed!' and reloads the gamification data", async () => {
    const challenges = dailyChallenges.map((c) => ({ ...c }));
    const { callsTo } = stubDashboardApi({
      challenges: () => json(challenges),
      claim: async (request: Request) => {
        const { challengeId } = (await request.json()) as { challengeId: string };
        const claimed = challenges.find((c) => c.id === challengeId)!;
        claimed.completed_at = '2025-06-14T15:00:00.000Z';
        return json(claimed);
      },
    });
    const region = await loadedPanel();
    const card = await within(region).findByTestId('daily-challenge');
    const summaryReads = callsTo('GET', '/api/gamification/summary').length;

    fireEvent.click(within(card).getByRole('button', { name: 'Claim Reward' }));

    expect((await within(notifications()).findByText('Challenge claimed!')).textContent).toBe(
      'Challenge claimed!',
    );
    const claim = callsTo('POST', '/api/gamification/claim-daily-challenge');
    expect(claim).toHaveLength(1);
    expect(await claim[0]!.json()).toEqual({ challengeId: 'try-new-scenario' });
    await waitFor(() =>
      expect(callsTo('GET', '/api/gamification/summary').length).toBeGreaterThan(summaryReads),
    );
    // The next open challenge takes the card; it is not complete yet, so it cannot be claimed.
    expect(await within(region).findByText('Complete three sessions today')).toBeTruthy();
    const next = within(region).getByTestId('daily-challenge');
    expect(within(next).getByTestId('challenge-progress').textContent).toBe('1 / 3');
    expect(within(next).getByRole('button', { name: 'Claim Reward' })).toHaveProperty('disabled', true);
  });

  it("reads 'Claimed' and is disabled once every challenge is claimed", async () => {
    stubDashboardApi({
      challenges: dailyChallenges.map((c, i) => ({
        ...c,
        progress: c.target,
        completed_at: `2025-06-14T0${i + 1}:00:00.000Z`,
      })),
    });
    const region = await loadedPanel();
    const card = await within(region).findByTestId('daily-challenge');
    expect(within(card).getByText('Complete three sessions today')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Claimed' })).toHaveProperty('disabled', true);
    expect(within(card).queryByRole('button', { name: 'Claim Reward' })).toBeNull();
  });

  it("toasts 'Failed to claim challenge.' when the claim fails and keeps the button", async () => {
    stubDashboardApi({
      claim: () => json({ error: 'This daily challenge has already been claimed' }, 409),
    });
    const region = await loadedPanel();
    const card = await within(region).findByTestId('daily-challenge');
    fireEvent.click(within(card).getByRole('button', { name: 'Claim Reward' }));
    const toast = await within(notifications()).findByRole('alert');
    expect(toast.querySelector('.toast__title')?.textContent).toBe('Failed to claim challenge.');
    expect(toast.textContent).toContain('This daily challenge has already been claimed');
    expect(within(notifications()).queryByText('Challenge claimed!')).toBeNull();
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Claim Reward' })).toHaveProperty('disabled', false),
    );
  });

  it('shows no Daily Challenge card when the challenges cannot be read (empty list on error)', async () => {
    stubDashboardApi({ challenges: () => json({ error: 'down' }, 503) });
    const region = await loadedPanel();
    await waitFor(() => expect(within(region).getByRole('heading', { name: 'Leaderboard' })).toBeTruthy());
    expect(within(region).queryByTestId('daily-challenge')).toBeNull();
    expect(within(notifications()).queryByRole('alert')).toBeNull();
  });
});

describe('gamification panel and the Settings → Gamification toggles', () => {
  afterEach(() => vi.unstubAllGlobals());

  const heading = (region: HTMLElement, name: string) => within(region).queryByRole('heading', { name });
  const shown = (region: HTMLElement) =>
    ['Level Progress', 'Recent Badges', 'Leaderboard'].filter((name) => heading(region, name) !== null);

  /** Opens the dashboard with the given toggles and waits until the settings have been applied. */
  async function panelWith(toggles: Partial<typeof testSettings>, expected: string[]) {
    const { callsTo } = stubDashboardApi({ settings: { ...testSettings, ...toggles } });
    openDashboard();
    await screen.findByRole('heading', { name: 'Current Streak' }, SLOW);
    await waitFor(() => expect(shown(panel())).toEqual(expected));
    expect(callsTo('GET', '/api/user/settings').length).toBeGreaterThan(0);
    return panel();
  }

  it('hides Level Progress and its XP when show_xp_progress is off', async () => {
    const region = await panelWith({ show_xp_progress: false }, ['Recent Badges', 'Leaderboard']);
    expect(within(region).queryByTestId('level-xp')).toBeNull();
    expect(within(region).queryByRole('progressbar', { name: 'Level progress' })).toBeNull();
    expect(within(region).getByTestId('current-streak').textContent).toContain('4 days');
  });

  it('hides Recent Badges when show_achievements is off', async () => {
    const region = await panelWith({ show_achievements: false }, ['Level Progress', 'Leaderboard']);
    expect(within(region).queryByText('Badge 1')).toBeNull();
    expect(within(region).getByTestId('level-xp').textContent).toBe('120 / 900 XP');
  });

  it('hides the Leaderboard when show_leaderboard is off', async () => {
    const region = await panelWith({ show_leaderboard: false }, ['Level Progress', 'Recent Badges']);
    expect(within(region).queryByText('grace')).toBeNull();
    expect(within(region).getByText('Badge 1')).toBeTruthy();
  });

  it('keeps the streak, the daily challenge and the performance card when every toggle is off', async () => {
    const region = await panelWith(
      { show_xp_progress: false, show_achievements: false, show_leaderboard: false },
      [],
    );
    expect(within(region).getByRole('heading', { name: 'Current Streak' })).toBeTruthy();
    expect(await within(region).findByTestId('daily-challenge')).toBeTruthy();
    expect(within(region).getByRole('heading', { name: 'Performance' })).toBeTruthy();
  });

  it('shows everything while the settings load, then applies them', async () => {
    const { handler, release } = gated(() =>
      json({ ...testSettings, show_xp_progress: false, show_leaderboard: false }),
    );
    stubDashboardApi({ settings: handler });
    openDashboard();
    await screen.findByRole('heading', { name: 'Level Progress' }, SLOW);
    expect(shown(panel())).toEqual(['Level Progress', 'Recent Badges', 'Leaderboard']);
    release();
    await waitFor(() => expect(shown(panel())).toEqual(['Recent Badges']));
  });

  it('shows everything, without an error, when the settings cannot be loaded', async () => {
    const { callsTo } = stubDashboardApi({ settings: () => json({ error: 'Settings are down' }, 500) });
    openDashboard();
    await screen.findByRole('heading', { name: 'Level Progress' }, SLOW);
    await waitFor(() => expect(callsTo('GET', '/api/user/settings').length).toBeGreaterThan(0));
    // Let the failed answer arrive and settle before looking again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shown(panel())).toEqual(['Level Progress', 'Recent Badges', 'Leaderboard']);
    expect(screen.getByTestId('greeting')).toBeTruthy();
    expect(screen.queryByText(/Settings are down/)).toBeNull();
    expect(within(notifications()).queryByRole('alert')).toBeNull();
  });
});

describe('challengeToShow', () => {
  const base: DailyChallenge = dailyChallenges[1]!;

  it('picks the first challenge whose completed_at is null', () => {
    const list = [
      { ...base, id: 'a', completed_at: '2025-06-14T01:00:00.000Z' },
      { ...base, id: 'b', completed_at: null },
      { ...base, id: 'c', completed_at: null },
    ];
    expect(challengeToShow(list)?.id).toBe('b');
  });

  it('falls back to the most recently claimed, and to nothing for no challenges', () => {
    const list = [
      { ...base, id: 'a', completed_at: '2025-06-14T03:00:00.000Z' },
      { ...base, id: 'b', completed_at: '2025-06-14T01:00:00.000Z' },
    ];
    expect(challengeToShow(list)?.id).toBe('a');
    expect(challengeToShow([])).toBeUndefined();
  });
});
