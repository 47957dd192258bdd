import { NOT_AUTHENTICATED } from '../../lib/http';
import { refreshSessionIfNeeded, selectAccessToken, type AuthState } from '../auth/authSlice';

/** A fetch for the gateway's /api that carries the signed-in user's bearer token. */
export type AuthorizedFetch = (url: string, init?: RequestInit) => Promise<Response>;

interface AuthStore {
  getState(): { auth: AuthState };
  dispatch(action: ReturnType<typeof refreshSessionIfNeeded>): unknown;
}

function withToken(headers: HeadersInit | undefined, token: string): Headers {
  const merged = new Headers(headers);
  merged.set('Authorization', `Bearer ${token}`);
  return merged;
}

/**
 * Calls that RTK Query cannot make (streamed answers, files, multipart uploads) go through this. The
 * token is read from the store at call time, so a refreshed one is used; a 401 gets one more try after
 * the auth slice has refreshed a token that is about to expire. Without a token it throws the spec's
 * 'User is not authenticated'.
 */
export function createAuthorizedFetch(store: AuthStore): AuthorizedFetch {
  return async (url, init = {}) => {
    const token = selectAccessToken(store.getState());
    if (!token) throw new Error(NOT_AUTHENTICATED);
    const response = await fetch(url, { ...init, headers: withToken(init.headers, token) });
    if (response.status !== 401 || init.signal?.aborted) return response;
    await store.dispatch(refreshSessionIfNeeded());
    const fresh = selectAccessToken(store.getState());
    if (!fresh || fresh === token) return response;
    return fetch(url, { ...init, headers: withToken(init.headers, fresh) });
  };
}
