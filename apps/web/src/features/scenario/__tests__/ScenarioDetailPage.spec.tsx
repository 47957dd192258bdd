import type { Scenario } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, testProfile } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { difficultyLevel } from '../components/DifficultyBadge';
import { PRACTICE_TIPS } from '../components/ScenarioDetailPage';
import { remainingSessions } from '../sessionAllowance';

const raise: Scenario = {
  id: 'ask-for-a-raise',
  title: 'Ask for a Raise',
  description: 'Negotiate your salary with a manager who guards the budget.',
  category: 'salary-negotiation',
  tags: ['salary negotiation', 'money'],
  difficulty: 'Intermediate',
  timeEstimate: '10-15 min',
  userRole: 'Employee',
  aiRole: 'Manager',
  premium: false,
  locked: false,
};
const boardCrisis: Scenario = {
  ...raise,
  id: 'board-crisis',
  title: 'Brief the Board on a Crisis',
  category: 'crisis-management',
  premium: true,
  locked: true,
};

/** The scenario reads (one gated, to see the loading state) and the profile. */
function stub({
  sessionsUsed = 0,
  plan = 'free' as 'free' | 'premium',
  gate = Promise.resolve(),
  history = [] as Array<{ scenario_id: string; status: 'active' | 'completed' }>,
} = {}) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const { pathname } = new URL(request.url);
    if (pathname === `/api/user/profile/${testSession.user.id}`)
      return json({ ...testProfile, plan, sessions_used: sessionsUsed });
    if (pathname === '/api/user/sessions')
      return json(
        history.map((h, i) => ({
          ...h,
          id: `00000000-0000-4000-8000-00000000000${i}`,
          user_id: testSession.user.id,
          created_at: '2026-11-01T10:00:00.000Z',
          updated_at: '2026-11-01T10:05:00.000Z',
          completed_at: h.status === 'completed' ? '2026-11-01T10:05:00.000Z' : null,
          tone_preference: 'Friendly',
          avatar_style: null,
          message_count: 3,
          scenario_title: 'Ask for a Raise',
        })),
      );
    const match = /^\/api\/user\/scenarios\/([^/]+)$/.exec(pathname);
    if (match) {
      await gate;
      const found = [raise, boardCrisis].find((s) => s.id === match[1]);
      return found ? json(found) : json({ error: 'Scenario not found' }, 404);
    }
    return json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Waits until the history was fetched and its answer has reached the page. */
async function historyRead(fetchMock: ReturnType<typeof stub>) {
  const path = (input: unknown) =>
    new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname;
  await waitFor(() =>
    expect(fetchMock.mock.calls.some(([input]) => path(input) === '/api/user/sessions')).toBe(true),
  );
  // Start Practice waits for the history it decides on.
  await waitFor(() =>
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Start Practice' }).disabled).toBe(false),
  );
}

async function openDetail(id: string, history = ['/library']) {
  const view = renderApp(`/scenario/${id}`, { storedSession: testSession, history });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return view;
}

describe('/scenario/:id', () => {
  it("shows 'Loading scenario...' until the scenario arrives", async () => {
    let release: () => void = () => {};
    stub({ gate: new Promise<void>((resolve) => (release = resolve)) });
    renderApp('/scenario/ask-for-a-raise', { storedSession: testSession });
    expect(
      (await screen.findByText('Loading scenario...', {}, { timeout: 5000 })).closest('[role="status"]'),
    ).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ask for a Raise' })).toBeTruthy();
  });

  it('shows the scenario: description, tags, difficulty, time, both roles, four tips', async () => {
    stub();
    await openDetail('ask-for-a-raise');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ask for a Raise');
    expect(screen.getByText(raise.description)).toBeTruthy();
    expect(screen.getByText('money')).toBeTruthy();
    expect(screen.getByText('salary negotiation')).toBeTruthy();
    expect(screen.getByText('Intermediate').className).toBe('scenario-badge scenario-badge--intermediate');
    expect(screen.getByText('10-15 min')).toBeTruthy();
    expect(screen.getByText('You will play').nextElementSibling?.textContent).toBe('Employee');
    expect(screen.getByText('AI will simulate').nextElementSibling?.textContent).toBe('Manager');
    const tips = screen.getByRole('heading', { name: 'Practice Tips' }).parentElement!.querySelectorAll('li');
    expect(Array.from(tips).map((li) => li.textContent)).toEqual([...PRACTICE_TIPS]);
    expect(PRACTICE_TIPS).toHaveLength(4);
  });

  it('falls back to beginner styling for an unknown difficulty', () => {
    expect(difficultyLevel('Advanced')).toBe('advanced');
    expect(difficultyLevel('Expert')).toBe('beginner');
    expect(difficultyLevel(undefined)).toBe('beginner');
  });

  it("shows 'Scenario Not Found' for a missing scenario, and Go Back returns one step", async () => {
    stub();
    const { router } = await openDetail('no-such-scenario');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Scenario Not Found');
    expect(
      screen.getByText("The scenario you're looking for doesn't exist or has been removed."),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/library'));
  });

  it("shows 'Scenario Not Found' when the read fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json({ error: 'down' }, 503)),
    );
    renderApp('/scenario/ask-for-a-raise', { storedSession: testSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'Scenario Not Found' })).toBeTruthy();
  });

  it('Back goes one step back in history', async () => {
    stub();
    const { router } = await openDetail('ask-for-a-raise', ['/dashboard', '/library?tag=money']);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/library'));
    expect(router.state.location.search).toBe('?tag=money');
  });

  it('Start Practice goes to /chat/{id} while sessions are left', async () => {
    stub({ sessionsUsed: 4 });
    const { router } = await openDetail('ask-for-a-raise');
    await screen.findByText('1 of 5 free sessions left this month');
    fireEvent.click(screen.getByRole('button', { name: 'Start Practice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/ask-for-a-raise'));
  });

  it('Start Practice goes to /upgrade when no session is left', async () => {
    const fetchMock = stub({ sessionsUsed: 5 });
    const { router } = await openDetail('ask-for-a-raise');
    await screen.findByText('You have used all 5 free sessions this month.');
    // Until the history is read, nothing is known to resume and the button leaves the quota to the server.
    await historyRead(fetchMock);
    fireEvent.click(screen.getByRole('button', { name: 'Start Practice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upgrade'));
  });

  it('Start Practice resumes a conversation of the scenario already going, with no session left', async () => {
    const fetchMock = stub({
      sessionsUsed: 5,
      history: [{ scenario_id: 'ask-for-a-raise', status: 'active' }],
    });
    const { router } = await openDetail('ask-for-a-raise');
    await screen.findByText('You have used all 5 free sessions this month.');
    await historyRead(fetchMock);
    fireEvent.click(screen.getByRole('button', { name: 'Start Practice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/ask-for-a-raise'));
  });

  it('a finished conversation, or one of another scenario, is nothing to resume', async () => {
    const fetchMock = stub({
      sessionsUsed: 5,
      history: [
        { scenario_id: 'ask-for-a-raise', status: 'completed' },
        { scenario_id: 'board-crisis', status: 'active' },
      ],
    });
    const { router } = await openDetail('ask-for-a-raise');
    await screen.findByText('You have used all 5 free sessions this month.');
    await historyRead(fetchMock);
    fireEvent.click(screen.getByRole('button', { name: 'Start Practice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upgrade'));
  });

  it('Start Practice goes to /upgrade for a locked scenario', async () => {
    stub({ sessionsUsed: 0 });
    const { router } = await openDetail('board-crisis');
    expect(screen.getByText('Premium')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start Practice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upgrade'));
  });

  it('a premium plan is never out of sessions', async () => {
    expect(remainingSessions({ plan: 'premium', sessions_used: 40 })).toBe(Infinity);
    expect(remainingSessions({ plan: 'free', sessions_used: 7 })).toBe(0);
    stub({ plan: 'premium', sessionsUsed: 40 });
    const { router, store } = await openDetail('ask-for-a-raise');
    // Wait for the profile, so the decision below is made with it.
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).some(
          (query) => query?.endpointName === 'getProfile' && query.status === 'fulfilled',
        ),
      ).toBe(true),
    );
    expect(screen.queryByText(/free sessions/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start Practice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/ask-for-a-raise'));
  });
});
