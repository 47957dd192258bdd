import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../app/store';
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
});
