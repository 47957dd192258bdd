import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';

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
