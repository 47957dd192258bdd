import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createShellStore } from './app/shellStore';
import { restoreSession } from './features/auth/authSlice';
import { restoreDisplayPreferences } from './features/settings/displayPreferences';
import { installStaleBuildRecovery } from './lib/staleBuild';
import { routes } from './routes';

// A chunk of this build gone after a deploy: reload once for the new build (lib/staleBuild.ts).
installStaleBuildRecovery();
restoreDisplayPreferences();
// The API layer joins the store with the first screen that calls the API (routes.tsx `page`).
const store = createShellStore();
void store.dispatch(restoreSession());

const router = createBrowserRouter(routes);

// The screen opened, and its first requests, start loading now rather than once the app has rendered the
// way to it (routes.tsx `page`): a signed-in visit to /library fetches the catalogue beside its code.
for (const match of matchRoutes(routes, window.location) ?? []) {
  const screen = (match.route.element as { type?: { preload?: () => void } } | undefined)?.type;
  screen?.preload?.();
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
