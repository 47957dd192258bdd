import type { AiPartner } from '@parley/contracts';
import { scoreBandWord } from '@parley/contracts/constants';
import { buttonClassName, Spinner } from '@parley/web-ui';
import { Link } from 'react-router';
import { ObjectivesList } from '../../sessions/components/ObjectivesList';
import { OfflineSourcesNote } from '../../sessions/components/OfflineSourcesNote';
import { CHAT_TEXTS, scoreBand } from '../chatTexts';
import type { FeedbackState } from '../chatState';
import { reportAuthorText } from './PartnerLine';

const SCORES = [
  ['clarity', 'Clarity'],
  ['empathy', 'Empathy'],
  ['persuasion', 'Persuasion'],
] as const;

const formatScore = (score: number) => (Number.isInteger(score) ? String(score) : score.toFixed(1));

function List({ title, items, ordered }: { title: string; items: string[]; ordered?: boolean }) {
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <section className="feedback-report__list">
      <h3>{title}</h3>
      {items.length ? (
        <Tag>
          {items.map((item, index) => (
            <li key={`${index}-${item}`}>{item}</li>
          ))}
        </Tag>
      ) : (
        <p className="pw-muted">None noted for this session.</p>
      )}
    </section>
  );
}

/**
 * The performance report (spec sections 2 and 4): loading, then scores out of 10 in colour bands
 * (8 or more green, 6 to under 8 amber, below 6 red) with strengths, areas and suggestions, or failed.
 * It says who wrote it: the offline coach, or the model (`partner`, when known, names it).
 */
export function FeedbackReport({
  feedback,
  partner = null,
}: {
  feedback: FeedbackState;
  partner?: AiPartner | null;
}) {
  const author = feedback.status === 'shown' ? reportAuthorText(feedback.feedback.sources, partner) : null;
  return (
    <section className="pw-card feedback-report" aria-labelledby="feedback-report-title">
      <h2 id="feedback-report-title">Performance Report</h2>
      {feedback.status === 'loading' ? (
        <p className="feedback-report__loading" role="status">
          <Spinner /> Analyzing your session...
        </p>
      ) : null}
      {feedback.status === 'failed' ? (
        <div role="alert" className="feedback-report__failed">
          <h3>{CHAT_TEXTS.feedbackUnavailableTitle}</h3>
          <p>{CHAT_TEXTS.feedbackUnavailableBody}</p>
        </div>
      ) : null}
      {feedback.status === 'shown' ? (
        <>
          <ul className="feedback-report__scores" aria-label="Scores">
            {SCORES.map(([key, label]) => {
              const score = feedback.feedback[key];
              const band = scoreBand(score);
              return (
                <li key={key} className={`feedback-score feedback-score--${band}`} data-band={band}>
                  <span className="feedback-score__label">{label}</span>
                  <span className="feedback-score__value">
                    {formatScore(score)}
                    <span className="feedback-score__max">/10</span>
                  </span>
                  <span className="feedback-score__bar" aria-hidden="true">
                    <span style={{ width: `${score * 10}%` }} />
                  </span>
                  <span className="pw-sr-only">({scoreBandWord(score)})</span>
                </li>
              );
            })}
          </ul>
          <div className="feedback-report__lists">
            <List title="Strengths" items={feedback.feedback.strengths} />
            <List title="Areas for Improvement" items={feedback.feedback.weaknesses} />
            <List title="Suggestions" items={feedback.feedback.suggestions} ordered />
          </div>
          <ObjectivesList objectives={feedback.feedback.objectives} />
          {author ? <p className="pw-muted feedback__author">{author}</p> : null}
          <OfflineSourcesNote sources={feedback.feedback.sources} />
        </>
      ) : null}
      <Link to="/dashboard" className={buttonClassName('primary', 'feedback-report__return')}>
        {CHAT_TEXTS.returnToDashboard}
      </Link>
    </section>
  );
}
