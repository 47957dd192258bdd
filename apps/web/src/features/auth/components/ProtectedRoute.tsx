import { LoadingView } from '@parley/web-ui';
import { Navigate, Outlet } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { secondFactorDue } from '../authSession';
import { selectAuth } from '../authSlice';

/**
 * The spec's protected wrapper: 'Loading...' while the session loads, /auth (replacing history) without
 * one, or while its second factor is still due (the log-in page asks for the code).
 */
export function ProtectedRoute() {
  const { session, loading } = useAppSelector(selectAuth);
  if (loading) return <LoadingView />;
  if (!session || secondFactorDue(session)) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
