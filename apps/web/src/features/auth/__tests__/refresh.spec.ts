import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { json } from '../../../test/fixtures';
import { testSession } from '../../../test/renderApp';
import {
  needsRefresh,
  readStoredSession,
  REFRESH_THRESHOLD_TICKS,
  REFRESH_TICK_MS,
  writeStoredSession,
} from '../authSession';
import { refreshSessionIfNeeded, restoreSession, selectSession, sessionChanged } from '../authSlice';
import { signOut } from '../authThunks';

const NOW = 1_750_000_000_000;

describe('auth session refresh', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('needs a refresh when fewer than 3 ticks of 30 s remain', () => {
    expect(REFRESH_TICK_MS).toBe(30_000);
    expect(REFRESH_THRESHOLD_TICKS).toBe(3);
    const at = (secondsLeft: number) => ({ ...testSession, expires_at: NOW / 1000 + secondsLeft });
    expect(needsRefresh(at(89), NOW)).toBe(true);
    expect(needsRefresh(at(90), NOW)).toBe(false);
    expect(needsRefresh(at(3600), NOW)).toBe(false);
  });

  it('exchanges the refresh token for a new session and stores it', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const fresh = {
      ...testSession,
      access_token: 'fresh',
      refresh_token: 'fresh-refresh',
      expires_at: NOW / 1000 + 3600,
    };
    const fetchMock = vi.fn<typeof fetch>(async () => json(fresh));
    vi.stubGlobal('fetch', fetchMock);
    const store = createAppStore();
    store.dispatch(sessionChanged({ ...testSession, expires_at: NOW / 1000 + 60 }));
    await store.dispatch(refreshSessionIfNeeded());
    expect(selectSession(store.getState())?.access_token).toBe('fresh');
    expect(readStoredSession()?.refresh_token).toBe('fresh-refresh');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/auth/v1/token?grant_type=refresh_token');
    expect(JSON.parse(String(init?.body))).toEqual({ refresh_token: testSession.refresh_token });
  });

  it('leaves a session far from expiry alone', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const store = createAppStore();
    store.dispatch(sessionChanged(testSession));
    await store.dispatch(refreshSessionIfNeeded());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs out when the refresh token is refused', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json({ error: 'Invalid Refresh Token: Already Used' }, 400)),
    );
    const store = createAppStore();
    store.dispatch(sessionChanged({ ...testSession, expires_at: NOW / 1000 + 60 }));
    await store.dispatch(refreshSessionIfNeeded());
    expect(selectSession(store.getState())).toBeNull();
    expect(readStoredSession()).toBeNull();
    // Ended elsewhere (reuse, a password change, a sign-out): the log-in page says so.
    expect(store.getState().auth.endedReason).toBe('revoked');
  });

  it('takes the newer session another tab stored instead of spending its own refresh token', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const store = createAppStore();
    store.dispatch(sessionChanged({ ...testSession, expires_at: NOW / 1000 + 60 }));
    // Another tab of this browser refreshed first (the tabs share the stored session).
    const newer = {
      ...testSession,
      access_token: 'other-tab',
      refresh_token: 'other-tab-refresh',
      expires_at: NOW / 1000 + 3600,
    };
    writeStoredSession(newer);
    await store.dispatch(refreshSessionIfNeeded());
    expect(selectSession(store.getState())).toEqual(newer);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the session expired when the server refuses an expired refresh token', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json({ error: 'Invalid Refresh Token: Expired' }, 400)),
    );
    const store = createAppStore();
    store.dispatch(sessionChanged({ ...testSession, expires_at: NOW / 1000 + 60 }));
    await store.dispatch(refreshSessionIfNeeded());
    expect(selectSession(store.getState())).toBeNull();
    expect(store.getState().auth.endedReason).toBe('expired');
  });

  it('refreshes a stored session about to expire when the app starts (session kept across reloads)', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    writeStoredSession({ ...testSession, expires_at: NOW / 1000 + 10 });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json({ ...testSession, access_token: 'after-reload' })),
    );
    const store = createAppStore();
    await store.dispatch(restoreSession());
    expect(selectSession(store.getState())?.access_token).toBe('after-reload');
  });

  it('sign-out calls /auth/v1/logout with the token and forgets the session', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const store = createAppStore();
    store.dispatch(sessionChanged(testSession));
    await store.dispatch(signOut());
    expect(selectSession(store.getState())).toBeNull();
    expect(readStoredSession()).toBeNull();
    expect(store.getState().auth.endedReason).toBeNull();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/auth/v1/logout');
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${testSession.access_token}`);
  });
});
