import { Spinner } from '@parley/web-ui';
import { buttonClassName } from '@parley/web-ui';
import { Link } from 'react-router';
import { useDailyScenarioQuery } from '../../../api/practiceApi';

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export interface ScenarioOfTheDayProps {
  today: Date;
  /** The free allowance is spent: practice goes through /upgrade. */
  upgrade: boolean;
}

/**
 * Scenario of the Day (spec section 2): 'Start Practice' to /scenario/{id}, or 'Upgrade to Practice' to
 * /upgrade when no sessions are left — or when the scenario is a Premium one the user cannot open.
 */
export function ScenarioOfTheDay({ today, upgrade }: ScenarioOfTheDayProps) {
  const { data: scenario, isLoading } = useDailyScenarioQuery();

  let body;
  if (isLoading) {
    body = (
      <p className="dashboard__loading" role="status">
        <Spinner /> Loading...
      </p>
    );
  } else if (!scenario) {
    // 'scenario of the day; null on failure' (spec section 7).
    body = (
      <p className="pw-muted">No scenario of the day is available right now. Browse the library instead.</p>
    );
  } else {
    const locked = scenario.locked;
    body = (
      <>
        <h3 className="dashboard__daily-title">{scenario.title}</h3>
        <p className="dashboard__daily-text">{scenario.description}</p>
        <ul className="dashboard__chips" aria-label="Details">
          <li>{scenario.difficulty}</li>
          {scenario.timeEstimate ? <li>{scenario.timeEstimate}</li> : null}
          {scenario.premium ? <li>Premium</li> : null}
        </ul>
        {upgrade || locked ? (
          <Link to="/upgrade" className={buttonClassName('primary')}>
            Upgrade to Practice
          </Link>
        ) : (
          <Link to={`/scenario/${encodeURIComponent(scenario.id)}`} className={buttonClassName('primary')}>
            Start Practice
          </Link>
        )}
      </>
    );
  }

  return (
    <section className="pw-card dashboard__daily" aria-labelledby="daily-scenario-heading">
      <div className="dashboard__daily-head">
        <h2 id="daily-scenario-heading">Scenario of the Day</h2>
        <time dateTime={isoDay(today)} className="pw-muted" data-testid="daily-date">
          {longDate(today)}
        </time>
      </div>
      {body}
    </section>
  );
}
