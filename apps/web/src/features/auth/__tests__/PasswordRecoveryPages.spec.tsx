import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, testProfile } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { readStoredSession } from '../authSession';
import { RECOVERY_TEXTS } from '../components/PasswordRecoveryPages';

function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const fragment = new URLSearchParams({
  access_token: testSession.access_token,
  refresh_token: testSession.refresh_token,
  expires_at: String(testSession.expires_at),
  expires_in: String(testSession.expires_in),
  token_type: 'bearer',
  type: 'recovery',
}).toString();

describe('password recovery screens', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("links 'Forgot password?' from the log-in form to the page that asks for the link", async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    const { router } = renderApp('/auth');
    fireEvent.click(await screen.findByRole('link', { name: RECOVERY_TEXTS.forgotLink }));
    await screen.findByRole('heading', { level: 1, name: RECOVERY_TEXTS.forgotTitle });
    expect(router.state.location.pathname).toBe('/auth/forgot-password');
  });

  it('asks for the link and says the same whatever the address', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({}));
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/auth/forgot-password');
    await screen.findByRole('heading', { level: 1, name: RECOVERY_TEXTS.forgotTitle });
    fill('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: RECOVERY_TEXTS.send }));
    await screen.findByRole('heading', { level: 1, name: RECOVERY_TEXTS.sentTitle });
    expect(screen.getByText(RECOVERY_TEXTS.sent('ada@example.com'))).toBeTruthy();
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(urlOf(input)).toMatch(/\/auth\/v1\/recover\?redirect_to=.*%2Fauth%2Freset-password$/);
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com' });
  });

  it('says that no email was sent, and how long to wait, when a link was asked for less than a minute ago', async () => {
    // The gateway's answer inside the address's window (the same for every address, known or not).
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(
          JSON.stringify({
            error: 'For security purposes, you can only request this after 42 seconds.',
            error_code: 'over_email_send_rate_limit',
          }),
          { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '42' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/auth/forgot-password');
    await screen.findByRole('heading', { level: 1, name: RECOVERY_TEXTS.forgotTitle });
    fill('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: RECOVERY_TEXTS.send }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(RECOVERY_TEXTS.tooSoon('ada@example.com', 42)),
    );
    expect(RECOVERY_TEXTS.tooSoon('ada@example.com', 42)).toBe(
      'A reset link for ada@example.com was already requested less than a minute ago, so no new email was sent. Check your inbox and spam folder, or try again in 42 seconds.',
    );
    // Still the form: nothing claims a link was sent.
    expect(screen.queryByRole('heading', { level: 1, name: RECOVERY_TEXTS.sentTitle })).toBeNull();
    expect(screen.getByRole('button', { name: RECOVERY_TEXTS.send })).toHaveProperty('disabled', false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message for any other refusal of the request", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json({ error: 'Too many requests, please try again later' }, 429)),
    );
    renderApp('/auth/forgot-password');
    await screen.findByRole('heading', { level: 1, name: RECOVERY_TEXTS.forgotTitle });
    fill('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: RECOVERY_TEXTS.send }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many requests, please try again later'),
    );
  });

  it('signs in from the link, takes the tokens out of the address, and sets the new password', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const url = urlOf(input);
      if (url.includes('/auth/v1/user')) return json(testSession.user);
      if (url.includes('/api/user/profile/')) return json(testProfile);
      return json({ error: 'unexpected' }, 500);
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp(`/auth/reset-password#${fragment}`);
    await screen.findByRole('heading', { level: 1, name: RECOVERY_TEXTS.resetTitle });
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(readStoredSession()?.access_token).toBe(testSession.access_token);

    fill(RECOVERY_TEXTS.newPassword, 'a new passphrase');
    fill(RECOVERY_TEXTS.confirmPassword, 'another passphrase');
    fireEvent.click(screen.getByRole('button', { name: RECOVERY_TEXTS.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(RECOVERY_TEXTS.mismatch);

    fill(RECOVERY_TEXTS.confirmPassword, 'a new passphrase');
    fireEvent.click(screen.getByRole('button', { name: RECOVERY_TEXTS.save }));
    await screen.findByText(RECOVERY_TEXTS.done);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]?.body))).toEqual({ password: 'a new passphrase' });
    fireEvent.click(screen.getByRole('button', { name: RECOVERY_TEXTS.continue }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("shows the server's reason for a used or expired link, with a way to ask for a new one", async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    const reason = 'This password reset link has expired. Ask for a new one.';
    const error = new URLSearchParams({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: reason,
    });
    renderApp(`/auth/reset-password#${error.toString()}`);
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.getByRole('link', { name: RECOVERY_TEXTS.askAgain }).getAttribute('href')).toBe(
      '/auth/forgot-password',
    );
  });

  it('shows the server message when the new password is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) =>
        init?.method === 'PUT'
          ? json({ error: 'Password should be at least 8 characters.' }, 422)
          : urlOf(input).includes('/auth/v1/user')
            ? json(testSession.user)
            : json(testProfile),
      ),
    );
    renderApp(`/auth/reset-password#${fragment}`);
    await screen.findByRole('heading', { level: 1, name: RECOVERY_TEXTS.resetTitle });
    await screen.findByLabelText(RECOVERY_TEXTS.newPassword);
    fill(RECOVERY_TEXTS.newPassword, 'short');
    fill(RECOVERY_TEXTS.confirmPassword, 'short');
    fireEvent.click(screen.getByRole('button', { name: RECOVERY_TEXTS.save }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Password should be at least 8 characters.'),
    );
  });
});
