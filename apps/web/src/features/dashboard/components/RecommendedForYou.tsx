import { buttonClassName } from '@parley/web-ui';
import { Link } from 'react-router';
import { useRecommendationsQuery } from '../../gamification/gamificationApi';

export const RECOMMENDED_TEXTS = {
  heading: 'Recommended for you',
  focus: (skill: string, average: number) =>
    `Aimed at ${skill}, your lowest skill lately (${average.toFixed(1)} / 10).`,
  starter: 'Picked for your level. Complete a session and these follow your weakest skill.',
  practice: 'Practice Now',
} as const;

/** Three scenarios for the learner's weakest skill at their level, each with the reason it was picked. */
export function RecommendedForYou() {
  // A failed read leaves the section out; the rest of the dashboard stands on its own.
  const { data } = useRecommendationsQuery();
  if (!data || data.recommendations.length === 0) return null;
  const { focus, averages } = data;
  return (
    <section
      className="pw-card dashboard__recommended"
      aria-labelledby="recommended-heading"
      data-testid="recommended"
    >
      <h2 id="recommended-heading">{RECOMMENDED_TEXTS.heading}</h2>
      <p className="pw-muted dashboard__recommended-focus">
        {focus && averages ? RECOMMENDED_TEXTS.focus(focus, averages[focus]) : RECOMMENDED_TEXTS.starter}
      </p>
      <ul className="dashboard__recommended-list">
        {data.recommendations.map((r) => (
          <li key={r.scenario_id} className="dashboard__recommended-item">
            <div>
              <h3 className="dashboard__recommended-title">{r.title}</h3>
              <p className="dashboard__recommended-reason">{r.reason}</p>
              <ul className="dashboard__chips" aria-label="Details">
                <li>{r.difficulty}</li>
              </ul>
            </div>
            <Link
              to={`/scenario/${encodeURIComponent(r.scenario_id)}`}
              className={buttonClassName('secondary')}
              aria-label={`${RECOMMENDED_TEXTS.practice}: ${r.title}`}
            >
              {RECOMMENDED_TEXTS.practice}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
