import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, testProfile } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { readStoredSession } from '../../auth/authSession';
import { summary } from '../../sessions/__tests__/sessionsFixtures';
import { dailyScenario, randomScenario, stubDashboardApi } from './dashboardFixtures';

// Highcharts is a third-party renderer jsdom cannot draw; the chart options are tested in the progress specs.
vi.mock('../../progress/highcharts', () => ({ default: { chart: () => ({ destroy: () => {} }) } }));

/** The first render lazy-loads the dashboard's chunk, which is slow on a busy machine. */
const SLOW = { timeout: 5000 };

async function openDashboard() {
  const view = renderApp('/dashboard', { storedSession: testSession });
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, SLOW);
  return view;
}

const stat = (testId: string) => screen.getByTestId(testId);
const notifications = () => screen.getByRole('region', { name: 'Notifications' });

describe('/dashboard', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it.each([
    ['00:00', 0, 0, 'Good morning, Ada'],
    ['11:59', 11, 59, 'Good morning, Ada'],
    ['12:00', 12, 0, 'Good afternoon, Ada'],
    ['16:59', 16, 59, 'Good afternoon, Ada'],
    ['17:00', 17, 0, 'Good evening, Ada'],
    ['23:30', 23, 30, 'Good evening, Ada'],
  ])('at %s local time greets with the full name', async (_label, hour, minute, greeting) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 14, hour, minute));
    stubDashboardApi();
    await openDashboard();
    expect(screen.getByTestId('greeting').textContent).toBe(greeting);
    expect(screen.getByTestId('daily-date').textContent).toBe('Saturday, June 14, 2025');
  });

  it('greets without a name when neither the profile nor the account has one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 14, 9, 0));
    stubDashboardApi({ profile: { ...testProfile, full_name: null } });
    renderApp('/dashboard', {
      storedSession: { ...testSession, user: { ...testSession.user, user_metadata: {} } },
    });
    expect((await screen.findByTestId('greeting', {}, SLOW)).textContent).toBe('Good morning');
  });

  it('shows the four stat cards from the profile and the gamification summary', async () => {
    stubDashboardApi();
    await openDashboard();
    await waitFor(() => expect(within(stat('stat-level')).getByText('2')).toBeTruthy());
    expect(within(stat('stat-sessions-left')).getByText('Sessions Left')).toBeTruthy();
    expect(within(stat('stat-sessions-left')).getByText('3 / 5')).toBeTruthy();
    const bar = within(stat('stat-sessions-left')).getByRole('progressbar', { name: 'Sessions left' });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('5');
    expect(within(stat('stat-streak')).getByText('4 days')).toBeTruthy();
    expect(within(stat('stat-xp')).getByText('420')).toBeTruthy();
  });

  it('defaults to level 1, 0 days and 0 XP without a gamification summary', async () => {
    stubDashboardApi({ summary: () => json({ error: 'Gamification is unavailable' }, 503) });
    await openDashboard();
    await screen.findByText('Error loading gamification data: Gamification is unavailable');
    expect(within(stat('stat-level')).getByText('1')).toBeTruthy();
    expect(within(stat('stat-streak')).getByText('0 days')).toBeTruthy();
    expect(within(stat('stat-xp')).getByText('0')).toBeTruthy();
  });

  it("links 'Start Practice' to the scenario of the day while sessions are left", async () => {
    stubDashboardApi();
    await openDashboard();
    const card = screen.getByRole('region', { name: 'Scenario of the Day' });
    expect(await within(card).findByRole('heading', { name: dailyScenario.title })).toBeTruthy();
    expect(within(card).getByText(dailyScenario.description)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Start Practice' }).getAttribute('href')).toBe(
      `/scenario/${dailyScenario.id}`,
    );
    expect(within(card).queryByRole('link', { name: 'Upgrade to Practice' })).toBeNull();
  });

  it.each([5, 6])(
    "with %i sessions used shows 0 / 5 and 'Upgrade to Practice' to /upgrade",
    async (sessionsUsed) => {
      stubDashboardApi({ profile: { ...testProfile, sessions_used: sessionsUsed } });
      await openDashboard();
      expect(within(stat('stat-sessions-left')).getByText('0 / 5')).toBeTruthy();
      const card = screen.getByRole('region', { name: 'Scenario of the Day' });
      const upgrade = await within(card).findByRole('link', { name: 'Upgrade to Practice' });
      expect(upgrade.getAttribute('href')).toBe('/upgrade');
      expect(within(card).queryByRole('link', { name: 'Start Practice' })).toBeNull();
    },
  );

  it('sends a free user to /upgrade for a Premium-only scenario of the day', async () => {
    stubDashboardApi({ daily: { ...dailyScenario, premium: true, locked: true } });
    await openDashboard();
    const card = screen.getByRole('region', { name: 'Scenario of the Day' });
    expect(
      (await within(card).findByRole('link', { name: 'Upgrade to Practice' })).getAttribute('href'),
    ).toBe('/upgrade');
  });

  it('shows a premium plan as unlimited and always lets it practice', async () => {
    stubDashboardApi({ profile: { ...testProfile, plan: 'premium', sessions_used: 12 } });
    await openDashboard();
    expect(within(stat('stat-sessions-left')).getByText('Unlimited')).toBeTruthy();
    const usage = screen.getByRole('region', { name: 'Usage Summary' });
    expect(within(usage).getByTestId('monthly-sessions').textContent).toBe('12 / Unlimited');
    expect(within(usage).queryByRole('link', { name: 'Upgrade for unlimited access' })).toBeNull();
    const card = screen.getByRole('region', { name: 'Scenario of the Day' });
    expect(await within(card).findByRole('link', { name: 'Start Practice' })).toBeTruthy();
  });

  it("shows the Usage Summary with 'Monthly Sessions' used / 5 and the upgrade link", async () => {
    stubDashboardApi();
    await openDashboard();
    const usage = screen.getByRole('region', { name: 'Usage Summary' });
    expect(within(usage).getByText('Monthly Sessions')).toBeTruthy();
    expect(within(usage).getByTestId('monthly-sessions').textContent).toBe('2 / 5');
    expect(
      within(usage).getByRole('progressbar', { name: 'Monthly sessions used' }).getAttribute('aria-valuenow'),
    ).toBe('2');
    expect(
      within(usage).getByRole('link', { name: 'Upgrade for unlimited access' }).getAttribute('href'),
    ).toBe('/upgrade');
  });

  it('has the quick actions', async () => {
    stubDashboardApi({ sessions: [summary()] });
    await openDashboard();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Continue Practice/ }).getAttribute('href')).toBe(
        '/session/resume',
      ),
    );
    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(actions).getByRole('button', { name: 'Surprise Me!' })).toBeTruthy();
    const hrefs = within(actions)
      .getAllByRole('link')
      .map((link) => [link.textContent?.trim(), link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['▶️ Continue Practice', '/session/resume'],
      ['📚 Browse Scenarios', '/library'],
      ['🕘 Session History', '/history'],
    ]);
  });

  it("'Continue Practice' with no session yet says so and offers the library, without leaving", async () => {
    stubDashboardApi({ sessions: [] });
    const { router } = await openDashboard();
    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    const button = await within(actions).findByRole('button', { name: /Continue Practice/ }, SLOW);
    fireEvent.click(button);
    const note = within(actions).getByRole('status');
    expect(note.textContent).toBe(
      'You have no session to continue yet. Pick a scenario to start your first one: open the library.',
    );
    expect(within(note).getByRole('link', { name: 'open the library' }).getAttribute('href')).toBe(
      '/library',
    );
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByText('Loading last session...')).toBeNull();
  });

  it("'Surprise Me!' fetches a random scenario and opens it", async () => {
    const { callsTo } = stubDashboardApi();
    const { router } = await openDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'Surprise Me!' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/scenario/${randomScenario.id}`));
    expect(callsTo('GET', '/api/user/scenarios/random')).toHaveLength(1);
  });

  it("'Surprise Me!' stays and says why when no scenario can be picked", async () => {
    stubDashboardApi({ random: () => json({ error: 'No scenarios available' }, 404) });
    const { router } = await openDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'Surprise Me!' }));
    expect((await within(notifications()).findByRole('alert')).textContent).toContain(
      'No scenarios available',
    );
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows a toast with the message when the dashboard cannot load', async () => {
    stubDashboardApi({ profile: () => json({ error: 'Profile service is down' }, 503) });
    await openDashboard();
    const toast = await within(notifications()).findByRole('alert');
    expect(toast.textContent).toContain('Profile service is down');
    expect(within(notifications()).getAllByTestId('toast')).toHaveLength(1);
    fireEvent.click(within(toast).getByRole('button', { name: 'Dismiss' }));
    expect(within(notifications()).queryByRole('alert')).toBeNull();
  });

  it('links to settings and signs out to /', async () => {
    stubDashboardApi();
    const { router } = await openDashboard();
    const account = screen.getByRole('navigation', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    fireEvent.click(within(account).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(readStoredSession()).toBeNull());
    // Signed out on the landing page, never by way of the log-in page.
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(visited).not.toContain('/auth');
  });
});
