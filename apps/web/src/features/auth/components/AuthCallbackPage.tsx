import { PageShell, Spinner } from '@parley/web-ui';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAuth } from '../authSlice';
import { completeCallback, homeForSignedInUser } from '../authThunks';

/**
 * /auth/callback — the confirmation link lands here with the session in the URL fragment. A signed-in
 * user goes where a login sends them (spec section 2): /dashboard with at least one communication goal,
 * else /onboarding — so a brand-new account starts with onboarding. On an error or without a session
 * it goes to /auth.
 */
export function AuthCallbackPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const { session, loading } = useAppSelector(selectAuth);
  const started = useRef(false);
  const signedInUserId = session?.user.id ?? null;

  useEffect(() => {
    if (started.current || loading) return;
    started.current = true;
    // Every redirect replaces this entry, so the tokens in the fragment do not stay in history.
    const goHome = async (userId: string) => {
      const home = await dispatch(homeForSignedInUser(userId)).unwrap();
      await navigate(home, { replace: true });
    };
    if (!hash.includes('access_token') && !hash.includes('error')) {
      void (signedInUserId ? goHome(signedInUserId) : navigate('/auth', { replace: true }));
      return;
    }
    void dispatch(completeCallback(hash))
      .unwrap()
      .then(
        (signedIn) => goHome(signedIn.user.id),
        () => navigate('/auth', { replace: true }),
      );
  }, [dispatch, navigate, hash, loading, signedInUserId]);

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
