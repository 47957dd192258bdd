import { Button, ErrorText, LoadingView, PageShell } from '@parley/web-ui';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SiteHeader } from '../../site/SiteHeader';
import { RequestError } from '../../../lib/http';
import {
  EMAIL_SEND_RATE_LIMITED,
  readSessionFragment,
  requestPasswordReset,
  updatePassword,
} from '../authApi';
import { secondFactorDue } from '../authSession';
import { selectAuth } from '../authSlice';
import { completeCallback, homeForSignedInUser } from '../authThunks';
import { AuthField, AuthSubmit } from './AuthField';
import { SecondFactorStep } from './SecondFactorStep';
import './AuthPage.css';

/** Texts of the recovery screens (the spec has none for them). */
export const RECOVERY_TEXTS = {
  forgotLink: 'Forgot password?',
  forgotTitle: 'Reset your password',
  forgotLead: "Enter your account's email and we'll send you a link to choose a new password.",
  send: 'Send Reset Link',
  sending: 'Sending...',
  sentTitle: 'Check your email',
  sent: (email: string) =>
    `If an account exists for ${email}, we've sent it a link to reset the password. The link works once, for one hour.`,
  tooSoon: (email: string, seconds: number) =>
    `A reset link for ${email} was already requested less than a minute ago, so no new email was sent. Check your inbox and spam folder, or try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  backToLogin: 'Back to Log In',
  resetTitle: 'Choose a new password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
  save: 'Set New Password',
  saving: 'Saving...',
  mismatch: 'Passwords do not match',
  done: 'Your password has been changed. You are signed in, and every other session has been signed out.',
  continue: 'Continue',
  noLink: 'Open this page from the link in the password reset email we sent you.',
  askAgain: 'Ask for a new link',
} as const;

function messageOf(caught: unknown): string {
  return caught instanceof Error
    ? caught.message
    : String((caught as { message?: unknown })?.message ?? caught);
}

/**
 * Why a recovery e-mail was not sent: inside the address's one-a-minute window the server answers 429
 * `over_email_send_rate_limit` with Retry-After (for every address alike), and the page says so, with the
 * wait, rather than claiming a link went out.
 */
function recoveryRefusal(caught: unknown, email: string): string {
  if (
    caught instanceof RequestError &&
    caught.code === EMAIL_SEND_RATE_LIMITED &&
    caught.retryAfterSeconds !== undefined
  )
    return RECOVERY_TEXTS.tooSoon(email, Math.max(1, caught.retryAfterSeconds));
  return messageOf(caught);
}

function AuthFrame({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <PageShell className="auth" title={title} lead={lead}>
        {children}
      </PageShell>
    </>
  );
}

/**
 * /auth/forgot-password — asks for the recovery e-mail; says the same whether or not the address is known,
 * and that nothing was sent when a link was asked for less than a minute before.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (caught) {
      setError(recoveryRefusal(caught, email));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo !== null)
    return (
      <AuthFrame title={RECOVERY_TEXTS.sentTitle}>
        <div className="pw-card auth__card">
          <p>{RECOVERY_TEXTS.sent(sentTo)}</p>
          <Link to="/auth" className="auth__link auth__back">
            {RECOVERY_TEXTS.backToLogin}
          </Link>
        </div>
      </AuthFrame>
    );

  return (
    <AuthFrame title={RECOVERY_TEXTS.forgotTitle} lead={RECOVERY_TEXTS.forgotLead}>
      <form className="pw-card auth__card" onSubmit={(event) => void onSubmit(event)}>
        <AuthField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <AuthSubmit busy={busy} label={busy ? RECOVERY_TEXTS.sending : RECOVERY_TEXTS.send} error={error} />
      </form>
      <p className="auth__switch">
        <Link to="/auth" className="auth__link">
          {RECOVERY_TEXTS.backToLogin}
        </Link>
      </p>
    </AuthFrame>
  );
}

/** What the link brought: tokens being checked, a working session, nothing (opened directly), or an error. */
type LinkState =
  { kind: 'checking' } | { kind: 'ready' } | { kind: 'none' } | { kind: 'failed'; message: string };

function initialLinkState(hash: string): LinkState {
  const fragment = readSessionFragment(hash);
  if (fragment.kind === 'error') return { kind: 'failed', message: fragment.message };
  return fragment.kind === 'none' ? { kind: 'none' } : { kind: 'checking' };
}

/**
 * /auth/reset-password — the recovery link lands here with a session in the URL fragment (or why the link
 * did not work). The person chooses a new password under the sign-up rules; every other session ends.
 * Opened directly, it serves a signed-in person too.
 */
export function ResetPasswordPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { hash, pathname } = useLocation();
  const { session, loading } = useAppSelector(selectAuth);
  const [link, setLink] = useState<LinkState>(() => initialLinkState(hash));
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || loading || link.kind !== 'checking') return;
    started.current = true;
    void dispatch(completeCallback(hash))
      .unwrap()
      .then(
        () => {
          setLink({ kind: 'ready' });
          // The tokens leave the address bar and the history.
          void navigate(pathname, { replace: true });
        },
        (caught: unknown) => setLink({ kind: 'failed', message: messageOf(caught) }),
      );
  }, [dispatch, navigate, hash, pathname, loading, link.kind]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    if (password !== confirmPassword) {
      setError(RECOVERY_TEXTS.mismatch);
      return;
    }
    if (!session) return;
    setBusy(true);
    try {
      await updatePassword(session.access_token, password);
      setDone(true);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const onContinue = async () => {
    if (!session) return;
    const home = await dispatch(homeForSignedInUser(session.user.id)).unwrap();
    await navigate(home, { replace: true });
  };

  if (link.kind === 'checking' || (link.kind === 'none' && loading)) return <LoadingView />;
  const failure =
    link.kind === 'failed' ? link.message : link.kind === 'none' && !session ? RECOVERY_TEXTS.noLink : null;
  if (failure !== null)
    return (
      <AuthFrame title={RECOVERY_TEXTS.resetTitle}>
        <div className="pw-card auth__card">
          <ErrorText>{failure}</ErrorText>
          <Link to="/auth/forgot-password" className="auth__link auth__back">
            {RECOVERY_TEXTS.askAgain}
          </Link>
        </div>
      </AuthFrame>
    );
  if (done)
    return (
      <AuthFrame title={RECOVERY_TEXTS.resetTitle}>
        <div className="pw-card auth__card">
          <p role="status">{RECOVERY_TEXTS.done}</p>
          <Button onClick={() => void onContinue()}>{RECOVERY_TEXTS.continue}</Button>
        </div>
      </AuthFrame>
    );

  // An account with a second factor: the code first, then the new password (ADR 0035).
  if (session && secondFactorDue(session)) return <SecondFactorStep />;

  return (
    <AuthFrame title={RECOVERY_TEXTS.resetTitle}>
      <form className="pw-card auth__card" onSubmit={(event) => void onSubmit(event)}>
        <AuthField
          label={RECOVERY_TEXTS.newPassword}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <AuthField
          label={RECOVERY_TEXTS.confirmPassword}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={setConfirmPassword}
        />
        <AuthSubmit busy={busy} label={busy ? RECOVERY_TEXTS.saving : RECOVERY_TEXTS.save} error={error} />
      </form>
    </AuthFrame>
  );
}
