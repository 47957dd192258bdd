import type { Attempt } from '@parley/contracts';
import type { Options } from 'highcharts';
import type { ChartTheme } from '../progress/chartTheme';
import { attemptsOverTimeOptions } from '../progress/progressChart';

/** The scored attempts of one conversation, in order, as the progress chart draws sessions. */
export function attemptsChartOptions(attempts: readonly Attempt[], theme: ChartTheme): Options {
  const scored = attempts.flatMap((a, i) => (a.scores ? [{ n: i + 1, attempt: a, scores: a.scores }] : []));
  return attemptsOverTimeOptions(
    scored.map(({ attempt, scores }) => ({
      session_id: attempt.id,
      created_at: attempt.created_at,
      ...scores,
    })),
    scored.map(({ n }) => `Attempt ${n}`),
    'Clarity, empathy and persuasion out of 10 for each scored attempt of this conversation.',
    theme,
  );
}
