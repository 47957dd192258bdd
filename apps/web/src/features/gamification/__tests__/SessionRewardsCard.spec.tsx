import type { DailyChallenge, SessionRewards } from '@parley/contracts';
import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { sessionChanged } from '../../auth/authSlice';
import { json, testSettings } from '../../../test/fixtures';
import { testSession } from '../../../test/renderApp';
import { SessionRewardsCard } from '../components/SessionRewardsCard';

const SESSION = '11111111-1111-4111-8111-111111111111';

const crossed: SessionRewards = {
  recorded: true,
  xp: [
    { reason: 'session-completed', amount: 50 },
    { reason: 'new-scenario', amount: 25 },
  ],
  totalXp: 75,
  badges: [
    {
      id: 'level-2',
      icon: '🌱',
      title: 'Apprentice',
      description: 'Reach level 2',
      earned_at: '2026-11-26T10:00:00.000Z',
    },
  ],
  level: { before: 1, after: 2 },
};
const challenge: DailyChallenge = {
  id: 'two-sessions',
  description: 'Complete 2 practice sessions',
  xp: 100,
  progress: 1,
  target: 2,
  completed_at: null,
};
const notYet: SessionRewards = {
  recorded: false,
  xp: [],
  totalXp: 0,
  badges: [],
  level: { before: 1, after: 1 },
};

/** The rewards read answers `answers` in turn (the last one again after that). */
function stub(answers: SessionRewards[], settings: Partial<typeof testSettings> = {}) {
  let asked = 0;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const { pathname } = new URL(request.url);
    if (pathname === `/api/gamification/sessions/${SESSION}/rewards`)
      return json(answers[Math.min(asked++, answers.length - 1)]);
    if (pathname === '/api/gamification/daily-challenges') return json([challenge]);
    if (pathname === '/api/user/settings') return json({ ...testSettings, ...settings });
    return json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { asked: () => asked };
}

/** The card in a store holding a signed-in session (every product call carries its token). */
function show() {
  const store = createAppStore();
  store.dispatch(sessionChanged(testSession));
  return render(
    <Provider store={store}>
      <SessionRewardsCard sessionId={SESSION} />
    </Provider>,
  );
}

describe('the report’s reward moment', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks again until the XP is recorded, then shows each line, the level-up and the new badge', async () => {
    const { asked } = stub([notYet, crossed]);
    show();
    expect(await screen.findByText('Adding up your XP...')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'What you earned' });
    expect(await within(region).findByText('Level up!', {}, { timeout: 4000 })).toBeTruthy();
    expect(asked()).toBeGreaterThanOrEqual(2);
    expect(within(region).getByText('You reached Level 2 · Apprentice', { exact: false })).toBeTruthy();
    const lines = within(within(region).getByRole('list', { name: 'XP earned' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      '+50 XP Session completed',
      '+25 XP First time practising this scenario',
    ]);
    expect(within(region).getByText('+75 XP in all')).toBeTruthy();
    expect(within(region).getByText('Apprentice', { selector: 'strong' })).toBeTruthy();
    expect(await within(region).findByText('Complete 2 practice sessions')).toBeTruthy();
    expect(within(region).getByText('1/2')).toBeTruthy();
    expect(screen.queryByText('Adding up your XP...')).toBeNull();
  });

  it('has no level-up moment when the session stayed in the same level', async () => {
    stub([{ ...crossed, badges: [], level: { before: 2, after: 2 } }]);
    show();
    expect(await screen.findByText('+75 XP in all')).toBeTruthy();
    expect(screen.queryByText('Level up!')).toBeNull();
    expect(screen.queryByRole('region', { name: 'New badges' })).toBeNull();
  });

  it('hides XP and the level when Settings turn XP progress off, and badges when achievements are off', async () => {
    stub([crossed], { show_xp_progress: false });
    const view = show();
    expect(await screen.findByRole('region', { name: 'New badges' })).toBeTruthy();
    expect(screen.queryByText('+75 XP in all')).toBeNull();
    expect(screen.queryByText('Level up!')).toBeNull();
    view.unmount();

    stub([crossed], { show_xp_progress: false, show_achievements: false });
    show();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'What you earned' })).toBeNull();
  });
});
