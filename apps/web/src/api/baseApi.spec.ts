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

  it('sends no Authorization header when signed out', async () => {
    const store = createAppStore();
    store.dispatch(sessionChanged(testSession));
    store.dispatch(signedOut());
    const request = await probe(store);
    expect(request.headers.get('Authorization')).toBeNull();
  });
});
