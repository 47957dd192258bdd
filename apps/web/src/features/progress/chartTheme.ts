/** The colours and motion a chart takes from the page, so it follows the light or dark theme. */
export interface ChartTheme {
  text: string;
  muted: string;
  border: string;
  surface: string;
  fontFamily: string;
  /** One colour per series, in order. */
  series: [string, string, string];
  /** False when the user asked for reduced motion (the setting or the system preference). */
  animate: boolean;
}

const FALLBACK: Omit<ChartTheme, 'animate'> = {
  text: '#141a33',
  muted: '#4a5273',
  border: '#c9cee6',
  surface: '#ffffff',
  fontFamily: 'system-ui, sans-serif',
  series: ['#5a36f0', '#0e6f86', '#b35c00'],
};

/** Whether charts should skip their animations: the app's reduced-motion setting or the system's. */
export function prefersReducedMotion(root: HTMLElement = document.documentElement): boolean {
  if (root.getAttribute('data-reduced-motion') === 'true') return true;
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/** Reads the design tokens (libs/web/ui styles.css) as they currently resolve on <html>. */
export function readChartTheme(root: HTMLElement = document.documentElement): ChartTheme {
  const style = getComputedStyle(root);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: token('--pw-color-text', FALLBACK.text),
    muted: token('--pw-color-muted', FALLBACK.muted),
    border: token('--pw-color-border', FALLBACK.border),
    surface: token('--pw-color-surface', FALLBACK.surface),
    fontFamily: token('--pw-font-sans', FALLBACK.fontFamily),
    series: [
      token('--pw-color-primary', FALLBACK.series[0]),
      token('--pw-color-accent', FALLBACK.series[1]),
      token('--pw-color-focus', FALLBACK.series[2]),
    ],
    animate: !prefersReducedMotion(root),
  };
}
