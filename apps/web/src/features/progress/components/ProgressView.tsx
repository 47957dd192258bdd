import type { ProgressRecord } from '@parley/contracts';
import { ErrorText, LoadingView } from '@parley/web-ui';
import { useCallback, useId } from 'react';
import { apiErrorMessage } from '../../../api/baseApi';
import { useProgressQuery } from '../../../api/practiceApi';
import type { ChartTheme } from '../chartTheme';
import { progressChartOptions } from '../progressChart';
import { formatChange, sessionsCompletedCaption, summarizeProgress } from '../progressStats';
import { LazyChart } from './LazyChart';
import './ProgressView.css';

export const PROGRESS_TEXTS = {
  emptyTitle: 'Start Your Journey',
  emptyBody: 'Complete your first coaching session to see your progress here',
  averageTitle: 'Your Average Performance',
  chartTitle: 'Progress Over Time',
  loading: 'Loading your progress...',
} as const;

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
  const buildChart = useCallback((theme: ChartTheme) => progressChartOptions(records, theme), [records]);

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
            </li>
          ))}
        </ul>
      </section>
      <section className="pw-card progress-view__chart" aria-labelledby={chartHeading}>
        <h2 id={chartHeading}>{PROGRESS_TEXTS.chartTitle}</h2>
        <figure>
          <LazyChart build={buildChart} label="Clarity, empathy and persuasion scores per session" />
          <figcaption className="pw-muted">{sessionsCompletedCaption(records.length)}</figcaption>
        </figure>
      </section>
    </>
  );
}
