import type { CustomScenario } from '@parley/contracts';
import { FREE_SESSIONS_PER_MONTH } from '@parley/contracts/constants';
import { Button, buttonClassName, LoadingView } from '@parley/web-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useId } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useGetScenarioQuery, useListSessionsQuery } from '../../../api/practiceApi';
import { useAppSelector } from '../../../app/hooks';
import { selectSession } from '../../auth/authSlice';
import { useGetProfileQuery } from '../../profile/profileApi';
import { practiceTarget, remainingSessions } from '../sessionAllowance';
import { DifficultyBadge, PremiumLabel } from './DifficultyBadge';
import '../../custom-scenarios/components/CustomScenarios.css';
import './scenario.css';

export const SCENARIO_TEXTS = {
  loading: 'Loading scenario...',
  notFoundTitle: 'Scenario Not Found',
  notFoundText: "The scenario you're looking for doesn't exist or has been removed.",
  goBack: 'Go Back',
  back: 'Back',
  youWillPlay: 'You will play',
  aiWillSimulate: 'AI will simulate',
  start: 'Start Practice',
  tipsTitle: 'Practice Tips',
  lockedNote: 'This is a Premium scenario. Upgrade to practice it.',
  noSessionsNote: `You have used all ${FREE_SESSIONS_PER_MONTH} free sessions this month.`,
} as const;

export const sessionsLeftText = (left: number) =>
  `${left} of ${FREE_SESSIONS_PER_MONTH} free sessions left this month`;

/** The four practice tips shown under every scenario. */
export const PRACTICE_TIPS = [
  'Decide what a good outcome looks like before you start, and steer the conversation towards it.',
  'Stay in your role and answer as you would in the real conversation.',
  'Listen first: acknowledge the other side’s point before making your own.',
  'Be specific: use concrete examples, numbers and clear next steps.',
] as const;

/** One step back in history; a page opened directly (no history) goes to the library instead. */
function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key === 'default') void navigate('/library');
    else void navigate(-1);
  };
}

/** /scenario/:id — loading, not found/failed, loaded (spec sections 2 and 4). */
export function ScenarioDetailPage() {
  const { id } = useParams();
  const { data: scenario, isLoading, isError } = useGetScenarioQuery(id ?? skipToken);
  const userId = useAppSelector(selectSession)?.user.id;
  const { data: profile } = useGetProfileQuery(userId ?? skipToken);
  const outOfSessions = profile !== undefined && remainingSessions(profile) === 0;
  // Out of sessions, a conversation of this scenario already going is still the learner's to finish.
  const { data: sessions, isLoading: readingHistory } = useListSessionsQuery(
    outOfSessions ? undefined : skipToken,
  );
  const navigate = useNavigate();
  const goBack = useGoBack();
  const headingId = useId();

  if (isLoading) return <LoadingView label={SCENARIO_TEXTS.loading} />;

  if (isError || !scenario) {
    return (
      <main className="pw-page scenario-detail" aria-labelledby={headingId}>
        <div className="pw-card scenario-detail__missing">
          <span aria-hidden="true" className="scenario-detail__missing-icon">
            🧭
          </span>
          <h1 id={headingId} className="pw-page__title">
            {SCENARIO_TEXTS.notFoundTitle}
          </h1>
          <p className="pw-muted">{SCENARIO_TEXTS.notFoundText}</p>
          <Button onClick={goBack}>{SCENARIO_TEXTS.goBack}</Button>
        </div>
      </main>
    );
  }

  const left = profile ? remainingSessions(profile) : null;
  const note = scenario.locked
    ? SCENARIO_TEXTS.lockedNote
    : left === 0
      ? SCENARIO_TEXTS.noSessionsNote
      : left !== null && Number.isFinite(left)
        ? sessionsLeftText(left)
        : null;

  // One of the learner's own scenarios comes with what they wrote.
  const own = (scenario as Partial<CustomScenario>).custom ? (scenario as CustomScenario) : null;
  return (
    <main className="pw-page scenario-detail" aria-labelledby={headingId}>
      <Button variant="secondary" className="scenario-detail__back" onClick={goBack}>
        <span aria-hidden="true">←</span> {SCENARIO_TEXTS.back}
      </Button>
      <article className="pw-card scenario-detail__card">
        <div className="scenario-detail__badges">
          <DifficultyBadge difficulty={scenario.difficulty} />
          {scenario.premium ? <PremiumLabel locked={scenario.locked} /> : null}
          {own ? <span className="my-scenario__label">Private</span> : null}
        </div>
        <h1 id={headingId} className="scenario-detail__title">
          {scenario.title}
        </h1>
        <p className="scenario-detail__description">{scenario.description}</p>
        <ul className="scenario-detail__tags" aria-label="Tags">
          {scenario.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
        <p className="scenario-detail__time">
          <span aria-hidden="true">⏱ </span>
          <span className="pw-sr-only">Time estimate: </span>
          {scenario.timeEstimate}
        </p>
        <dl className="scenario-detail__roles">
          <div className="scenario-detail__role">
            <dt>{SCENARIO_TEXTS.youWillPlay}</dt>
            <dd>{scenario.userRole}</dd>
          </div>
          <div className="scenario-detail__role">
            <dt>{SCENARIO_TEXTS.aiWillSimulate}</dt>
            <dd>{scenario.aiRole}</dd>
          </div>
        </dl>
        <div className="scenario-detail__start">
          {/* Out of sessions, the moment the history takes to read decides between resuming and /upgrade. */}
          <Button
            disabled={readingHistory && !scenario.locked}
            aria-busy={readingHistory && !scenario.locked}
            onClick={() => void navigate(practiceTarget(scenario, profile, sessions))}
          >
            {scenario.locked ? <span aria-hidden="true">🔒</span> : null}
            {SCENARIO_TEXTS.start}
          </Button>
          {own ? (
            <Link
              to={`/scenarios/${encodeURIComponent(scenario.id)}/edit`}
              className={buttonClassName('secondary')}
            >
              Edit Scenario
            </Link>
          ) : null}
          {note ? <p className="scenario-detail__note">{note}</p> : null}
        </div>
        {own?.learnerObjectives.length ? (
          <section aria-label="Your objectives">
            <h2 className="scenario-detail__objectives-title">Your objectives</h2>
            <ul>
              {own.learnerObjectives.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
      <section className="pw-card scenario-detail__tips" aria-labelledby={`${headingId}-tips`}>
        <h2 id={`${headingId}-tips`}>{SCENARIO_TEXTS.tipsTitle}</h2>
        <ol>
          {PRACTICE_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ol>
      </section>
    </main>
  );
}
