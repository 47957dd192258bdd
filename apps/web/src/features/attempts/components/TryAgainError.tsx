import { buttonClassName } from '@parley/web-ui';
import { Link } from 'react-router';

/** Why a retry could not start; the free plan's month leads to Premium. */
export function TryAgainError({ error }: { error: { message: string; upgrade: boolean } | null }) {
  if (!error) return null;
  return (
    <div className="pw-card try-again-error" role="alert">
      <p className="pw-error">{error.message}</p>
      {error.upgrade ? (
        <Link to="/upgrade" className={buttonClassName('primary')}>
          Upgrade to Premium
        </Link>
      ) : null}
    </div>
  );
}
