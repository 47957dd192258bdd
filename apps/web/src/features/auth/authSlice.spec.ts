import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import { testSession } from '../../test/renderApp';
import { readStoredSession, SESSION_STORAGE_KEY } from './authSession';
import { restoreSession, selectAuth, sessionChanged, signedOut } from './authSlice';

describe('auth session', () => {
  it('is loading until the first read of the stored session finishes', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(testSession));
    const store = createAppStore();
    expect(selectAuth(store.getState())).toEqual({ session: null, loading: true, endedReason: null });
    await store.dispatch(restoreSession());
    expect(selectAuth(store.getState())).toEqual({ session: testSession, loading: false, endedReason: null });
  });

  it('finishes loading with no session when nothing is stored', async () => {
    const store = createAppStore();
    await store.dispatch(restoreSession());
    expect(selectAuth(store.getState())).toEqual({ session: null, loading: false, endedReason: null });
  });

  it('persists a new session to localStorage and removes it on sign-out', () => {
    const store = createAppStore();
    store.dispatch(sessionChanged(testSession));
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(testSession);
    store.dispatch(signedOut());
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(selectAuth(store.getState()).session).toBeNull();
  });

  it("reads a stored session in the contracts' shape, dropping fields it does not know about", () => {
    const withExtras = { ...testSession, user: { ...testSession.user, aud: 'authenticated' } };
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(withExtras));
    expect(readStoredSession()).toEqual(testSession);
  });

  it.each([
    ['not JSON', '{oops'],
    ['no access token', JSON.stringify({ ...testSession, access_token: '' })],
    ['no user', JSON.stringify({ ...testSession, user: undefined })],
  ])('treats a stored value with %s as no session and removes it', (_label, raw) => {
    localStorage.setItem(SESSION_STORAGE_KEY, raw);
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
