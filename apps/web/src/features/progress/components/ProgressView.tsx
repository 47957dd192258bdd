import type { ProgressRecord } from '@parley/contracts';
import { ErrorText, LoadingView } from '@parley/web-ui';
import { useCallback, useId, useMemo, useState } from 'react';
import { apiErrorMessage } from '../../../api/baseApi';
import { useListSessionsQuery, useProgressQuery } from '../../../api/practiceApi';
import type { ChartTheme } from '../chartTheme';
import { progressChartOptions } from '../progressChart';
import { formatChange, sessionsCompletedCaption, summarizeProgress } from '../progressStats';
import { progressByScenario, scenarioChartOptions, scenarioOptionLabel } from '../scenarioProgress';
import { LazyChart } from './LazyChart';
import './ProgressView.css';

export const PROGRESS_TEXTS = {
  emptyTitle: 'Start Your Journey',
  emptyBody: 'Complete your first coaching session to see your progress here',
  averageTitle: 'Your Average Performance',
  chartTitle: 'Progress Over Time',
  loading: 'Loading your progress...',
  scenarioLabel: 'Show',
  allScenarios: 'All scenarios',
  scenariosLoading: 'Loading your scenarios...',
  noScenarios: 'Your scored sessions will be listed here by scenario.',
  oneAttempt: 'Practise this scenario again to see how your attempts compare.',
  firstSessionOnly: 'Your first session: the change shows after your next one',
} as const;

/** The caption under one scenario's chart. */
export const scenarioCaption = (count: number, title: string) =>
  `${count} ${count === 1 ? 'attempt' : 'attempts'} of ${title}`;

/** The dashboard's progress view (spec section 2): averages, change since the first session and a chart. */
export function ProgressView({ userId }: { userId: string }) {
  const { data: records, isLoading, isError, error } = useProgressQuery(userId);

  if (isLoading) return <LoadingView label={PROGRESS_TEXTS.loading} />;
  if (isError) {
    return (
      <section className="pw-card progress-view__empty" aria-label="Progress">
        <ErrorText>{apiErrorMessage(error)}</ErrorText>
      </section>
    );
  }
  if (!records || records.length === 0) {
    return (
      <section className="pw-card progress-view__empty" aria-labelledby="progress-empty-heading">
        <span className="progress-view__empty-icon" aria-hidden="true">
          🚀
        </span>
        <h2 id="progress-empty-heading">{PROGRESS_TEXTS.emptyTitle}</h2>
        <p className="pw-muted">{PROGRESS_TEXTS.emptyBody}</p>
      </section>
    );
  }
  return <ProgressDetails records={records} />;
}

function ProgressDetails({ records }: { records: ProgressRecord[] }) {
  const averageHeading = useId();
  const chartHeading = useId();
  const pickerHint = useId();
  const sessions = useListSessionsQuery();
  const scenarios = useMemo(() => progressByScenario(records, sessions.data ?? []), [records, sessions.data]);
  const [scenarioId, setScenarioId] = useState('');
  const picked = scenarios.find((s) => s.scenarioId === scenarioId);
  const buildChart = useCallback(
    (theme: ChartTheme) =>
      picked ? scenarioChartOptions(picked, theme) : progressChartOptions(records, theme),
    [records, picked],
  );
  const hint = sessions.isLoading
    ? PROGRESS_TEXTS.scenariosLoading
    : sessions.isError
      ? null
      : scenarios.length === 0
        ? PROGRESS_TEXTS.noScenarios
        : picked?.records.length === 1
          ? PROGRESS_TEXTS.oneAttempt
          : null;

  return (
    <>
      <section className="progress-view" aria-labelledby={averageHeading}>
        <h2 id={averageHeading}>{PROGRESS_TEXTS.averageTitle}</h2>
        <ul className="progress-view__skills">
          {summarizeProgress(records).map((skill) => (
            <li key={skill.key} className="pw-card progress-view__skill" data-testid={`skill-${skill.key}`}>
              <h3>{skill.label}</h3>
              <p className="progress-view__average">
                <span data-testid="skill-average">{skill.average.toFixed(1)}</span>
                <span className="pw-muted"> / 10</span>
              </p>
              {records.length > 1 ? (
                <p className="progress-view__change-line">
                  <span
                    className={`progress-view__change progress-view__change--${skill.trend}`}
                    data-trend={skill.trend}
                    data-testid="skill-change"
                  >
                    {formatChange(skill.change)}
                  </span>
                  <span className="pw-muted"> since your first session</span>
                </p>
              ) : (
                <p className="progress-view__change-line pw-muted" data-testid="skill-first-session">
                  {PROGRESS_TEXTS.firstSessionOnly}
                </p>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="pw-card progress-view__chart" aria-labelledby={chartHeading}>
        <div className="progress-view__chart-head">
          <h2 id={chartHeading}>{PROGRESS_TEXTS.chartTitle}</h2>
          <label className="progress-view__scenario">
            <span>{PROGRESS_TEXTS.scenarioLabel}</span>
            <select
              className="pw-input"
              value={picked ? picked.scenarioId : ''}
              disabled={scenarios.length === 0}
              aria-busy={sessions.isLoading || undefined}
              aria-describedby={hint ? pickerHint : undefined}
              onChange={(event) => setScenarioId(event.target.value)}
            >
              <option value="">{PROGRESS_TEXTS.allScenarios}</option>
              {scenarios.map((s) => (
                <option key={s.scenarioId} value={s.scenarioId}>
                  {scenarioOptionLabel(s)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {hint && (
          <p id={pickerHint} className="pw-muted progress-view__scenario-hint" role="status">
            {hint}
          </p>
        )}
        {sessions.isError && <ErrorText>{apiErrorMessage(sessions.error)}</ErrorText>}
        <figure>
          <LazyChart
            build={buildChart}
            label={
              picked
                ? `Clarity, empathy and persuasion scores per attempt of ${picked.title}`
                : 'Clarity, empathy and persuasion scores per session'
            }
          />
          <figcaption className="pw-muted">
            {picked
              ? scenarioCaption(picked.records.length, picked.title)
              : sessionsCompletedCaption(records.length)}
          </figcaption>
        </figure>
      </section>
    </>
  );
}
