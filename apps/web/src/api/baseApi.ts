import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { selectAccessToken, type AuthState } from '../features/auth/authSlice';

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
] as const;

/**
 * The one RTK Query API for the gateway's /api contract (spec section 7). Features add their endpoints
 * with `baseApi.injectEndpoints`; every call carries the signed-in user's bearer token.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api',
    prepareHeaders: (headers, { getState }) => {
      const token = selectAccessToken(getState() as { auth: AuthState });
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  }),
  tagTypes: apiTagTypes,
  endpoints: () => ({}),
});
