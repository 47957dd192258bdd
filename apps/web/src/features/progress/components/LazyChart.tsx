import { Spinner } from '@parley/web-ui';
import type { Options } from 'highcharts';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChartTheme } from '../chartTheme';
import { useChartTheme } from './useChartTheme';
import './LazyChart.css';

type HighchartsModule = typeof import('../highcharts').default;

/** Highcharts is fetched on first use only (its own chunk); every chart shares the one download. */
let highchartsPromise: Promise<HighchartsModule> | undefined;
export function loadHighcharts(): Promise<HighchartsModule> {
  highchartsPromise ??= import('../highcharts').then((module) => module.default);
  highchartsPromise.catch(() => {
    highchartsPromise = undefined;
  });
  return highchartsPromise;
}

export interface LazyChartProps {
  /** Builds the chart's options for the current theme; keep it stable (useCallback) between renders. */
  build: (theme: ChartTheme) => Options;
  /** What the chart shows, for assistive technology. */
  label: string;
  /** Height in pixels; the placeholder keeps it, so nothing jumps when the chart arrives. */
  height?: number;
}

/** A Highcharts chart that shows a placeholder while the library loads, following theme and motion settings. */
export function LazyChart({ build, label, height = 320 }: LazyChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const [highcharts, setHighcharts] = useState<HighchartsModule | null>(null);
  const [failed, setFailed] = useState(false);
  const theme = useChartTheme();
  const options = useMemo(() => build(theme), [build, theme]);

  useEffect(() => {
    let live = true;
    loadHighcharts().then(
      (module) => {
        if (live) setHighcharts(() => module);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!highcharts || !container.current) return undefined;
    const chart = highcharts.chart(container.current, options);
    return () => chart.destroy();
  }, [highcharts, options]);

  return (
    <div className="lazy-chart" role="group" aria-label={label} style={{ minHeight: height }}>
      {highcharts ? null : (
        <div className="lazy-chart__placeholder" role="status" data-testid="chart-placeholder">
          {failed ? (
            <span>Chart unavailable. Reload the page to try again.</span>
          ) : (
            <>
              <Spinner />
              <span>Loading chart...</span>
            </>
          )}
        </div>
      )}
      <div
        ref={container}
        className="lazy-chart__canvas"
        hidden={!highcharts}
        style={{ height }}
        data-testid="chart"
      />
    </div>
  );
}
