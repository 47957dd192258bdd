import type { Attempt } from '@parley/contracts';
import { ErrorText, LoadingView } from '@parley/web-ui';
import { useCallback } from 'react';
import { Link } from 'react-router';
import type { ChartTheme } from '../../progress/chartTheme';
import { LazyChart } from '../../progress/components/LazyChart';
import { attemptsChartOptions } from '../attemptsChart';
import { useListAttemptsQuery } from '../attemptsApi';
import './attempts.css';

const scoreLine = (a: Attempt) =>
  a.scores
    ? `Clarity ${a.scores.clarity} · Empathy ${a.scores.empathy} · Persuasion ${a.scores.persuasion}`
    : a.status === 'active'
      ? 'Still open'
      : 'No scores';

/** Every attempt of this conversation (shown once there is a retry), each with its scores. */
export function AttemptsList({ sessionId }: { sessionId: string }) {
  const { data, isLoading, isError } = useListAttemptsQuery(sessionId);
  const build = useCallback((theme: ChartTheme) => attemptsChartOptions(data ?? [], theme), [data]);
  if (isLoading) return <LoadingView label="Loading attempts..." />;
  if (isError || !data) return <ErrorText>Failed to load attempts</ErrorText>;
  if (data.length < 2) return null;
  return (
    <section className="pw-card replay__section attempts" aria-labelledby="replay-attempts">
      <h2 id="replay-attempts">Attempts</h2>
      <ol className="attempts__list">
        {data.map((attempt, i) => (
          <li
            key={attempt.id}
            className="attempts__item"
            aria-current={attempt.id === sessionId || undefined}
          >
            <div>
              <p className="attempts__name">
                Attempt {i + 1}
                {attempt.id === sessionId ? ' (this one)' : ''}
                {attempt.parent_session_id === null ? ' — first try' : ''}
              </p>
              <p className="pw-muted attempts__scores">{scoreLine(attempt)}</p>
            </div>
            <div className="attempts__links">
              {attempt.id === sessionId ? null : (
                <>
                  <Link to={`/session/view/${encodeURIComponent(attempt.id)}`}>View</Link>
                  <Link
                    to={`/session/compare/${encodeURIComponent(sessionId)}/${encodeURIComponent(attempt.id)}`}
                    aria-label={`Compare with attempt ${i + 1}`}
                  >
                    Compare
                  </Link>
                </>
              )}
            </div>
          </li>
        ))}
      </ol>
      {data.filter((a) => a.scores).length >= 2 ? (
        <LazyChart build={build} label="Scores of each attempt" height={240} />
      ) : null}
    </section>
  );
}
