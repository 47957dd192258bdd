import { scoreBandWord } from '@parley/contracts/constants';
import { scoreBand } from './presentation';
import './sessions.css';

export interface FeedbackScore {
  label: string;
  value: number;
}

/** Scores out of 10 in the spec's colour bands; the band is also said in words, not only by colour. */
export function FeedbackScores({ scores }: { scores: ReadonlyArray<FeedbackScore> }) {
  return (
    <ul className="feedback__scores" aria-label="Scores">
      {scores.map(({ label, value }) => {
        const band = scoreBand(value);
        const shown = Number.isInteger(value) ? String(value) : value.toFixed(1);
        return (
          <li key={label} className={`feedback__score feedback__score--${band}`} data-band={band}>
            <span className="feedback__score-label">{label}</span>
            <span className="feedback__score-value">
              {shown}
              <span className="feedback__score-max">/10</span>
            </span>
            <span className="feedback__score-band">{scoreBandWord(value)}</span>
          </li>
        );
      })}
    </ul>
  );
}

export interface FeedbackReportProps {
  clarity?: number | null;
  empathy?: number | null;
  persuasion?: number | null;
  strengths?: ReadonlyArray<string> | null;
  /** The feedback's weaknesses, shown as areas for improvement. */
  areas?: ReadonlyArray<string> | null;
  suggestions?: ReadonlyArray<string> | null;
  /** Heading level of the section titles (the report sits under an h2 by default). */
  headingLevel?: 3 | 4;
}

function List({ items, ordered }: { items: ReadonlyArray<string>; ordered?: boolean }) {
  if (items.length === 0) return <p className="pw-muted">None noted.</p>;
  const children = items.map((item, index) => <li key={index}>{item}</li>);
  return ordered ? (
    <ol className="feedback__list">{children}</ol>
  ) : (
    <ul className="feedback__list">{children}</ul>
  );
}

/** The performance report: clarity, empathy and persuasion out of 10, strengths, areas, numbered suggestions. */
export function FeedbackReport({
  clarity,
  empathy,
  persuasion,
  strengths,
  areas,
  suggestions,
  headingLevel = 3,
}: FeedbackReportProps) {
  const Heading = `h${headingLevel}` as const;
  const scores: FeedbackScore[] = [];
  for (const [label, value] of [
    ['Clarity', clarity],
    ['Empathy', empathy],
    ['Persuasion', persuasion],
  ] as const) {
    if (typeof value === 'number') scores.push({ label, value });
  }
  return (
    <div className="feedback">
      {scores.length > 0 ? <FeedbackScores scores={scores} /> : null}
      <div className="feedback__sections">
        <section className="feedback__section">
          <Heading>Strengths</Heading>
          <List items={strengths ?? []} />
        </section>
        <section className="feedback__section">
          <Heading>Areas for Improvement</Heading>
          <List items={areas ?? []} />
        </section>
        <section className="feedback__section">
          <Heading>Suggestions</Heading>
          <List items={suggestions ?? []} ordered />
        </section>
      </div>
    </div>
  );
}
