import { createAsyncThunk } from '@reduxjs/toolkit';
import type { AuthSession } from '@parley/contracts';
import { baseApi } from '../../api/baseApi';
import { profileApi } from '../profile/profileApi';
import * as authApi from './authApi';
import { verifiedFactorOf } from './authSession';
import { verifyCode } from './mfaApi';
import { sessionChanged, signedOut, type AuthState } from './authSlice';

type State = { auth: AuthState };

/** Password sign-in; rejects with the server's message. */
export const signIn = createAsyncThunk<AuthSession, { email: string; password: string }>(
  'auth/signIn',
  async ({ email, password }, { dispatch }) => {
    const session = await authApi.signInWithPassword(email, password);
    dispatch(sessionChanged(session));
    return session;
  },
);

/**
 * The second step of signing in (ADR 0035): a code from the authenticator app, or a recovery code, for
 * the account's verified factor; the aal2 session replaces the aal1 one.
 */
export const verifySecondFactor = createAsyncThunk<AuthSession, string, { state: State }>(
  'auth/verifySecondFactor',
  async (code, { dispatch, getState }) => {
    const session = getState().auth.session;
    const factor = session ? verifiedFactorOf(session.user) : null;
    if (!session || !factor) throw new Error('User is not authenticated');
    const raised = await verifyCode(session.access_token, factor.id, code);
    dispatch(sessionChanged(raised));
    return raised;
  },
);

/** Ends the session on the server (best effort) and here, and forgets every cached answer. */
export const signOut = createAsyncThunk<void, void, { state: State }>(
  'auth/signOut',
  async (_, { dispatch, getState }) => {
    const token = getState().auth.session?.access_token;
    dispatch(signedOut());
    dispatch(baseApi.util.resetApiState());
    if (token) {
      try {
        await authApi.signOut(token);
      } catch {
        // Signed out locally either way.
      }
    }
  },
);

/** /auth/callback: turns the confirmation link's URL fragment into a stored session. */
export const completeCallback = createAsyncThunk<AuthSession, string>(
  'auth/callback',
  async (hash, { dispatch }) => {
    const result = authApi.readSessionFragment(hash);
    if (result.kind === 'error') throw new Error(result.message);
    if (result.kind === 'none') throw new Error('No session');
    const user = await authApi.getUser(result.access_token);
    const session: AuthSession = {
      access_token: result.access_token,
      refresh_token: result.refresh_token,
      expires_at: result.expires_at,
      expires_in: result.expires_in,
      token_type: 'bearer',
      user,
    };
    dispatch(sessionChanged(session));
    return session;
  },
);

/** Where a signed-in user goes (spec section 2): /dashboard with at least one goal, else /onboarding. */
export const homeForSignedInUser = createAsyncThunk<'/dashboard' | '/onboarding', string>(
  'auth/home',
  async (userId, { dispatch }) => {
    const query = dispatch(profileApi.endpoints.getProfile.initiate(userId, { forceRefetch: true }));
    try {
      const profile = await query.unwrap();
      return profile.communication_goals.length > 0 ? '/dashboard' : '/onboarding';
    } catch {
      // 'Onboarding check failure is treated as not onboarded.'
      return '/onboarding';
    } finally {
      query.unsubscribe();
    }
  },
);
