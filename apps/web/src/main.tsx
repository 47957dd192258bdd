import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter } from 'react-router';
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

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
