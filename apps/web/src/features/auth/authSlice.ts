import {
  createAsyncThunk,
  createListenerMiddleware,
  createSlice,
  type PayloadAction,
} from '@reduxjs/toolkit';
import { readStoredSession, writeStoredSession, type AuthSession } from './authSession';

export interface AuthState {
  session: AuthSession | null;
  /** True until the first read of the stored session has finished (spec section 4). */
  loading: boolean;
}

const initialState: AuthState = { session: null, loading: true };

/** The first session read at start-up. Async so that a later token refresh can happen here too. */
export const restoreSession = createAsyncThunk('auth/restoreSession', async () => readStoredSession());

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
  actionCreator: signedOut,
  effect: () => writeStoredSession(null),
});
