import type { PracticeSessionSummary } from '@parley/contracts';
import { Button, buttonClassName, ErrorText, LoadingView, PageShell } from '@parley/web-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDeleteSessionMutation, useListSessionsQuery } from '../../../api/practiceApi';
import { useAppSelector } from '../../../app/hooks';
import { confirmUser, reloadPage } from '../../../lib/browser';
import { selectAuth } from '../../auth/authSlice';
import { SessionExportButton } from '../../export/components/SessionExportButton';
import { longDate } from './presentation';
import { SignInPrompt } from './SignInPrompt';
import './sessions.css';

export const DELETE_PROMPT = 'Are you sure you want to delete this session?';
export const DELETE_FAILED = 'Failed to delete session';

/** '1 Session', '3 Sessions'. */
export function sessionCount(n: number): string {
  return `${n} ${n === 1 ? 'Session' : 'Sessions'}`;
}

function SessionRow({
  session,
  deleting,
  onDelete,
}: {
  session: PracticeSessionSummary;
  deleting: boolean;
  onDelete: (id: string) => void;
}) {
  const shortId = session.id.slice(0, 8);
  const titleId = `session-${session.id}`;
  return (
    <li className="pw-card sessions__row">
      <div className="sessions__row-main">
        <h2 id={titleId} className="sessions__row-title">
          {session.scenario_title ?? session.scenario_id}
        </h2>
        <p className="sessions__row-meta">
          <span id={`${titleId}-id`}>
            Session <span className="sessions__id">{shortId}</span>
          </span>
          <span>
            Scenario <span className="sessions__id">{session.scenario_id}</span>
          </span>
          <time dateTime={session.created_at}>{longDate(session.created_at)}</time>
          <span className={`sessions__status sessions__status--${session.status}`}>
            {session.status === 'completed' ? 'Completed' : 'Active'}
          </span>
        </p>
        {session.parent_session_id ? (
          <p className="sessions__row-attempt" data-testid="attempt-of">
            Retry of{' '}
            <Link to={`/session/view/${encodeURIComponent(session.parent_session_id)}`}>
              session <span className="sessions__id">{session.parent_session_id.slice(0, 8)}</span>
            </Link>{' '}
            ·{' '}
            <Link
              to={`/session/compare/${encodeURIComponent(session.parent_session_id)}/${encodeURIComponent(session.id)}`}
            >
              Compare attempts
            </Link>
          </p>
        ) : null}
      </div>
      <div className="sessions__row-buttons">
        <Link
          to={`/session/view/${session.id}`}
          className={buttonClassName('secondary')}
          aria-describedby={`${titleId} ${titleId}-id`}
        >
          View
        </Link>
        {session.message_count > 0 ? (
          <SessionExportButton sessionId={session.id} describedBy={`${titleId} ${titleId}-id`} />
        ) : null}
        <Button
          variant="secondary"
          className="sessions__delete"
          aria-describedby={`${titleId} ${titleId}-id`}
          disabled={deleting}
          onClick={() => onDelete(session.id)}
        >
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </li>
  );
}

function HistoryList() {
  const { data: sessions, isLoading, isError } = useListSessionsQuery();
  const [deleteSession] = useDeleteSessionMutation();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  async function onDelete(id: string) {
    if (!confirmUser(DELETE_PROMPT)) return;
    setDeleting(id);
    setError(null);
    setNotice('');
    try {
      await deleteSession(id).unwrap();
      setNotice('Session deleted.');
    } catch {
      setError(DELETE_FAILED);
    } finally {
      setDeleting(null);
    }
  }

  if (isLoading) return <LoadingView label="Loading sessions..." />;
  if (isError || !sessions)
    return (
      <section className="pw-card sessions__problem" role="alert" aria-labelledby="sessions-problem">
        <h2 id="sessions-problem">Something went wrong</h2>
        <p className="pw-muted">Failed to load sessions</p>
        <Button onClick={reloadPage}>Try Again</Button>
      </section>
    );

  return (
    <>
      <p className="pw-sr-only" role="status" aria-live="polite">
        {notice}
      </p>
      <ErrorText>{error}</ErrorText>
      {sessions.length === 0 ? (
        <section className="pw-card sessions__empty" aria-labelledby="sessions-empty">
          <h2 id="sessions-empty">No sessions yet</h2>
          <Link to="/dashboard" className={buttonClassName('primary')}>
            Start Your First Session
          </Link>
        </section>
      ) : (
        <>
          <p className="sessions__count">{sessionCount(sessions.length)}</p>
          <ul className="sessions__list" aria-label="Sessions">
            {sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                deleting={deleting === session.id}
                onDelete={(id) => void onDelete(id)}
              />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** /session/history and /history: the signed-in user's sessions, newest first, with View and Delete. */
export function SessionHistoryPage() {
  const { session, loading } = useAppSelector(selectAuth);
  return (
    <PageShell title="Session History" className="sessions">
      <div className="sessions__actions">
        <Link to="/dashboard" className={buttonClassName('secondary')}>
          Back to Dashboard
        </Link>
      </div>
      {loading ? <LoadingView /> : session ? <HistoryList /> : <SignInPrompt what="your session history" />}
    </PageShell>
  );
}
