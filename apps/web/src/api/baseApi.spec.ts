import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../app/store';
import { writeStoredSession } from '../features/auth/authSession';
import { sessionChanged, signedOut } from '../features/auth/authSlice';
import { testSession } from '../test/renderApp';
import { baseApi } from './baseApi';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ ok: boolean }, void>({ query: () => '/user/sessions' }),
  }),
});

function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify({ ok: true }), { headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function probe(store: ReturnType<typeof createAppStore>): Promise<Request> {
  const fetchMock = stubFetch();
  const result = await store.dispatch(probeApi.endpoints.probe.initiate(undefined, { forceRefetch: true }));
  expect(result.data).toEqual({ ok: true });
  expect(fetchMock).toHaveBeenCalledTimes(1);
  return fetchMock.mock.calls[0]![0] as Request;
}

describe('baseApi', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("attaches the signed-in user's access token as a bearer token to /api calls", async () => {
    const store = createAppStore();
    store.dispatch(sessionChanged(testSession));
    const request = await probe(store);
    expect(new URL(request.url).pathname).toBe('/api/user/sessions');
    expect(request.headers.get('Authorization')).toBe('Bearer test-access-token');
  });

  it("makes no call without a token and fails with 'User is not authenticated'", async () => {
    const store = createAppStore();
    store.dispatch(sessionChanged(testSession));
    store.dispatch(signedOut());
    const fetchMock = stubFetch();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate(undefined, { forceRefetch: true }));
    expect(result.error).toEqual({ message: 'User is not authenticated' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [
      400,
      JSON.stringify({ error: 'goals: must name at least one goal' }),
      'goals: must name at least one goal',
    ],
    [500, JSON.stringify({ nope: true }), 'Request failed with status 500'],
    [502, '<html>bad gateway</html>', 'HTTP error! status: 502'],
  ])('a %i answer fails with the spec message', async (status, body, message) => {
    const store = createAppStore();
    store.dispatch(sessionChanged(testSession));
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const result = await store.dispatch(probeApi.endpoints.probe.initiate(undefined, { forceRefetch: true }));
    expect(result.error).toEqual({ status, message });
  });

  describe('after a 401', () => {
    const fresh = {
      ...testSession,
      access_token: 'fresh-access-token',
      refresh_token: 'fresh-refresh-token',
    };
    const jsonResponse = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    const urlOf = (input: Parameters<typeof fetch>[0]) =>
      new URL(input instanceof Request ? input.url : String(input), 'http://localhost');

    function stubServer(refresh: () => Response) {
      const fetchMock = vi.fn<typeof fetch>(async (input) => {
        const url = urlOf(input);
        if (url.pathname === '/auth/v1/token') return refresh();
        const auth = input instanceof Request ? input.headers.get('Authorization') : null;
        return auth === 'Bearer fresh-access-token'
          ? jsonResponse({ ok: true })
          : jsonResponse({ error: 'Invalid or expired token' }, 401);
      });
      vi.stubGlobal('fetch', fetchMock);
      return fetchMock;
    }

    it('refreshes the session once and repeats the call with the fresh token', async () => {
      const store = createAppStore();
      store.dispatch(sessionChanged(testSession));
      const fetchMock = stubServer(() => jsonResponse(fresh));
      const result = await store.dispatch(
        probeApi.endpoints.probe.initiate(undefined, { forceRefetch: true }),
      );
      expect(result.data).toEqual({ ok: true });
      expect(store.getState().auth.session?.access_token).toBe('fresh-access-token');
      const refreshCalls = fetchMock.mock.calls.filter(
        ([input]) => urlOf(input).pathname === '/auth/v1/token',
      );
      expect(refreshCalls).toHaveLength(1);
    });

    it('signs out when the refresh token is refused', async () => {
      const store = createAppStore();
      store.dispatch(sessionChanged(testSession));
      stubServer(() => jsonResponse({ error: 'Invalid Refresh Token: Refresh Token Not Found' }, 400));
      const result = await store.dispatch(
        probeApi.endpoints.probe.initiate(undefined, { forceRefetch: true }),
      );
      expect(result.error).toEqual({ status: 401, message: 'Invalid or expired token' });
      expect(store.getState().auth.session).toBeNull();
      expect(store.getState().auth.endedReason).toBe('revoked');
    });

    it('takes the newer session another tab stored rather than refreshing', async () => {
      const store = createAppStore();
      store.dispatch(sessionChanged(testSession));
      writeStoredSession(fresh);
      const fetchMock = stubServer(() => jsonResponse({ error: 'unexpected refresh' }, 500));
      const result = await store.dispatch(
        probeApi.endpoints.probe.initiate(undefined, { forceRefetch: true }),
      );
      expect(result.data).toEqual({ ok: true });
      expect(store.getState().auth.session?.access_token).toBe('fresh-access-token');
      expect(fetchMock.mock.calls.some(([input]) => urlOf(input).pathname === '/auth/v1/token')).toBe(false);
    });

    it('keeps the session when the refresh cannot reach the server', async () => {
      const store = createAppStore();
      store.dispatch(sessionChanged(testSession));
      stubServer(() => {
        throw new TypeError('Failed to fetch');
      });
      const result = await store.dispatch(
        probeApi.endpoints.probe.initiate(undefined, { forceRefetch: true }),
      );
      expect(result.error).toEqual({ status: 401, message: 'Invalid or expired token' });
      expect(store.getState().auth.session?.access_token).toBe('test-access-token');
    });
  });
});
