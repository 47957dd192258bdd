import type { Options, YAxisOptions } from 'highcharts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { progressRecords, stubDashboardApi } from '../../dashboard/__tests__/dashboardFixtures';

const charts = vi.hoisted(() => ({
  /** Every chart created, with the container it was drawn into and the options passed. */
  created: [] as Array<{ container: HTMLElement; options: Options; destroyed: boolean }>,
}));

vi.mock('../highcharts', () => {
  return {
    default: {
      chart: (container: HTMLElement, options: Options) => {
        const entry = { container, options, destroyed: false };
        charts.created.push(entry);
        return { destroy: () => void (entry.destroyed = true) };
      },
    },
  };
});

const SLOW = { timeout: 5000 };

function openDashboard() {
  return renderApp('/dashboard', { storedSession: testSession });
}

const liveCharts = () => charts.created.filter((c) => !c.destroyed);
const progressChart = () =>
  liveCharts().find((c) => (c.options.series ?? []).some((s) => s.name === 'Clarity'));

describe('progress view', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    charts.created.length = 0;
    document.documentElement.removeAttribute('data-reduced-motion');
    document.documentElement.removeAttribute('data-theme');
    document.documentElement.removeAttribute('style');
  });

  it("invites a first session with 'Start Your Journey' when there is no progress", async () => {
    stubDashboardApi({ progress: [] });
    openDashboard();
    expect(await screen.findByRole('heading', { name: 'Start Your Journey' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Complete your first coaching session to see your progress here')).toBeTruthy();
    expect(screen.queryByText('Your Average Performance')).toBeNull();
    expect(screen.queryByText('Progress Over Time')).toBeNull();
  });

  it('shows averages to one decimal and the change since the first session, coloured by direction', async () => {
    stubDashboardApi({ progress: progressRecords });
    openDashboard();
    const section = (await screen.findByRole('heading', { name: 'Your Average Performance' }, SLOW)).closest(
      'section',
    )!;
    const card = (key: string) => within(section).getByTestId(`skill-${key}`);
    const read = (key: string) => {
      const change = within(card(key)).getByTestId('skill-change');
      return [
        within(card(key)).getByRole('heading').textContent,
        within(card(key)).getByTestId('skill-average').textContent,
        change.textContent,
        change.getAttribute('data-trend'),
        change.className,
      ];
    };
    expect(read('clarity')).toEqual([
      'Clarity',
      '6.2',
      '+2.5',
      'up',
      'progress-view__change progress-view__change--up',
    ]);
    expect(read('empathy')).toEqual([
      'Empathy',
      '7.0',
      '0.0',
      'flat',
      'progress-view__change progress-view__change--flat',
    ]);
    expect(read('persuasion')).toEqual([
      'Persuasion',
      '5.0',
      '-1.0',
      'down',
      'progress-view__change progress-view__change--down',
    ]);
    expect(screen.getByText('3 session(s) completed')).toBeTruthy();
  });

  it("captions a single session '1 session(s) completed'", async () => {
    stubDashboardApi({ progress: [progressRecords[0]] });
    openDashboard();
    expect(await screen.findByText('1 session(s) completed', {}, SLOW)).toBeTruthy();
  });

  it('draws the progress chart into its section with the fixed score axis', async () => {
    stubDashboardApi({ progress: progressRecords });
    openDashboard();
    const chartSection = (await screen.findByRole('heading', { name: 'Progress Over Time' }, SLOW)).closest(
      'section',
    )!;
    await waitFor(() => expect(progressChart()).toBeDefined());
    expect(within(chartSection).queryByTestId('chart-placeholder')).toBeNull();
    const { options, container } = progressChart()!;
    expect(chartSection.contains(container)).toBe(true);
    const yAxis = options.yAxis as YAxisOptions;
    expect([yAxis.min, yAxis.max, yAxis.tickInterval]).toEqual([0, 10, 2]);
    expect(options.series?.map((s) => s.name)).toEqual(['Clarity', 'Empathy', 'Persuasion']);
  });

  it('redraws the chart in the new colours when the theme changes, without animation under reduced motion', async () => {
    document.documentElement.setAttribute('data-reduced-motion', 'true');
    stubDashboardApi({ progress: progressRecords });
    openDashboard();
    await waitFor(() => expect(progressChart()).toBeDefined(), SLOW);
    expect(progressChart()!.options.chart?.animation).toBe(false);
    expect(progressChart()!.options.plotOptions?.series?.animation).toBe(false);

    document.documentElement.style.setProperty('--pw-color-text', '#eef0fa');
    document.documentElement.setAttribute('data-theme', 'dark');
    await waitFor(() => expect(progressChart()!.options.legend?.itemStyle?.color).toBe('#eef0fa'));
    expect(charts.created.filter((c) => c.destroyed).length).toBeGreaterThan(0);
  });

  it('says why when the progress cannot be read', async () => {
    stubDashboardApi({ progress: () => json({ error: 'Progress is unavailable' }, 503) });
    openDashboard();
    expect(await screen.findByText('Progress is unavailable', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Start Your Journey' })).toBeNull();
  });
});
