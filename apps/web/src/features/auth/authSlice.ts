import {
  createAsyncThunk,
  createListenerMiddleware,
  createSlice,
  type PayloadAction,
} from '@reduxjs/toolkit';
import { refreshToken } from './authApi';
import { needsRefresh, readStoredSession, writeStoredSession, type AuthSession } from './authSession';

export interface AuthState {
  session: AuthSession | null;
  /** True until the first read of the stored session has finished (spec section 4). */
  loading: boolean;
}

const initialState: AuthState = { session: null, loading: true };

/** The first session read at start-up; a stored session about to expire is refreshed first. */
export const restoreSession = createAsyncThunk('auth/restoreSession', async () => {
  const stored = readStoredSession();
  if (!stored || !needsRefresh(stored, Date.now())) return stored;
  try {
    return await refreshToken(stored.refresh_token);
  } catch {
    return null;
  }
});

/** The auto-refresh tick: swaps the session for a fresh one when it expires within the threshold. */
export const refreshSessionIfNeeded = createAsyncThunk<AuthSession | null, void, { state: WithAuth }>(
  'auth/refreshIfNeeded',
  async (_, { getState, dispatch }) => {
    const session = getState().auth.session;
    if (!session || !needsRefresh(session, Date.now())) return null;
    try {
      const fresh = await refreshToken(session.refresh_token);
      dispatch(sessionChanged(fresh));
      return fresh;
    } catch (error) {
      // A refused refresh token ends the session; a network hiccup waits for the next tick.
      if (error instanceof Error && error.message.startsWith('Invalid Refresh Token')) dispatch(signedOut());
      else if (session.expires_at * 1000 <= Date.now()) dispatch(signedOut());
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
    },
    signedOut(state) {
      state.session = null;
      state.loading = false;
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
