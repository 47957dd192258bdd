import type { ProgressRecord } from '@parley/contracts';
import type { Options } from 'highcharts';
import type { ChartTheme } from '../progress/chartTheme';
import { baseChartOptions } from '../progress/progressChart';
import { SCORE_AXIS, sessionDateLabels } from '../progress/progressStats';

/** A session's overall score: the mean of clarity, empathy and persuasion, to one decimal. */
export const overallScore = (record: ProgressRecord) =>
  Math.round(((record.clarity + record.empathy + record.persuasion) / 3) * 10) / 10;

/** The panel's performance chart: each session's overall score out of 10, oldest first. */
export function performanceChartOptions(records: readonly ProgressRecord[], theme: ChartTheme): Options {
  const base = baseChartOptions(theme);
  return {
    ...base,
    chart: { ...base.chart, type: 'column' },
    accessibility: {
      ...base.accessibility,
      description: 'Overall score out of 10 for each completed session.',
    },
    legend: { enabled: false },
    xAxis: { ...base.xAxis, categories: sessionDateLabels(records.map((record) => record.created_at)) },
    yAxis: { ...base.yAxis, ...SCORE_AXIS, title: { text: 'Overall score', style: { color: theme.muted } } },
    series: [
      {
        type: 'column',
        name: 'Overall score',
        color: theme.series[0],
        borderRadius: 4,
        data: records.map(overallScore),
      },
    ],
  };
}
