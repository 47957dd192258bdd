import { buttonClassName } from '@parley/web-ui';
import { Link } from 'react-router';
import { useRecommendationsQuery } from '../../gamification/gamificationApi';

export const RECOMMENDED_TEXTS = {
  heading: 'Recommended for you',
  focus: (skill: string, average: number) =>
    `Aimed at ${skill}, your lowest skill lately (${average.toFixed(1)} / 10).`,
  starter: 'Picked for your level. Complete a session and these follow your weakest skill.',
  starterAt: (level: string) =>
    `Picked for your level (${level}). Complete a session and these follow your weakest skill.`,
  noneAtLevel: (level: string) =>
    `Your level is ${level}, but none of the scenarios open to you is ${level} yet, so these are the closest. Complete a session and they follow your weakest skill.`,
  upgradeForLevel: (level: string) => `Premium adds ${level} scenarios`,
  practice: 'Practice Now',
} as const;

/** Before any session: what the three were picked for, said truthfully when none is at the learner's level. */
function starterLine(level: string | undefined, difficulties: string[]): string {
  if (!level) return RECOMMENDED_TEXTS.starter;
  return difficulties.includes(level)
    ? RECOMMENDED_TEXTS.starterAt(level)
    : RECOMMENDED_TEXTS.noneAtLevel(level);
}

/**
 * Three scenarios for the learner's weakest skill at their level (the one they chose, or the one their XP
 * suggests), each with the reason it was picked. `free` offers Premium when no open scenario is at the level.
 */
export function RecommendedForYou({ free = false }: { free?: boolean }) {
  // A failed read leaves the section out; the rest of the dashboard stands on its own.
  const { data } = useRecommendationsQuery();
  if (!data || data.recommendations.length === 0) return null;
  const { focus, averages, level } = data;
  const difficulties = data.recommendations.map((r) => r.difficulty);
  const belowLevel = !!level && !difficulties.includes(level);
  return (
    <section
      className="pw-card dashboard__recommended"
      aria-labelledby="recommended-heading"
      data-testid="recommended"
    >
      <h2 id="recommended-heading">{RECOMMENDED_TEXTS.heading}</h2>
      <p className="pw-muted dashboard__recommended-focus">
        {focus && averages
          ? RECOMMENDED_TEXTS.focus(focus, averages[focus])
          : starterLine(level, difficulties)}
        {free && belowLevel && level ? (
          <>
            {' '}
            <Link to="/upgrade">{RECOMMENDED_TEXTS.upgradeForLevel(level)}</Link>.
          </>
        ) : null}
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
