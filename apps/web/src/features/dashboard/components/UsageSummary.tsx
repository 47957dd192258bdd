import { FREE_SESSIONS_PER_MONTH } from '@parley/contracts/constants';
import { Link } from 'react-router';
import { ProgressBar } from '../../gamification/components/ProgressBar';
import type { Allowance } from '../usage';

/** Usage Summary (spec section 2): this month's sessions against the free plan's five. */
export function UsageSummary({ allowance }: { allowance: Allowance }) {
  return (
    <section className="pw-card dashboard__usage" aria-labelledby="usage-heading">
      <h2 id="usage-heading">Usage Summary</h2>
      {allowance.plan === 'premium' ? (
        <>
          <p className="dashboard__usage-row">
            <span>Monthly Sessions</span>
            <strong data-testid="monthly-sessions">{allowance.used} / Unlimited</strong>
          </p>
          <p className="pw-muted">Premium: practice as much as you like.</p>
        </>
      ) : (
        <>
          <p className="dashboard__usage-row">
            <span>Monthly Sessions</span>
            <strong data-testid="monthly-sessions">
              {allowance.plan === 'free' ? allowance.used : '–'} / {FREE_SESSIONS_PER_MONTH}
            </strong>
          </p>
          <ProgressBar
            label="Monthly sessions used"
            value={allowance.plan === 'free' ? allowance.used : 0}
            max={FREE_SESSIONS_PER_MONTH}
          />
          <Link to="/upgrade" className="dashboard__upgrade">
            Upgrade for unlimited access
          </Link>
        </>
      )}
    </section>
  );
}
