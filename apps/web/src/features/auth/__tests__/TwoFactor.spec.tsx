import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '@parley/contracts';
import { json, testProfile, testSettings } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { readStoredSession } from '../authSession';

vi.mock('../../../lib/browser', () => ({ reloadPage: vi.fn(), alertUser: vi.fn(), confirmUser: vi.fn() }));

const FACTOR_ID = '9b3f4a52-7c1e-4d7a-9f3b-2a1c0e8d7f61';
const CHALLENGE_ID = '5d2e1c4b-3a69-4f8e-8b7d-6c5a4b3e2d10';
const factor = {
  id: FACTOR_ID,
  factor_type: 'totp',
  status: 'verified',
  friendly_name: 'Authenticator app',
  created_at: '2026-11-26T08:00:00Z',
  updated_at: '2026-11-26T08:00:00Z',
} as const;

/** An unsigned token with the claims the web reads (the gateway verifies signatures, not the web). */
function tokenWith(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'ES256' })}.${part({ sub: testSession.user.id, ...claims })}.signature`;
}

const aal1: AuthSession = {
  ...testSession,
  access_token: tokenWith({ aal: 'aal1', next_aal: 'aal2' }),
  user: { ...testSession.user, factors: [factor] },
};
const aal2: AuthSession = { ...aal1, access_token: tokenWith({ aal: 'aal2' }), refresh_token: 'raised' };

type Route = (request: Request, body: unknown) => Response | undefined;

function stub(route: Route) {
  const calls: Array<{ method: string; path: string; body: unknown; auth: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const text = request.method === 'GET' ? '' : await request.clone().text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      const path = new URL(request.url).pathname;
      calls.push({ method: request.method, path, body, auth: request.headers.get('authorization') });
      return route(request, body) ?? json({ error: 'unexpected' }, 500);
    }),
  );
  return calls;
}

describe('two-factor sign-in', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the code after the password, then goes on with the aal2 session', async () => {
    const calls = stub((request, body) => {
      const path = new URL(request.url).pathname;
      if (path === '/auth/v1/token') return json(aal1);
      if (path === `/auth/v1/factors/${FACTOR_ID}/challenge`) return json({ id: CHALLENGE_ID, type: 'totp' });
      if (path === `/auth/v1/factors/${FACTOR_ID}/verify`)
        return (body as { code: string }).code === '123456'
          ? json(aal2)
          : json({ error: 'Invalid TOTP code entered' }, 422);
      if (path.startsWith('/api/user/profile/')) return json(testProfile);
      return undefined;
    });
    const { router } = renderApp('/auth', { history: ['/'] });
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid TOTP code entered');

    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(readStoredSession()?.access_token).toBe(aal2.access_token);
    const verify = calls.filter((c) => c.path.endsWith('/verify'));
    expect(verify.at(-1)).toMatchObject({
      body: { challenge_id: CHALLENGE_ID, code: '123456' },
      auth: `Bearer ${aal1.access_token}`,
    });
    // No user data was asked for with the aal1 token.
    expect(
      calls.filter((c) => c.path.startsWith('/api') && c.auth === `Bearer ${aal1.access_token}`),
    ).toEqual([]);
  });

  it('sends a stored aal1 session from a protected page back to the code prompt', async () => {
    stub(() => undefined);
    const { router } = renderApp('/dashboard', { storedSession: aal1 });
    await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByText('Lost your phone? Enter one of your recovery codes instead.')).toBeTruthy();
  });
});

describe('password reset with a second factor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the code (or a recovery code) before the new password', async () => {
    const calls = stub((request) => {
      const path = new URL(request.url).pathname;
      if (path === '/auth/v1/user' && request.method === 'GET') return json(aal1.user);
      if (path.endsWith('/challenge')) return json({ id: CHALLENGE_ID, type: 'totp' });
      if (path.endsWith('/verify')) return json(aal2);
      if (path === '/auth/v1/user' && request.method === 'PUT') return json(aal2.user);
      return undefined;
    });
    const fragment = new URLSearchParams({
      access_token: aal1.access_token,
      refresh_token: 'r',
      expires_in: '900',
      expires_at: '4102444800',
      token_type: 'bearer',
      type: 'recovery',
    });
    renderApp(`/auth/reset-password#${fragment.toString()}`);
    await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
    expect(screen.queryByLabelText('New Password')).toBeNull();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: 'k7m2q-xr9tv' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByLabelText('New Password');
    expect(calls.find((c) => c.path.endsWith('/verify'))?.body).toMatchObject({ code: 'k7m2q-xr9tv' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('Settings › Two-factor authentication', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('enrols with the QR code and the key as text, confirms a code, then shows the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i + 2}k`);
    let verified = false;
    const calls = stub((request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/user/settings') return json(testSettings);
      if (path === '/auth/v1/user')
        return json({ ...testSession.user, ...(verified ? { factors: [factor] } : {}) });
      if (path === '/auth/v1/factors')
        return json({
          id: FACTOR_ID,
          type: 'totp',
          totp: {
            qr_code: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
            secret: 'JBSWY3DPEHPK3PXP',
            uri: 'otpauth://totp/x',
          },
          recovery_codes: codes,
        });
      if (path.endsWith('/challenge')) return json({ id: CHALLENGE_ID, type: 'totp' });
      if (path.endsWith('/verify')) {
        verified = true;
        return json(aal2);
      }
      return undefined;
    });
    renderApp('/settings?tab=security', { storedSession: testSession });
    const toggle = await screen.findByRole('checkbox', { name: 'Two-factor authentication' });
    await waitFor(() => expect(calls.some((c) => c.path === '/auth/v1/user')).toBe(true));
    expect(toggle).toHaveProperty('checked', false);
    fireEvent.click(toggle);

    const form = await screen.findByRole('form', { name: 'Two-factor authentication' });
    const qr = within(form).getByRole('img', {
      name: 'QR code for your authenticator app',
    }) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml;utf-8,%3Csvg/);
    expect(within(form).getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(screen.queryByText(codes[0]!)).toBeNull();
    fireEvent.change(within(form).getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Turn on' }));

    const shown = await screen.findByRole('region', { name: 'Save your recovery codes' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(readStoredSession()?.access_token).toBe(aal2.access_token);
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(codes[0]!)).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Two-factor authentication' })).toHaveProperty(
      'checked',
      true,
    );
    expect(calls.find((c) => c.path === '/auth/v1/factors')?.body).toMatchObject({ factor_type: 'totp' });
  });

  it('turns off only with a fresh code: verify, then remove the factor', async () => {
    let removed = false;
    const calls = stub((request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/user/settings') return json(testSettings);
      if (path === '/auth/v1/user') return json({ ...aal2.user, ...(removed ? { factors: [] } : {}) });
      if (path.endsWith('/challenge')) return json({ id: CHALLENGE_ID, type: 'totp' });
      if (path.endsWith('/verify')) return json(aal2);
      if (path === `/auth/v1/factors/${FACTOR_ID}` && request.method === 'DELETE') {
        removed = true;
        return json({ id: FACTOR_ID });
      }
      return undefined;
    });
    renderApp('/settings?tab=security', { storedSession: aal2 });
    const toggle = await screen.findByRole('checkbox', { name: 'Two-factor authentication' });
    expect(toggle).toHaveProperty('checked', true);
    fireEvent.click(toggle);
    const form = await screen.findByRole('form', { name: 'Turn off' });
    expect(
      within(form).getByText(
        'Enter a code from your authenticator app to turn off two-factor authentication.',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.change(within(form).getByLabelText('Authentication code'), { target: { value: '654321' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Two-factor authentication' })).toHaveProperty(
        'checked',
        false,
      ),
    );
    const order = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(order).toEqual([
      `POST /auth/v1/factors/${FACTOR_ID}/challenge`,
      `POST /auth/v1/factors/${FACTOR_ID}/verify`,
      `DELETE /auth/v1/factors/${FACTOR_ID}`,
    ]);
  });
});
