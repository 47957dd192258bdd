import { buttonClassName } from '@parley/web-ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiErrorMessage } from '../../../api/baseApi';
import { useListSessionsQuery, useRandomScenarioMutation } from '../../../api/practiceApi';
import type { ToastInput } from './Toasts';

const CONTINUE = { to: '/session/resume', label: 'Continue Practice', icon: '▶️' } as const;
const LINKS = [
  { to: '/library', label: 'Browse Scenarios', icon: '📚' },
  { to: '/history', label: 'Session History', icon: '🕘' },
] as const;

export const QUICK_ACTION_TEXTS = {
  noSessionYet: 'You have no session to continue yet. Pick a scenario to start your first one:',
  openLibrary: 'open the library',
} as const;

/**
 * Quick actions (spec section 2); 'Surprise Me!' picks a random scenario and opens it. 'Continue Practice'
 * resumes the last session; with none yet (the session list, which the dashboard reads anyway, is empty) it
 * says so here and offers the library, instead of opening a page that only bounces back.
 */
export function QuickActions({ notify }: { notify: (toast: ToastInput) => void }) {
  const [pickRandom, { isLoading }] = useRandomScenarioMutation();
  const navigate = useNavigate();
  const sessions = useListSessionsQuery();
  const noSessionYet = sessions.isSuccess && sessions.data.length === 0;
  const [toldNone, setToldNone] = useState(false);

  const onSurprise = async () => {
    try {
      const scenario = await pickRandom().unwrap();
      await navigate(`/scenario/${encodeURIComponent(scenario.id)}`);
    } catch (error) {
      notify({ tone: 'error', title: apiErrorMessage(error) });
    }
  };

  const actionClass = buttonClassName('secondary', 'dashboard__action');
  return (
    <section className="pw-card dashboard__actions" aria-labelledby="quick-actions-heading">
      <h2 id="quick-actions-heading">Quick Actions</h2>
      <div className="dashboard__action-grid">
        <button
          type="button"
          className={buttonClassName('primary', 'dashboard__action')}
          disabled={isLoading}
          aria-busy={isLoading || undefined}
          onClick={() => void onSurprise()}
        >
          <span aria-hidden="true">🎲</span> Surprise Me!
        </button>
        {noSessionYet ? (
          <button
            type="button"
            className={actionClass}
            aria-controls="continue-practice-note"
            onClick={() => setToldNone(true)}
          >
            <span aria-hidden="true">{CONTINUE.icon}</span> {CONTINUE.label}
          </button>
        ) : (
          <Link to={CONTINUE.to} className={actionClass}>
            <span aria-hidden="true">{CONTINUE.icon}</span> {CONTINUE.label}
          </Link>
        )}
        {LINKS.map((link) => (
          <Link key={link.to} to={link.to} className={actionClass}>
            <span aria-hidden="true">{link.icon}</span> {link.label}
          </Link>
        ))}
      </div>
      <p id="continue-practice-note" className="dashboard__action-note" role="status">
        {noSessionYet && toldNone ? (
          <>
            {QUICK_ACTION_TEXTS.noSessionYet} <Link to="/library">{QUICK_ACTION_TEXTS.openLibrary}</Link>.
          </>
        ) : null}
      </p>
    </section>
  );
}
