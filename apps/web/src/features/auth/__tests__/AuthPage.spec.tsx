import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../../lib/browser';
import { json, testProfile } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { readStoredSession } from '../authSession';

vi.mock('../../../lib/browser', () => ({ reloadPage: vi.fn(), alertUser: vi.fn(), confirmUser: vi.fn() }));

function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('/auth', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("logs in with 'Logging in...' while busy, stores the session and goes to /onboarding without goals", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const url = urlOf(input);
      if (url.includes('/auth/v1/token?grant_type=password')) {
        await gate;
        return json(testSession);
      }
      if (url.includes('/api/user/profile/')) return json({ ...testProfile, communication_goals: [] });
      return json({ error: 'unexpected' }, 500);
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/auth', { history: ['/'] });
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    fill('Email', 'ada@example.com');
    fill('Password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(readStoredSession()?.access_token).toBe(testSession.access_token);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com', password: 'correct horse' });
  });

  it('sends a signed-in visitor with goals to /dashboard', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json(testProfile)),
    );
    const { router } = renderApp('/auth', { storedSession: testSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("shows the server's message when login fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json({ error: 'Invalid login credentials' }, 400)),
    );
    renderApp('/auth');
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    fill('Email', 'ada@example.com');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid login credentials');
  });

  it("register: 'Passwords do not match' without a server call", async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/auth');
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
    expect(screen.getByText('Already have an account?')).toBeTruthy();
    fill('Email', 'ada@example.com');
    fill('Password', 'one password');
    fill('Confirm Password', 'another one');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("register: 'Registering...', then 'Check your email' with 'Go to Login' reloading the page", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = vi.fn<typeof fetch>(async () => {
      await gate;
      return json({ id: testSession.user.id, email: 'new@example.com', user_metadata: {} });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/auth');
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
    fill('Email', 'new@example.com');
    fill('Password', 'long enough pass');
    fill('Confirm Password', 'long enough pass');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('button', { name: 'Registering...' })).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('new@example.com')).toBeTruthy();
    expect(urlOf(fetchMock.mock.calls[0]![0])).toContain('/auth/v1/signup');
    fireEvent.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("register: shows the server's message on failure", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json({ error: 'Password should be at least 8 characters.' }, 422)),
    );
    renderApp('/auth');
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
    fill('Email', 'new@example.com');
    fill('Password', 'short');
    fill('Confirm Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Password should be at least 8 characters.');
    expect(screen.queryByText('Check your email')).toBeNull();
  });
});

describe('/auth/callback', () => {
  afterEach(() => vi.unstubAllGlobals());

  const hash =
    '#access_token=from-link&expires_at=4102444800&expires_in=3600&refresh_token=refresh-from-link&token_type=bearer&type=signup';

  /** The auth server's user for the link's token, and `profile` for the onboarding check. */
  function stubCallbackApi(profile: () => Response) {
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const url = urlOf(input);
      if (url.includes('/auth/v1/user')) return json(testSession.user);
      if (url.includes(`/api/user/profile/${testSession.user.id}`)) return profile();
      return json({ error: 'Not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('reads the session from the URL fragment, stores it and sends a new user to /onboarding', async () => {
    const fetchMock = stubCallbackApi(() => json({ ...testProfile, communication_goals: [] }));
    const { router } = renderApp({ pathname: '/auth/callback', hash }, { history: ['/'] });
    expect(await screen.findByText('Please wait while we set up your account.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.hash).toBe('');
    const stored = readStoredSession();
    expect(stored?.access_token).toBe('from-link');
    expect(stored?.refresh_token).toBe('refresh-from-link');
    expect(stored?.user.email).toBe(testSession.user.email);
    const request = fetchMock.mock.calls[0]!;
    expect(urlOf(request[0])).toContain('/auth/v1/user');
    expect(new Headers(request[1]?.headers).get('Authorization')).toBe('Bearer from-link');
    // The onboarding check reads the profile with the new session.
    const check = fetchMock.mock.calls.find(([input]) => urlOf(input).includes('/api/user/profile/'));
    expect(check).toBeDefined();
    const checkRequest = check![0] instanceof Request ? check![0] : new Request(urlOf(check![0]), check![1]);
    expect(checkRequest.headers.get('Authorization')).toBe('Bearer from-link');
  });

  it('sends a user whose profile has a communication goal to /dashboard', async () => {
    stubCallbackApi(() => json(testProfile));
    const { router } = renderApp({ pathname: '/auth/callback', hash }, { history: ['/'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('treats a failed onboarding check as not onboarded', async () => {
    stubCallbackApi(() => json({ error: 'Profile service unavailable' }, 503));
    const { router } = renderApp({ pathname: '/auth/callback', hash }, { history: ['/'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(readStoredSession()?.access_token).toBe('from-link');
  });

  it('sends an already signed-in visitor by the same rule', async () => {
    stubCallbackApi(() => json({ ...testProfile, communication_goals: [] }));
    const { router } = renderApp('/auth/callback', { storedSession: testSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes to /auth when the link reports an error', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp({
      pathname: '/auth/callback',
      hash: '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes to /auth without a session', async () => {
    const { router } = renderApp('/auth/callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });
});
