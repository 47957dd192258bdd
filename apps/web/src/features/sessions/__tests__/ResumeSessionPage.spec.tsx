import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { fullSession, requestOf, stubFetch, USER_ID } from './sessionsFixtures';

const LAST = `GET /api/user/sessions/last/${USER_ID}`;

describe('resume last session', () => {
  it("shows 'Loading last session...' and opens the chat of an active session with its state", async () => {
    const active = fullSession({ status: 'active', completed_at: null });
    const fetchMock = stubFetch({ [LAST]: active });
    const { router } = renderApp('/session/resume', { storedSession: testSession, history: ['/dashboard'] });
    expect(await screen.findByText('Loading last session...')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/scenario/salary-negotiation-basics'));
    expect(router.state.location.state).toEqual({
      resume: true,
      sessionId: active.id,
      messages: active.messages,
      tone: 'friendly',
      avatar: 'robot',
    });
    // The resume page is replaced: Back returns to where the user came from.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(requestOf(fetchMock, LAST)!.headers.get('authorization')).toBe(
      `Bearer ${testSession.access_token}`,
    );
  });

  it('opens the scenario (no resume state) when the latest session is already completed', async () => {
    stubFetch({ [LAST]: fullSession({ status: 'completed' }) });
    const { router } = renderApp('/session/resume', { storedSession: testSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/scenario/salary-negotiation-basics'));
    expect(router.state.location.state).toBeNull();
  });

  it('goes to /dashboard when there is no session yet (404)', async () => {
    stubFetch({ [LAST]: () => json({ error: 'Session not found' }, 404) });
    const { router } = renderApp('/session/resume', { storedSession: testSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('goes to /dashboard when loading fails', async () => {
    stubFetch({ [LAST]: () => json({ error: 'down' }, 503) });
    const { router } = renderApp('/session/resume', { storedSession: testSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('asks a visitor without a session to log in', async () => {
    stubFetch({});
    const { router } = renderApp('/session/resume');
    expect((await screen.findByRole('link', { name: 'Log In' })).getAttribute('href')).toBe('/auth');
    expect(router.state.location.pathname).toBe('/session/resume');
  });
});
