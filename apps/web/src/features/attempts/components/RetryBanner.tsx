import { Link } from 'react-router';
import './attempts.css';

/** Above a retried conversation: where it parts from the earlier attempt, and the way to compare them. */
export function RetryBanner({
  retryOf,
  sessionId,
}: {
  retryOf: { sessionId: string; fromIndex: number };
  sessionId: string | null;
}) {
  return (
    <div className="retry-banner" role="note">
      <p>
        <span aria-hidden="true">↺ </span>
        <strong>New attempt.</strong> The conversation is as it was before the line you are retrying. Say it
        differently and see where it goes.
      </p>
      {sessionId ? (
        <Link
          className="retry-banner__link"
          to={`/session/compare/${encodeURIComponent(retryOf.sessionId)}/${encodeURIComponent(sessionId)}`}
        >
          Compare attempts
        </Link>
      ) : null}
    </div>
  );
}
