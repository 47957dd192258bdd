import { render, screen, waitFor } from '@testing-library/react';
import type { Options } from 'highcharts';
import { describe, expect, it, vi } from 'vitest';
import type { ChartTheme } from '../chartTheme';
import { LazyChart } from '../components/LazyChart';

const charts = vi.hoisted(() => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    gate,
    release: () => release(),
    created: [] as Array<{ container: HTMLElement; options: Options; destroyed: boolean }>,
  };
});

// The Highcharts download, held back until the test releases it.
vi.mock('../highcharts', async () => {
  await charts.gate;
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

const build = (theme: ChartTheme): Options => ({
  chart: { animation: theme.animate },
  series: [{ type: 'line', name: 'Clarity', data: [1, 2] }],
});

describe('LazyChart', () => {
  it('shows a placeholder while Highcharts loads, then draws the built options and cleans up', async () => {
    const { unmount } = render(<LazyChart build={build} label="Scores per session" />);
    expect(screen.getByTestId('chart-placeholder').textContent).toBe('Loading chart...');
    expect(screen.getByRole('group', { name: 'Scores per session' })).toBeTruthy();
    expect(charts.created).toHaveLength(0);

    charts.release();
    await waitFor(() => expect(charts.created).toHaveLength(1));
    expect(screen.queryByTestId('chart-placeholder')).toBeNull();
    const [chart] = charts.created;
    expect(chart!.container).toBe(screen.getByTestId('chart'));
    expect(chart!.options).toEqual(build({ animate: true } as ChartTheme));

    unmount();
    expect(chart!.destroyed).toBe(true);
  });
});
