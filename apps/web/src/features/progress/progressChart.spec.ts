import type { SeriesLineOptions, XAxisOptions, YAxisOptions } from 'highcharts';
import { afterEach, describe, expect, it } from 'vitest';
import { progressRecords } from '../dashboard/__tests__/dashboardFixtures';
import { readChartTheme, type ChartTheme } from './chartTheme';
import { progressChartOptions } from './progressChart';

const theme: ChartTheme = {
  text: '#eef0fa',
  muted: '#b3bad8',
  border: '#3a4478',
  surface: '#151b36',
  fontFamily: 'system-ui',
  series: ['#6d4aff', '#22d3ee', '#ffd166'],
  animate: true,
};

describe('progress chart options', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('style');
    document.documentElement.removeAttribute('data-reduced-motion');
  });

  it('draws one line per skill over the session dates, y fixed 0 to 10 step 2', () => {
    const options = progressChartOptions(progressRecords, theme);
    const yAxis = options.yAxis as YAxisOptions;
    expect([yAxis.min, yAxis.max, yAxis.tickInterval]).toEqual([0, 10, 2]);
    expect((options.xAxis as XAxisOptions).categories).toEqual(['Jun 10', 'Jun 12', 'Jun 14']);
    const series = options.series as SeriesLineOptions[];
    expect(series.map((s) => [s.type, s.name, s.data])).toEqual([
      ['line', 'Clarity', [5, 6, 7.5]],
      ['line', 'Empathy', [7, 7, 7]],
      ['line', 'Persuasion', [6, 4, 5]],
    ]);
    expect(series.map((s) => s.color)).toEqual(theme.series);
  });

  it('tells same-day sessions apart by their time, and leaves a day with one session as the date alone', () => {
    const at = (iso: string, clarity: number) => ({ ...progressRecords[0]!, created_at: iso, clarity });
    const local = (h: number, m: number, day = 25) => new Date(2026, 10, day, h, m).toISOString();
    const options = progressChartOptions(
      [at(local(9, 5, 24), 5), at(local(9, 5), 6), at(local(13, 30), 7), at(local(18, 0), 8)],
      theme,
    );
    expect((options.xAxis as XAxisOptions).categories).toEqual([
      'Nov 24',
      'Nov 25, 9:05 AM',
      'Nov 25, 1:30 PM',
      'Nov 25, 6:00 PM',
    ]);
  });

  it("uses the theme's colours and no animation when motion is reduced", () => {
    const options = progressChartOptions(progressRecords, { ...theme, animate: false });
    expect(options.chart?.animation).toBe(false);
    expect(options.plotOptions?.series?.animation).toBe(false);
    expect(options.legend?.itemStyle?.color).toBe(theme.text);
    expect((options.yAxis as YAxisOptions).gridLineColor).toBe(theme.border);
  });

  it('reads the design tokens and the reduced-motion setting from the page', () => {
    const root = document.documentElement;
    root.style.setProperty('--pw-color-text', '#eef0fa');
    root.style.setProperty('--pw-color-primary', '#6d4aff');
    expect(readChartTheme()).toMatchObject({ text: '#eef0fa', animate: true });
    expect(readChartTheme().series[0]).toBe('#6d4aff');
    root.setAttribute('data-reduced-motion', 'true');
    expect(readChartTheme().animate).toBe(false);
  });
});
