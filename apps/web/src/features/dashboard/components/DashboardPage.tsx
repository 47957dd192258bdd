import { Button, buttonClassName, LoadingView } from '@parley/web-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiErrorMessage } from '../../../api/baseApi';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectSession } from '../../auth/authSlice';
import { GamificationPanel } from '../../gamification/components/GamificationPanel';
import { useGamificationSummaryQuery } from '../../gamification/gamificationApi';
import { useGetProfileQuery } from '../../profile/profileApi';
import { ProgressView } from '../../progress/components/ProgressView';
import { greetingLine } from '../greeting';
import { allowanceOf, mustUpgrade } from '../usage';
import { QuickActions } from './QuickActions';
import { RecommendedForYou } from './RecommendedForYou';
import { ScenarioOfTheDay } from './ScenarioOfTheDay';
import { StatCards } from './StatCards';
import { ToastRegion, useToasts } from './Toasts';
import { UsageSummary } from './UsageSummary';
import './DashboardPage.css';

/** How often the greeting and the date are brought up to date while the page stays open. */
const CLOCK_TICK_MS = 60_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** /dashboard — greeting, stats, scenario of the day, quick actions, usage, gamification and progress. */
export function DashboardPage() {
  const session = useAppSelector(selectSession);
  // The protected wrapper renders this page only with a session.
  const userId = session?.user.id ?? '';
  const profile = useGetProfileQuery(userId, { skip: !userId });
  const summary = useGamificationSummaryQuery();
  const { toasts, notify, dismiss } = useToasts();
  const now = useNow();
  const headingId = useId();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  // Sign Out lands on / (spec section 2). The session ends once the dashboard has left the screen: ended
  // while it is still shown (a router navigation is a transition, committed later), the protected wrapper
  // around it would send the learner to /auth first.
  const signOutOnLeave = useRef(false);
  useEffect(
    () => () => {
      // Loaded on use, as the site header does: signing out is rare and stays out of the first load.
      if (signOutOnLeave.current)
        void import('../../auth/authThunks').then(({ signOut }) => dispatch(signOut()));
    },
    [dispatch],
  );

  // 'Dashboard load: ... error shows a toast with the message' (spec section 4) — once per failure.
  // A retry failing the same way does not toast again until a load has succeeded in between.
  const loadError = profile.isError ? apiErrorMessage(profile.error) : null;
  const loaded = profile.isSuccess;
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (loaded) toasted.current = null;
    else if (loadError !== null && toasted.current !== loadError) {
      toasted.current = loadError;
      notify({ tone: 'error', title: loadError });
    }
  }, [loaded, loadError, notify]);

  if (profile.isLoading) return <LoadingView />;

  const allowance = allowanceOf(profile.data);
  const fullName = profile.data?.full_name ?? session?.user.user_metadata.full_name;

  const onSignOut = () => {
    signOutOnLeave.current = true;
    void navigate('/', { replace: true });
  };

  return (
    <main className="pw-page dashboard" aria-labelledby={headingId}>
      <header className="dashboard__header">
        <div>
          <h1 id={headingId} className="dashboard__eyebrow">
            Dashboard
          </h1>
          <p className="dashboard__greeting" data-testid="greeting">
            {greetingLine(now, fullName)}
          </p>
        </div>
        <nav className="dashboard__account" aria-label="Account">
          <Link to="/settings" className={buttonClassName('secondary')}>
            <span aria-hidden="true">⚙️</span> Settings
          </Link>
          <Button variant="secondary" onClick={onSignOut}>
            Sign Out
          </Button>
        </nav>
      </header>

      <StatCards allowance={allowance} summary={summary.data ?? undefined} />

      <div className="dashboard__columns">
        <ScenarioOfTheDay today={now} upgrade={mustUpgrade(allowance)} />
        <div className="dashboard__side">
          <QuickActions notify={notify} />
          <UsageSummary allowance={allowance} />
        </div>
      </div>

      <RecommendedForYou free={allowance.plan === 'free'} />

      {userId ? (
        <>
          <GamificationPanel userId={userId} notify={notify} />
          <div className="dashboard__progress">
            <ProgressView userId={userId} />
          </div>
        </>
      ) : null}

      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </main>
  );
}
