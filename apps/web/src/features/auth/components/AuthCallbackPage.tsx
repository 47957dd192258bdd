import { PageShell, Spinner } from '@parley/web-ui';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAuth } from '../authSlice';
import { completeCallback } from '../authThunks';

/**
 * /auth/callback — the confirmation link lands here with the session in the URL fragment. With a
 * signed-in user it goes to /dashboard; on an error or without a session to /auth.
 */
export function AuthCallbackPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const { session, loading } = useAppSelector(selectAuth);
  const started = useRef(false);
  const signedIn = session !== null;

  useEffect(() => {
    if (started.current || loading) return;
    started.current = true;
    // Both redirects replace this entry, so the tokens in the fragment do not stay in history.
    if (!hash.includes('access_token') && !hash.includes('error')) {
      void navigate(signedIn ? '/dashboard' : '/auth', { replace: true });
      return;
    }
    void dispatch(completeCallback(hash))
      .unwrap()
      .then(
        () => navigate('/dashboard', { replace: true }),
        () => navigate('/auth', { replace: true }),
      );
  }, [dispatch, navigate, hash, loading, signedIn]);

  return (
    <PageShell
      className="auth-callback"
      title="Confirming your account..."
      lead="Please wait while we set up your account."
    >
      <Spinner />
    </PageShell>
  );
}
