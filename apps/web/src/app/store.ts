import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import { authPersistence, authSlice } from '../features/auth/authSlice';

const rootReducer = combineSlices(authSlice, baseApi);

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(authPersistence.middleware).concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
