import type { Attempt } from '@parley/contracts';
import type { Options } from 'highcharts';
import type { ChartTheme } from '../progress/chartTheme';
import { progressChartOptions } from '../progress/progressChart';

/** The scored attempts of one conversation, in order, as the progress chart draws sessions. */
export function attemptsChartOptions(attempts: readonly Attempt[], theme: ChartTheme): Options {
  const scored = attempts.flatMap((a, i) => (a.scores ? [{ n: i + 1, attempt: a, scores: a.scores }] : []));
  const options = progressChartOptions(
    scored.map(({ attempt, scores }) => ({
      session_id: attempt.id,
      created_at: attempt.created_at,
      ...scores,
    })),
    theme,
  );
  return {
    ...options,
    accessibility: {
      ...options.accessibility,
      description: 'Clarity, empathy and persuasion out of 10 for each scored attempt of this conversation.',
    },
    xAxis: {
      ...(options.xAxis as object),
      categories: scored.map(({ n }) => `Attempt ${n}`),
      title: { text: 'Attempt', style: { color: theme.muted } },
    },
  };
}
