import {
  createAsyncThunk,
  createListenerMiddleware,
  createSlice,
  type PayloadAction,
} from '@reduxjs/toolkit';
import { refreshToken } from './authApi';
import { needsRefresh, readStoredSession, writeStoredSession, type AuthSession } from './authSession';

/**
 * Why a session ended without the person signing out in this tab, for the log-in page to say: the server
 * refused its refresh token because the session was ended elsewhere (a password change, a sign-out on
 * another device or tab) or because it ran out.
 */
export type SessionEndReason = 'revoked' | 'expired';

export interface AuthState {
  session: AuthSession | null;
  /** True until the first read of the stored session has finished (spec section 4). */
  loading: boolean;
  /** Set when the server ended the session; cleared by signing in or out here. */
  endedReason: SessionEndReason | null;
}

const initialState: AuthState = { session: null, loading: true, endedReason: null };

/**
 * The server's refusal of a refresh token (GoTrue's 'Invalid Refresh Token: …'): the session is over. A
 * revoked token (a password change or a sign-out elsewhere revokes the whole session) reads 'Refresh Token
 * Not Found', a reused one 'Already Used'; both were ended elsewhere. Anything else (offline, a 5xx) is not
 * an answer about the session: null.
 */
export function sessionEndReason(error: unknown): SessionEndReason | null {
  const message = error instanceof Error ? error.message : '';
  if (!message.startsWith('Invalid Refresh Token')) return null;
  return message === 'Invalid Refresh Token: Expired' ? 'expired' : 'revoked';
}

/**
 * The session another tab of this browser stored after this tab's (tabs share the stored session): it
 * refreshed, or signed in anew, so this tab takes that one instead of spending its own refresh token, which
 * works once (and whose reuse would end the session for every tab).
 */
export function newerStoredSession(current: AuthSession): AuthSession | null {
  const stored = readStoredSession();
  return stored && stored.refresh_token !== current.refresh_token ? stored : null;
}

/** The first session read at start-up; a stored session about to expire is refreshed first. */
export const restoreSession = createAsyncThunk('auth/restoreSession', async (_, { dispatch }) => {
  const stored = readStoredSession();
  if (!stored || !needsRefresh(stored, Date.now())) return stored;
  try {
    return await refreshToken(stored.refresh_token);
  } catch (error) {
    const reason = sessionEndReason(error);
    if (reason) dispatch(signedOut(reason));
    return null;
  }
});

/** The auto-refresh tick: swaps the session for a fresh one when it expires within the threshold. */
export const refreshSessionIfNeeded = createAsyncThunk<AuthSession | null, void, { state: WithAuth }>(
  'auth/refreshIfNeeded',
  async (_, { getState, dispatch }) => {
    let session = getState().auth.session;
    if (!session) return null;
    const newer = newerStoredSession(session);
    if (newer) {
      dispatch(sessionChanged(newer));
      session = newer;
    }
    if (!needsRefresh(session, Date.now())) return newer;
    try {
      const fresh = await refreshToken(session.refresh_token);
      dispatch(sessionChanged(fresh));
      return fresh;
    } catch (error) {
      // A refused refresh token ends the session, saying why; a network hiccup waits for the next tick.
      const reason = sessionEndReason(error);
      if (reason) dispatch(signedOut(reason));
      else if (session.expires_at * 1000 <= Date.now()) dispatch(signedOut('expired'));
      return null;
    }
  },
);

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Signed in, token refreshed or user updated: the new session replaces the old one. */
    sessionChanged(state, action: PayloadAction<AuthSession>) {
      state.session = action.payload;
      state.loading = false;
      state.endedReason = null;
    },
    /** Signed out here (no reason), or the server ended the session (the reason the log-in page gives). */
    signedOut(state, action: PayloadAction<SessionEndReason | undefined>) {
      state.session = null;
      state.loading = false;
      state.endedReason = action.payload ?? null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(restoreSession.pending, (state) => {
        state.loading = true;
      })
      .addCase(restoreSession.fulfilled, (state, action) => {
        state.session = action.payload;
        state.loading = false;
      })
      .addCase(restoreSession.rejected, (state) => {
        state.session = null;
        state.loading = false;
      });
  },
});

export const { sessionChanged, signedOut } = authSlice.actions;

type WithAuth = { auth: AuthState };
export const selectAuth = (state: WithAuth): AuthState => state.auth;
export const selectSession = (state: WithAuth): AuthSession | null => state.auth.session;
export const selectAccessToken = (state: WithAuth): string | null => state.auth.session?.access_token ?? null;

/** Keeps localStorage in step with the session held in the store. */
export const authPersistence = createListenerMiddleware();
authPersistence.startListening({
  actionCreator: sessionChanged,
  effect: (action) => writeStoredSession(action.payload),
});
authPersistence.startListening({
  actionCreator: restoreSession.fulfilled,
  effect: (action) => writeStoredSession(action.payload),
});
authPersistence.startListening({
  actionCreator: signedOut,
  effect: () => writeStoredSession(null),
});
