import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { REFRESH_TICK_MS } from '../features/auth/authSession';
import { refreshSessionIfNeeded } from '../features/auth/authSlice';
import { useAppDispatch } from './hooks';

export const APP_NAME = 'Parley';

export interface RouteHandle {
  /** The document title of the screen. */
  title: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The root route: keeps the document title in step with the screen and restores scroll on navigation. */
export function AppLayout() {
  const matches = useMatches();
  const title = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1)?.title;

  const dispatch = useAppDispatch();
  // Auto-refresh: every tick, a session with fewer than 3 ticks left is exchanged for a fresh one.
  useEffect(() => {
    const timer = setInterval(() => void dispatch(refreshSessionIfNeeded()), REFRESH_TICK_MS);
    return () => clearInterval(timer);
  }, [dispatch]);

  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
