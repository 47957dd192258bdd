import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type ThunkAction,
  type UnknownAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { baseApi } from '../api/baseApi';
import { authPersistence, authSlice } from '../features/auth/authSlice';

/** The session slice always; the API cache (RTK Query's slice) once it is injected. */
export const rootReducer = combineSlices(authSlice).withLazyLoadedSlices<WithSlice<typeof baseApi>>();

/** The action that initialises the API slice right after it joins the store. */
export const API_LAYER_LOADED = 'app/apiLayerLoaded';

let installRunning: (() => Promise<void>) | undefined;

/**
 * Resolves once the running app's store has the API layer (at once where the store was created with it,
 * as createAppStore's is). A screen that calls the API is loaded together with it (routes.tsx `page`).
 */
export function apiLayerReady(): Promise<void> {
  return installRunning ? installRunning() : Promise.resolve();
}

/**
 * The store main.tsx starts with: the session only, so the first screen (the landing page) renders
 * without RTK Query, its API definitions or any feature's endpoints. The API layer (reducer, middleware,
 * refetch-on-focus listeners) is loaded and added the first time a screen that needs it is loaded.
 */
export function createShellStore() {
  const dynamic = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(authPersistence.middleware).concat(dynamic.middleware),
  });
  let installed: Promise<void> | undefined;
  const installApi = (): Promise<void> =>
    (installed ??= import('./apiLayer').then(({ baseApi, setupListeners }) => {
      rootReducer.inject(baseApi);
      dynamic.addMiddleware(baseApi.middleware);
      store.dispatch({ type: API_LAYER_LOADED });
      setupListeners(store.dispatch);
    }));
  installRunning = installApi;
  runningStore = store;
  return store;
}

type ShellStore = ReturnType<typeof createShellStore>;
let runningStore: ShellStore | undefined;

/** What a screen asks for before its own code has arrived: given the store's state, the requests to start. */
export type Prefetch = (
  state: ReturnType<ShellStore['getState']>,
) => Promise<Array<ThunkAction<void, unknown, unknown, UnknownAction>>>;

/**
 * Starts a signed-in screen's first requests as soon as the API layer is in, in parallel with the screen's own code
 * (routes.tsx `page`), instead of after it: RTK Query's prefetch, so the screen's own queries find them
 * in flight or answered. Nothing happens without a running store (tests render screens with their own).
 */
export async function prefetchWithApi(prefetch: Prefetch): Promise<void> {
  const store = runningStore;
  if (!store) return;
  await apiLayerReady();
  const state = store.getState();
  // Only for a session already restored: a token being refreshed is the screen's own queries' to wait on.
  if (!state.auth.session || state.auth.loading) return;
  for (const action of await prefetch(state)) store.dispatch(action);
}
