import type { ProgressRecord } from '@parley/contracts';
import type { Options } from 'highcharts';
import type { ChartTheme } from './chartTheme';
import { SCORE_AXIS, sessionDateLabels, SKILLS } from './progressStats';

const DASH_STYLES = ['Solid', 'ShortDash', 'ShortDot'] as const;

/** Colours, fonts and motion shared by the dashboard's charts. */
export function baseChartOptions(theme: ChartTheme): Options {
  const labelStyle = { color: theme.muted, fontSize: '0.8rem' };
  return {
    chart: {
      backgroundColor: 'transparent',
      style: { fontFamily: theme.fontFamily },
      animation: theme.animate,
      spacing: [8, 4, 8, 4],
    },
    title: { text: undefined },
    credits: { enabled: false },
    // The chart's figure is already labelled; a second, unnamed "Chart" landmark per chart only adds noise.
    accessibility: { landmarkVerbosity: 'disabled' },
    legend: {
      itemStyle: { color: theme.text, fontWeight: '600' },
      itemHoverStyle: { color: theme.text },
    },
    tooltip: {
      backgroundColor: theme.surface,
      borderColor: theme.border,
      style: { color: theme.text },
      animation: theme.animate,
    },
    xAxis: { labels: { style: labelStyle }, lineColor: theme.border, tickColor: theme.border },
    yAxis: {
      labels: { style: labelStyle },
      gridLineColor: theme.border,
      title: { style: { color: theme.muted } },
    },
    plotOptions: { series: { animation: theme.animate } },
  };
}

/** 'Progress Over Time': one line per skill over the session dates, y fixed 0–10 step 2 (spec sections 2 and 9). */
export function progressChartOptions(records: readonly ProgressRecord[], theme: ChartTheme): Options {
  const base = baseChartOptions(theme);
  return {
    ...base,
    chart: { ...base.chart, type: 'line' },
    accessibility: {
      ...base.accessibility,
      description: 'Clarity, empathy and persuasion scores out of 10 for each completed session.',
    },
    xAxis: {
      ...base.xAxis,
      categories: sessionDateLabels(records.map((record) => record.created_at)),
      title: { text: 'Session date', style: { color: theme.muted } },
    },
    yAxis: {
      ...base.yAxis,
      ...SCORE_AXIS,
      title: { text: 'Score', style: { color: theme.muted } },
    },
    series: SKILLS.map(({ key, label }, index) => ({
      type: 'line' as const,
      name: label,
      color: theme.series[index],
      dashStyle: DASH_STYLES[index],
      data: records.map((record) => record[key]),
    })),
  };
}

/** The progress chart over attempts rather than dates: each point labelled as the caller names it. */
export function attemptsOverTimeOptions(
  records: readonly ProgressRecord[],
  labels: readonly string[],
  description: string,
  theme: ChartTheme,
): Options {
  const options = progressChartOptions(records, theme);
  return {
    ...options,
    accessibility: { ...options.accessibility, description },
    xAxis: {
      ...(options.xAxis as object),
      categories: [...labels],
      title: { text: 'Attempt', style: { color: theme.muted } },
    },
  };
}
