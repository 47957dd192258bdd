import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { createAppStore } from '../app/store';
import { writeStoredSession, type AuthSession } from '../features/auth/authSession';
import { restoreSession } from '../features/auth/authSlice';
import { routes } from '../routes';

export const testSession: AuthSession = {
  access_token: 'test-access-token',
  refresh_token: 'test-refresh-token',
  expires_at: 4_102_444_800,
  expires_in: 3600,
  token_type: 'bearer',
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ada@example.com',
    user_metadata: { full_name: 'Ada' },
  },
};

export interface RenderAppOptions {
  /** A session stored in localStorage before the app starts, as a returning visitor has. */
  storedSession?: AuthSession;
  /** Whether the start-up session read runs (false leaves the auth state loading). */
  restore?: boolean;
  /** Earlier history entries, before `entry`. */
  history?: InitialEntry[];
}

/** Renders the whole app, as main.tsx does, at one entry of an in-memory history. */
export function renderApp(
  entry: InitialEntry,
  { storedSession, restore = true, history = [] }: RenderAppOptions = {},
) {
  if (storedSession) writeStoredSession(storedSession);
  const store = createAppStore();
  if (restore) void store.dispatch(restoreSession());
  const router = createMemoryRouter(routes, { initialEntries: [...history, entry] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}
