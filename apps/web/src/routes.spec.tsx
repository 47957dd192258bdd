import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, settingsFetch } from './test/fixtures';
import { renderApp, testSession } from './test/renderApp';

/** Every public or unwrapped path of the spec's route table, with the heading its screen shows. */
const openScreens: Array<[path: string, heading: string]> = [
  ['/', 'Transform Conversations with AI'],
  ['/features', 'Features'],
  ['/pricing', 'Pricing'],
  ['/docs', 'Documentation'],
  ['/support', 'Support'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms and Conditions'],
  ['/auth', 'Log In'],
  ['/session/resume', 'Resume Last Session'],
  ['/session/history', 'Session History'],
  ['/history', 'Session History'],
  ['/session/view/abc123', 'Conversation Replay'],
];

/** Every protected path, with the heading its screen shows once signed in. */
const protectedScreens: Array<[path: string, heading: string]> = [
  ['/onboarding', 'Onboarding'],
  ['/dashboard', 'Dashboard'],
  ['/settings', 'Settings'],
  ['/library', 'Scenario Library'],
  // The settings stub answers 404 for the scenario: the detail screen says so.
  ['/scenario/job-interview', 'Scenario Not Found'],
  ['/chat/job-interview', 'Chat Session'],
  ['/upgrade', 'Premium Upgrade'],
];

describe('route table', () => {
  it.each(openScreens)('%s renders its screen without a session', async (path, heading) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(protectedScreens)('%s redirects to /auth, replacing history, without a session', async (path) => {
    const { router } = renderApp(path, { history: ['/'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.historyAction).toBe('REPLACE');
    // The protected path was replaced, so one step back is the page before it.
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(protectedScreens)('%s renders its screen with a stored session', async (path, heading) => {
    vi.stubGlobal('fetch', settingsFetch());
    const { router } = renderApp(path, { storedSession: testSession });
    // Lazy screens load their chunk on first visit, which can be slow while the whole suite runs.
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it("a protected route shows 'Loading...' while the session is still being read", () => {
    renderApp('/dashboard', { storedSession: testSession, restore: false });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it('/scenario/:id with resume state reaches the chat screen', async () => {
    renderApp(
      {
        pathname: '/scenario/job-interview',
        state: { resume: true, messages: [], tone: 'neutral', avatar: 'robot' },
      },
      { storedSession: testSession },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat Session' })).toBeTruthy();
  });

  it('/shared/:token is public: it renders the shared report without a session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json({ error: 'This link does not exist or has expired' }, 404)),
    );
    const { router } = renderApp('/shared/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shared Report' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/shared/abc');
    await waitFor(() => expect(document.title).toBe('Shared Report | Parley'));
  });

  it('an unknown path renders the not-found page', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Lost in Cyberspace' })).toBeTruthy();
  });

  it('names the document after the screen', async () => {
    renderApp('/history');
    await waitFor(() => expect(document.title).toBe('Session History | Parley'));
  });
});
