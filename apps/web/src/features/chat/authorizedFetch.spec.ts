import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { json } from '../../test/fixtures';
import { testSession } from '../../test/renderApp';
import { sessionChanged } from '../auth/authSlice';
import { createAuthorizedFetch } from './authorizedFetch';

const bearer = (init: RequestInit | undefined) => new Headers(init?.headers).get('Authorization');

describe('createAuthorizedFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token the store holds at call time', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({}));
    vi.stubGlobal('fetch', fetchMock);
    const store = createAppStore();
    store.dispatch(sessionChanged(testSession));
    const authorized = createAuthorizedFetch(store);
    await authorized('/api/x');
    store.dispatch(sessionChanged({ ...testSession, access_token: 'rotated' }));
    await authorized('/api/x', { headers: { Accept: 'text/event-stream' } });
    expect(fetchMock.mock.calls.map(([, init]) => bearer(init))).toEqual([
      'Bearer test-access-token',
      'Bearer rotated',
    ]);
    expect(new Headers(fetchMock.mock.calls[1]![1]!.headers).get('Accept')).toBe('text/event-stream');
  });

  it('after a 401, refreshes a token about to expire and tries once more with the new one', async () => {
    const expiring = { ...testSession, expires_at: Math.floor(Date.now() / 1000) + 30 };
    const fresh = { ...testSession, access_token: 'fresh', expires_at: 4_102_444_800 };
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/auth/v1/token')) return json(fresh);
      return bearer(init) === 'Bearer fresh' ? json({ ok: true }) : json({ error: 'expired' }, 401);
    });
    vi.stubGlobal('fetch', fetchMock);
    const store = createAppStore();
    store.dispatch(sessionChanged(expiring));
    const response = await createAuthorizedFetch(store)('/api/x', { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(store.getState().auth.session?.access_token).toBe('fresh');
  });

  it("throws 'User is not authenticated' without a session, and returns a 401 it cannot fix", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ error: 'revoked' }, 401));
    vi.stubGlobal('fetch', fetchMock);
    const store = createAppStore();
    await expect(createAuthorizedFetch(store)('/api/x')).rejects.toThrow('User is not authenticated');
    store.dispatch(sessionChanged(testSession));
    expect((await createAuthorizedFetch(store)('/api/x')).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
