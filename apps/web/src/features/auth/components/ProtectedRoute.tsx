import { LoadingView } from '@parley/web-ui';
import { Navigate, Outlet } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { selectAuth } from '../authSlice';

/** The spec's protected wrapper: 'Loading...' while the session loads, /auth (replacing history) without one. */
export function ProtectedRoute() {
  const { session, loading } = useAppSelector(selectAuth);
  if (loading) return <LoadingView />;
  if (!session) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
