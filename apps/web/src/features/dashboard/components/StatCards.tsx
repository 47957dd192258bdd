import type { GamificationSummary } from '@parley/contracts';
import { ProgressBar } from '../../gamification/components/ProgressBar';
import type { Allowance } from '../usage';

/** The four stat cards (spec section 2); level 1, streak 0 and XP 0 until the summary says otherwise. */
export function StatCards({ allowance, summary }: { allowance: Allowance; summary?: GamificationSummary }) {
  const level = summary?.level ?? 1;
  const streak = summary?.streak ?? 0;
  const xp = summary?.xp ?? 0;
  return (
    <dl className="dashboard__stats" aria-label="Your stats">
      <div className="pw-card dashboard__stat" data-testid="stat-sessions-left">
        <dt>Sessions Left</dt>
        <dd>
          <SessionsLeft allowance={allowance} />
        </dd>
      </div>
      <div className="pw-card dashboard__stat" data-testid="stat-level">
        <dt>Level</dt>
        <dd className="dashboard__stat-value">{level}</dd>
      </div>
      <div className="pw-card dashboard__stat" data-testid="stat-streak">
        <dt>Streak</dt>
        <dd className="dashboard__stat-value">
          {streak} {streak === 1 ? 'day' : 'days'}
        </dd>
      </div>
      <div className="pw-card dashboard__stat" data-testid="stat-xp">
        <dt>XP</dt>
        <dd className="dashboard__stat-value">{xp}</dd>
        <dd className="pw-muted dashboard__stat-note">Total earned</dd>
      </div>
    </dl>
  );
}

function SessionsLeft({ allowance }: { allowance: Allowance }) {
  if (allowance.plan === 'premium') return <span className="dashboard__stat-value">Unlimited</span>;
  if (allowance.plan === 'unknown')
    return (
      <span className="dashboard__stat-value">
        <span aria-hidden="true">–</span>
        <span className="pw-sr-only">Unknown</span>
      </span>
    );
  return (
    <>
      <span className="dashboard__stat-value">
        {allowance.left} / {allowance.limit}
      </span>
      <ProgressBar label="Sessions left" value={allowance.left} max={allowance.limit} />
    </>
  );
}
