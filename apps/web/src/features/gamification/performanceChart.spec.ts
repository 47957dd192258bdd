import type { SeriesColumnOptions, YAxisOptions } from 'highcharts';
import { describe, expect, it } from 'vitest';
import { progressRecords } from '../dashboard/__tests__/dashboardFixtures';
import type { ChartTheme } from '../progress/chartTheme';
import { overallScore, performanceChartOptions } from './performanceChart';

const theme = {
  text: '#141a33',
  muted: '#4a5273',
  border: '#c9cee6',
  surface: '#fff',
  fontFamily: 'system-ui',
  series: ['#5a36f0', '#0e6f86', '#b35c00'],
  animate: false,
} satisfies ChartTheme;

describe('performance chart', () => {
  it("plots each session's overall score (mean of the three skills) on the 0–10 axis", () => {
    expect(progressRecords.map(overallScore)).toEqual([6, 5.7, 6.5]);
    const options = performanceChartOptions(progressRecords, theme);
    const [series] = options.series as SeriesColumnOptions[];
    expect(series).toMatchObject({ type: 'column', data: [6, 5.7, 6.5], color: '#5a36f0' });
    const yAxis = options.yAxis as YAxisOptions;
    expect([yAxis.min, yAxis.max, yAxis.tickInterval]).toEqual([0, 10, 2]);
    expect(options.chart?.animation).toBe(false);
  });
});
