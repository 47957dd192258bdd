import { useEffect, useState } from 'react';
import { readChartTheme, type ChartTheme } from '../chartTheme';

const WATCHED_ATTRIBUTES = ['data-theme', 'data-contrast', 'data-reduced-motion'];
const WATCHED_QUERIES = ['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)'];

/** The chart theme, read again whenever the app's theme settings or the system's preferences change. */
export function useChartTheme(): ChartTheme {
  const [theme, setTheme] = useState(readChartTheme);

  useEffect(() => {
    const refresh = () => setTheme(readChartTheme());
    const observer = new MutationObserver(refresh);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: WATCHED_ATTRIBUTES });
    const queries =
      typeof window.matchMedia === 'function' ? WATCHED_QUERIES.map((q) => window.matchMedia(q)) : [];
    for (const query of queries) query.addEventListener('change', refresh);
    return () => {
      observer.disconnect();
      for (const query of queries) query.removeEventListener('change', refresh);
    };
  }, []);

  return theme;
}
