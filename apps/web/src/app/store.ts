import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import { authPersistence } from '../features/auth/authSlice';
import { rootReducer } from './shellStore';

// The same reducer as the app's (shellStore.ts), with the API slice in from the start.
const reducer = rootReducer.inject(baseApi);

export type RootState = ReturnType<typeof reducer>;

/** A store with the API layer ready at once (tests); the app starts with createShellStore. */
export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(authPersistence.middleware).concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
