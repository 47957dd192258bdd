import { buttonClassName } from '@parley/web-ui';
import { Link, useNavigate } from 'react-router';
import { apiErrorMessage } from '../../../api/baseApi';
import { useRandomScenarioMutation } from '../../../api/practiceApi';
import type { ToastInput } from './Toasts';

const LINKS = [
  { to: '/session/resume', label: 'Continue Practice', icon: '▶️' },
  { to: '/library', label: 'Browse Scenarios', icon: '📚' },
  { to: '/history', label: 'Session History', icon: '🕘' },
] as const;

/** Quick actions (spec section 2); 'Surprise Me!' picks a random scenario and opens it. */
export function QuickActions({ notify }: { notify: (toast: ToastInput) => void }) {
  const [pickRandom, { isLoading }] = useRandomScenarioMutation();
  const navigate = useNavigate();

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
        {LINKS.map((link) => (
          <Link key={link.to} to={link.to} className={actionClass}>
            <span aria-hidden="true">{link.icon}</span> {link.label}
          </Link>
        ))}
      </div>
    </section>
  );
}
