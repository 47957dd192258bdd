import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { refreshToken } from '../features/auth/authApi';
import {
  newerStoredSession,
  selectAccessToken,
  sessionChanged,
  sessionEndReason,
  signedOut,
  type AuthState,
} from '../features/auth/authSlice';
import { httpError, NOT_AUTHENTICATED, requestFailed } from '../lib/http';

/** Cache tags the feature endpoints provide and invalidate. */
export const apiTagTypes = [
  'Profile',
  'Settings',
  'Scenario',
  'Session',
  'Progress',
  'Feedback',
  'Gamification',
  'DailyChallenge',
  'Leaderboard',
  'ExportJob',
  'ShareLink',
] as const;

/** What a failed call gives its caller: the spec's message (section 8) and the status when there was one. */
export interface ApiError {
  status?: number;
  message: string;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState }) => {
    const token = selectAccessToken(getState() as { auth: AuthState });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

type AuthApi = Parameters<BaseQueryFn>[1];

let refreshing: Promise<string | null> | null = null;

/**
 * After a 401: one refresh for all the calls that got it at once (a refresh token is used only once), or
 * the newer session another tab of this browser stored. A refused refresh token ends the session with its
 * reason, so the protected screens go to /auth, which says why; a network failure leaves the session as
 * it is.
 */
function refreshAfterUnauthorized(api: AuthApi): Promise<string | null> {
  const session = (api.getState() as { auth: AuthState }).auth.session;
  if (!session) return Promise.resolve(null);
  const newer = newerStoredSession(session);
  if (newer) {
    api.dispatch(sessionChanged(newer));
    return Promise.resolve(newer.access_token);
  }
  refreshing ??= refreshToken(session.refresh_token)
    .then(
      (fresh) => {
        api.dispatch(sessionChanged(fresh));
        return fresh.access_token;
      },
      (error: unknown) => {
        const reason = sessionEndReason(error);
        // A refusal of a token the person has since replaced (they logged in again meanwhile) ends nothing.
        const now = (api.getState() as { auth: AuthState }).auth.session;
        if (reason && (now === null || now.refresh_token === session.refresh_token))
          api.dispatch(signedOut(reason));
        return null;
      },
    )
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Every product call needs a token ('User is not authenticated'); failures carry the server's `error`. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const token = selectAccessToken(api.getState() as { auth: AuthState });
  if (!token) return { error: { message: NOT_AUTHENTICATED } };
  let result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401) {
    // An expired or revoked access token: refresh once (unless that already happened) and try again.
    const current = selectAccessToken(api.getState() as { auth: AuthState });
    const fresh = current && current !== token ? current : await refreshAfterUnauthorized(api);
    if (fresh) result = await rawBaseQuery(args, api, extra);
  }
  if (!result.error) return { data: result.data, meta: result.meta };
  const { error } = result;
  if (typeof error.status === 'number') {
    const body = error.data as { error?: unknown } | undefined;
    const message = typeof body?.error === 'string' && body.error ? body.error : requestFailed(error.status);
    return { error: { status: error.status, message } };
  }
  if (error.status === 'PARSING_ERROR') {
    return { error: { status: error.originalStatus, message: httpError(error.originalStatus) } };
  }
  return { error: { message: 'error' in error ? String(error.error) : 'Network error' } };
};

/** The message of an RTK Query error (or any thrown value). */
export function apiErrorMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message;
  return String(error);
}

/**
 * The one RTK Query API for the gateway's /api contract (spec section 7). Features add their endpoints
 * with `baseApi.injectEndpoints`; every call carries the signed-in user's bearer token.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: apiTagTypes,
  endpoints: () => ({}),
});
