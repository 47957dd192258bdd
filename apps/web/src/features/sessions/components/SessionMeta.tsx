import type { ReactNode } from 'react';
import { longDate } from './presentation';

export interface SessionMetaProps {
  /** The shared report's own title, when it has one. */
  report?: string;
  scenario?: string;
  /** ISO date of the session. */
  date: string;
  tone?: string | null;
}

/** What a replay or a shared report says about its session: report, scenario, long US date, tone. */
export function SessionMeta({ report, scenario, date, tone }: SessionMetaProps) {
  const rows: Array<[term: string, value: ReactNode, className?: string]> = [];
  if (report) rows.push(['Report', report]);
  if (scenario) rows.push(['Scenario', scenario]);
  rows.push(['Date', <time dateTime={date}>{longDate(date)}</time>]);
  if (tone) rows.push(['Tone', tone, 'replay__tone']);
  return (
    <dl className="replay__meta">
      {rows.map(([term, value, className]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd className={className}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
