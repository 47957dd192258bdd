import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, testProfile } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { readStoredSession } from '../authSession';
import { SESSION_ENDED_TEXTS } from '../components/AuthPage';

function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

const NEW_SESSION = {
  ...testSession,
  access_token: 'access-after-new-login',
  refresh_token: 'refresh-after-new-login',
};

/**
 * The server after the password was changed on another device: every product call refuses the old access
 * token (its session is listed as revoked) and the refresh token is gone, as GoTrue answers it.
 */
function revokedServer(refusal = 'Invalid Refresh Token: Refresh Token Not Found') {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = urlOf(input);
    if (url.includes('/auth/v1/token?grant_type=refresh_token')) return json({ error: refusal }, 400);
    // Logging in again gives a new session, whose token the server takes (its calls are not refused).
    if (url.includes('/auth/v1/token?grant_type=password')) return json(NEW_SESSION);
    if (url.includes('/api/user/profile/')) return json(testProfile);
    const authorization =
      input instanceof Request
        ? input.headers.get('Authorization')
        : new Headers(init?.headers).get('Authorization');
    if (authorization?.includes(NEW_SESSION.access_token)) return json({ error: 'Service unavailable' }, 503);
    return json({ error: 'Invalid or expired token' }, 401);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('a session ended elsewhere', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lands the open tab on the log-in page, saying it was signed out because of a password change elsewhere', async () => {
    const fetchMock = revokedServer();
    const { router } = renderApp('/dashboard', { storedSession: testSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect((await screen.findByRole('status')).textContent).toBe(SESSION_ENDED_TEXTS.revoked);
    expect(SESSION_ENDED_TEXTS.revoked).toBe(
      'You have been signed out because your password was changed or you signed out on another device or tab. Please log in again.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Log In' })).toBeTruthy();
    expect(readStoredSession()).toBeNull();
    // One refresh for all the refused calls.
    const refreshes = fetchMock.mock.calls.filter(([input]) => urlOf(input).includes('grant_type=refresh'));
    expect(refreshes).toHaveLength(1);
  });

  it('says so too when the app starts with a stored session whose refresh token was revoked', async () => {
    revokedServer();
    const { router } = renderApp('/settings', {
      storedSession: { ...testSession, expires_at: Math.floor(Date.now() / 1000) + 10 },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect((await screen.findByRole('status')).textContent).toBe(SESSION_ENDED_TEXTS.revoked);
  });

  it('says the session expired when the refresh token ran out', async () => {
    revokedServer('Invalid Refresh Token: Expired');
    const { router } = renderApp('/dashboard', { storedSession: testSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect((await screen.findByRole('status')).textContent).toBe(SESSION_ENDED_TEXTS.expired);
  });

  it('drops the message once the person logs in again', async () => {
    revokedServer();
    const { router, store } = renderApp('/dashboard', { storedSession: testSession });
    await screen.findByText(SESSION_ENDED_TEXTS.revoked);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'the new password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // Cleared with the new session, which may land a moment after the navigation; a late failure of the
    // old session setting it again would still fail here.
    await waitFor(() => expect(store.getState().auth.endedReason).toBeNull());
  });

  it('shows no such message on the log-in page otherwise', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    renderApp('/auth');
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
