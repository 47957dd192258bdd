import { Button, LoadingView, PageShell } from '@parley/web-ui';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { reloadPage } from '../../../lib/browser';
import { SiteHeader } from '../../site/SiteHeader';
import { signUp } from '../authApi';
import { secondFactorDue } from '../authSession';
import { selectAuth, type SessionEndReason } from '../authSlice';
import { homeForSignedInUser, signIn } from '../authThunks';
import { AuthField, AuthSubmit } from './AuthField';
import { SecondFactorStep } from './SecondFactorStep';
import './AuthPage.css';

type Mode = 'login' | 'register';

/**
 * Why the log-in page was reached without signing out in this tab (the spec has no words for it): the
 * server refused the session's refresh token.
 */
export const SESSION_ENDED_TEXTS: Record<SessionEndReason, string> = {
  revoked:
    'You have been signed out because your password was changed or you signed out on another device or tab. Please log in again.',
  expired: 'Your session has expired. Please log in again.',
};

/** /auth — log in (default mode) and register (spec section 2). */
export function AuthPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { session, loading, endedReason } = useAppSelector(selectAuth);
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const codeDue = session ? secondFactorDue(session) : false;
  const userId = codeDue ? undefined : session?.user.id;

  // Signed in (now or already): onboarding when the profile has no goal yet, else the dashboard.
  useEffect(() => {
    if (loading || !userId) return undefined;
    let active = true;
    void dispatch(homeForSignedInUser(userId))
      .unwrap()
      .then((home) => {
        if (active) void navigate(home, { replace: true });
      });
    return () => {
      active = false;
    };
  }, [dispatch, navigate, loading, userId]);

  if (loading || userId) return <LoadingView />;
  // The password was right and the account has a second factor: the code comes next (ADR 0035).
  if (codeDue) return <SecondFactorStep />;

  const switchMode = (next: Mode) => {
    setMode(next);
    setError('');
    setPassword('');
    setConfirmPassword('');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    if (mode === 'register' && password !== confirmPassword) {
      setError('Passwords do not match');
      return;
    }
    setBusy(true);
    try {
      if (mode === 'login') {
        await dispatch(signIn({ email, password })).unwrap();
      } else {
        await signUp(email, password);
        setSentTo(email);
      }
    } catch (caught) {
      setError(
        caught instanceof Error
          ? caught.message
          : String((caught as { message?: unknown })?.message ?? caught),
      );
    } finally {
      setBusy(false);
    }
  };

  if (sentTo !== null) {
    return (
      <>
        <SiteHeader />
        <PageShell className="auth" title="Check your email">
          <div className="pw-card auth__card">
            <p>
              We&apos;ve sent a confirmation link to <strong>{sentTo}</strong>.
            </p>
            <p>Please confirm your email to activate your account.</p>
            <Button onClick={reloadPage}>Go to Login</Button>
          </div>
        </PageShell>
      </>
    );
  }

  const isLogin = mode === 'login';
  const submitLabel = isLogin
    ? busy
      ? 'Logging in...'
      : 'Log In'
    : busy
      ? 'Registering...'
      : 'Create Account';

  return (
    <>
      <SiteHeader />
      <PageShell className="auth" title={isLogin ? 'Log In' : 'Register'}>
        {isLogin && endedReason ? (
          <p className="pw-card auth__notice" role="status">
            {SESSION_ENDED_TEXTS[endedReason]}
          </p>
        ) : null}
        <form className="pw-card auth__card" onSubmit={(event) => void onSubmit(event)} noValidate={false}>
          <AuthField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
          />
          <AuthField
            label="Password"
            name="password"
            type="password"
            autoComplete={isLogin ? 'current-password' : 'new-password'}
            value={password}
            onChange={setPassword}
          />
          {isLogin ? (
            <Link to="/auth/forgot-password" className="auth__link auth__forgot">
              Forgot password?
            </Link>
          ) : (
            <AuthField
              label="Confirm Password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={setConfirmPassword}
            />
          )}
          <AuthSubmit busy={busy} label={submitLabel} error={error} />
        </form>
        <p className="auth__switch">
          {isLogin ? "Don't have an account?" : 'Already have an account?'}{' '}
          <button
            type="button"
            className="auth__link"
            onClick={() => switchMode(isLogin ? 'register' : 'login')}
          >
            {isLogin ? 'Register' : 'Log in'}
          </button>
        </p>
      </PageShell>
    </>
  );
}
