import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseApi } from '../api/baseApi';
import type { AuthSession } from '../features/auth/authSession';
import { sessionChanged } from '../features/auth/authSlice';
import { apiLayerReady, createShellStore } from './shellStore';

// Not test/renderApp's: it imports store.ts, whose full store puts the API slice in from the start.
const testSession: AuthSession = {
  access_token: 'test-access-token',
  refresh_token: 'test-refresh-token',
  expires_at: 4_102_444_800,
  expires_in: 3600,
  token_type: 'bearer',
  user: { id: '00000000-0000-4000-8000-000000000001', email: 'ada@example.com', user_metadata: {} },
};

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    shellProbe: build.query<{ ok: boolean }, void>({ query: () => '/user/sessions' }),
  }),
});

describe('the store the app starts with', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('holds the session only until a screen that calls the API asks for the API layer', async () => {
    const store = createShellStore();
    expect(Object.keys(store.getState())).toEqual(['auth']);
    store.dispatch(sessionChanged(testSession));
    expect(store.getState().auth.session?.access_token).toBe('test-access-token');

    await apiLayerReady();
    expect(Object.keys(store.getState()).sort()).toEqual(['api', 'auth']);
    // Once: a second screen finds it in place.
    const before = store.getState().api;
    await apiLayerReady();
    expect(store.getState().api).toBe(before);
  });

  it('answers API calls once the layer is in, with the signed-in user’s token', async () => {
    const store = createShellStore();
    store.dispatch(sessionChanged(testSession));
    await apiLayerReady();
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ ok: true }), { headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = await store.dispatch(probeApi.endpoints.shellProbe.initiate());
    expect(result.data).toEqual({ ok: true });
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/user/sessions');
    expect(request.headers.get('Authorization')).toBe('Bearer test-access-token');
    expect(store.getState().api?.queries['shellProbe(undefined)']?.status).toBe('fulfilled');
  });
});
