import type { Message, PracticeSession, ScoreEvidence } from '@parley/contracts';
import { buttonClassName, ErrorText, LoadingView, PageShell } from '@parley/web-ui';
import { Link, useParams } from 'react-router';
import { useGetScenarioQuery, useGetSessionQuery } from '../../../api/practiceApi';
import { useSessionFeedbackQuery } from '../../sessions/sessionsApi';
import { MessageContent } from '../../sessions/components/Transcript';
import { changeText, partingIndex, scoreChanges, type ScoreChange } from '../compareAttempts';
import './attempts.css';

export const COMPARE_TEXTS = {
  title: 'Compare Attempts',
  loading: 'Loading attempts...',
  notFound: 'Session not found',
  same: 'The two attempts are the same conversation up to here:',
  noDifference: 'These attempts have not parted yet: one is the start of the other.',
} as const;

const label = (dimension: string) => dimension.charAt(0).toUpperCase() + dimension.slice(1);

function Lines({ messages, from }: { messages: readonly Message[]; from: number }) {
  const rest = messages.slice(from);
  if (rest.length === 0) return <p className="pw-muted">No more lines.</p>;
  return (
    <ol className="compare__lines" start={from + 1}>
      {rest.map((m, i) => (
        <li key={from + i} className={`compare__line compare__line--${m.sender === 'ai' ? 'ai' : 'user'}`}>
          <p className="compare__who">{m.sender === 'ai' ? 'Partner' : 'You'}</p>
          <MessageContent content={m.content} />
        </li>
      ))}
    </ol>
  );
}

function Evidence({ items, who }: { items: ScoreEvidence[]; who: string }) {
  if (items.length === 0) return null;
  return (
    <ul className="compare__evidence" aria-label={`${who}: evidence`}>
      {items.slice(0, 3).map((e, i) => (
        <li key={i}>
          <span className={`compare__effect compare__effect--${e.effect}`}>
            {who} {e.effect === 'earned' ? 'earned' : 'lost'}:
          </span>{' '}
          “{e.line}” — {e.reason}
        </li>
      ))}
    </ul>
  );
}

function ScoreRow({ change }: { change: ScoreChange }) {
  const tone = change.change === null || change.change === 0 ? 'same' : change.change > 0 ? 'up' : 'down';
  return (
    <li className="compare__score">
      <p className="compare__score-line">
        <strong>{label(change.dimension)}</strong>: {change.before ?? '–'} → {change.after ?? '–'}{' '}
        <span className={`compare__change compare__change--${tone}`}>({changeText(change.change)})</span>
      </p>
      <Evidence items={change.before_evidence} who="Earlier attempt" />
      <Evidence items={change.after_evidence} who="Later attempt" />
    </li>
  );
}

function Comparison({ first, second }: { first: PracticeSession; second: PracticeSession }) {
  // Earlier attempt on the left, later on the right, whichever order the address names them.
  const [before, after] = first.created_at <= second.created_at ? [first, second] : [second, first];
  const from = partingIndex(before.messages, after.messages);
  const feedbackBefore = useSessionFeedbackQuery(before.id, { skip: before.status !== 'completed' });
  const feedbackAfter = useSessionFeedbackQuery(after.id, { skip: after.status !== 'completed' });
  const { data: scenario } = useGetScenarioQuery(before.scenario_id);
  const changes = scoreChanges(feedbackBefore.data, feedbackAfter.data, from);
  const shared = before.messages[from - 1];
  return (
    <>
      <p className="pw-page__lead">{scenario?.title ?? before.scenario_id}</p>
      {shared ? (
        <div className="pw-card compare__shared">
          <p className="pw-muted">{COMPARE_TEXTS.same}</p>
          <p className="compare__who">{shared.sender === 'ai' ? 'Partner' : 'You'}</p>
          <MessageContent content={shared.content} />
        </div>
      ) : null}
      {from >= Math.min(before.messages.length, after.messages.length) ? (
        <p className="pw-muted">{COMPARE_TEXTS.noDifference}</p>
      ) : null}
      <div className="compare__columns">
        <section className="pw-card compare__side" aria-labelledby="compare-before">
          <h2 id="compare-before">Earlier attempt</h2>
          <Link to={`/session/view/${encodeURIComponent(before.id)}`}>Open replay</Link>
          <Lines messages={before.messages} from={from} />
        </section>
        <section className="pw-card compare__side" aria-labelledby="compare-after">
          <h2 id="compare-after">Later attempt</h2>
          <Link to={`/session/view/${encodeURIComponent(after.id)}`}>Open replay</Link>
          <Lines messages={after.messages} from={from} />
        </section>
      </div>
      <section className="pw-card compare__scores" aria-labelledby="compare-scores">
        <h2 id="compare-scores">How the scores changed</h2>
        {feedbackBefore.isLoading || feedbackAfter.isLoading ? (
          <LoadingView label="Loading feedback..." />
        ) : (
          <>
            {before.status !== 'completed' || after.status !== 'completed' ? (
              <p className="pw-muted">An attempt still open has no scores yet: end it to compare scores.</p>
            ) : null}
            <ul className="compare__score-list">
              {changes.map((c) => (
                <ScoreRow key={c.dimension} change={c} />
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}

/** /session/compare/:a/:b — two attempts of a conversation side by side from the turn where they part. */
export function CompareAttemptsPage() {
  const { a = '', b = '' } = useParams();
  const first = useGetSessionQuery(a);
  const second = useGetSessionQuery(b);
  let content;
  if (first.isLoading || second.isLoading) content = <LoadingView label={COMPARE_TEXTS.loading} />;
  else if (!first.data || !second.data) content = <ErrorText>{COMPARE_TEXTS.notFound}</ErrorText>;
  else content = <Comparison first={first.data} second={second.data} />;
  return (
    <PageShell title={COMPARE_TEXTS.title} className="compare">
      <div className="sessions__actions">
        <Link to="/session/history" className={buttonClassName('secondary')}>
          Back to History
        </Link>
      </div>
      {content}
    </PageShell>
  );
}
