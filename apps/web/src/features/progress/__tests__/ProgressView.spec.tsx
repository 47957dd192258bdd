import type { PracticeSessionSummary } from '@parley/contracts';
import type { Options, XAxisOptions, YAxisOptions } from 'highcharts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { progressRecords, stubDashboardApi, userId } from '../../dashboard/__tests__/dashboardFixtures';

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

  it("captions a single session '1 session(s) completed', with no '0.0 since your first session'", async () => {
    stubDashboardApi({ progress: [progressRecords[0]] });
    openDashboard();
    expect(await screen.findByText('1 session(s) completed', {}, SLOW)).toBeTruthy();
    expect(screen.queryAllByTestId('skill-change')).toHaveLength(0);
    expect(screen.queryByText(/since your first session/)).toBeNull();
    expect(screen.getAllByTestId('skill-first-session').map((p) => p.textContent)).toEqual(
      Array(3).fill('Your first session: the change shows after your next one'),
    );
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

  describe("one scenario's attempts over time", () => {
    const summary = (id: string, scenario: string, title: string, parent: string | null = null) =>
      ({
        id,
        user_id: userId,
        scenario_id: scenario,
        scenario_title: title,
        created_at: '2025-06-10T12:00:00.000Z',
        updated_at: '2025-06-10T12:00:00.000Z',
        completed_at: '2025-06-10T12:10:00.000Z',
        status: 'completed',
        tone_preference: 'neutral',
        avatar_style: null,
        message_count: 6,
        parent_session_id: parent,
        branch_from_index: parent ? 2 : null,
      }) satisfies PracticeSessionSummary;
    const records = [
      ...progressRecords,
      { session_id: 's4', created_at: '2025-06-15T12:00:00.000Z', clarity: 8, empathy: 8, persuasion: 7 },
    ];
    // s1, s3 and s4 (a retry of s3) practise the raise talk; s2 the networking event.
    const sessions = [
      summary('s4', 'raise', 'Ask for a Raise', 's3'),
      summary('s3', 'raise', 'Ask for a Raise'),
      summary('s2', 'networking', 'Work the Room'),
      summary('s1', 'raise', 'Ask for a Raise'),
      summary('s9', 'unscored', 'Never Finished'),
    ];
    const picker = () => screen.getByRole('combobox', { name: 'Show' });

    it('lists each scored scenario with its attempts and draws the picked one, oldest attempt first', async () => {
      stubDashboardApi({ progress: records, sessions });
      openDashboard();
      await screen.findByRole('heading', { name: 'Progress Over Time' }, SLOW);
      await waitFor(() => expect((picker() as HTMLSelectElement).disabled).toBe(false));
      expect(
        within(picker())
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All scenarios', 'Ask for a Raise (3 attempts)', 'Work the Room (1 attempt)']);
      expect(screen.getByText('4 session(s) completed')).toBeTruthy();

      // A native select: focusable, and picked with the arrow keys as any select.
      picker().focus();
      expect(document.activeElement).toBe(picker());
      fireEvent.change(picker(), { target: { value: 'raise' } });
      expect(await screen.findByText('3 attempts of Ask for a Raise')).toBeTruthy();
      await waitFor(() =>
        expect((progressChart()!.options.xAxis as XAxisOptions).categories).toEqual([
          'Attempt 1 · Jun 10',
          'Attempt 2 · Jun 14',
          'Attempt 3 · Jun 15',
        ]),
      );
      const series = progressChart()!.options.series as Array<{ name: string; data: number[] }>;
      expect(series.map((s) => [s.name, s.data])).toEqual([
        ['Clarity', [5, 7.5, 8]],
        ['Empathy', [7, 7, 8]],
        ['Persuasion', [6, 5, 7]],
      ]);
      const yAxis = progressChart()!.options.yAxis as YAxisOptions;
      expect([yAxis.min, yAxis.max, yAxis.tickInterval]).toEqual([0, 10, 2]);

      fireEvent.change(picker(), { target: { value: '' } });
      expect(await screen.findByText('4 session(s) completed')).toBeTruthy();
    });

    it('asks for another attempt when the picked scenario has only one', async () => {
      stubDashboardApi({ progress: records, sessions });
      openDashboard();
      await screen.findByRole('heading', { name: 'Progress Over Time' }, SLOW);
      await waitFor(() => expect((picker() as HTMLSelectElement).disabled).toBe(false));
      fireEvent.change(picker(), { target: { value: 'networking' } });
      expect(await screen.findByText('1 attempt of Work the Room')).toBeTruthy();
      expect(screen.getByText('Practise this scenario again to see how your attempts compare.')).toBeTruthy();
    });

    it('says so when no scored session can be matched to a scenario, and keeps the chart of every session', async () => {
      stubDashboardApi({ progress: records, sessions: [] });
      openDashboard();
      expect(
        await screen.findByText('Your scored sessions will be listed here by scenario.', {}, SLOW),
      ).toBeTruthy();
      expect((picker() as HTMLSelectElement).disabled).toBe(true);
      expect(screen.getByText('4 session(s) completed')).toBeTruthy();
    });

    it('shows the loading state while the history is read, and why when it cannot be', async () => {
      let answer: (response: Response) => void = () => undefined;
      stubDashboardApi({
        progress: records,
        sessions: () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      openDashboard();
      expect(await screen.findByText('Loading your scenarios...', {}, SLOW)).toBeTruthy();
      expect(picker().getAttribute('aria-busy')).toBe('true');
      answer(json({ error: 'History is unavailable' }, 503));
      expect(await screen.findByText('History is unavailable')).toBeTruthy();
      expect(screen.getByText('4 session(s) completed')).toBeTruthy();
    });
  });
});
