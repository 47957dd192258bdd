import type { ProgressRecord } from '@parley/contracts';

/** The three scored skills (spec sections 2 and 3), in the order the cards and the chart show them. */
export const SKILLS = [
  { key: 'clarity', label: 'Clarity' },
  { key: 'empathy', label: 'Empathy' },
  { key: 'persuasion', label: 'Persuasion' },
] as const;
export type SkillKey = (typeof SKILLS)[number]['key'];

/** The chart's fixed y axis (spec section 9): scores 0 to 10, a tick every 2. */
export const SCORE_AXIS = { min: 0, max: 10, tickInterval: 2 } as const;

export type Trend = 'up' | 'down' | 'flat';

export interface SkillSummary {
  key: SkillKey;
  label: string;
  /** Mean over all sessions, to one decimal. */
  average: number;
  /** Last session minus first session, to one decimal. */
  change: number;
  trend: Trend;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Average and change per skill; `records` oldest first, at least one. */
export function summarizeProgress(records: readonly ProgressRecord[]): SkillSummary[] {
  const first = records[0];
  const last = records[records.length - 1];
  return SKILLS.map(({ key, label }) => {
    const total = records.reduce((sum, record) => sum + record[key], 0);
    const average = records.length > 0 ? oneDecimal(total / records.length) : 0;
    // `+ 0` turns -0 into 0, so a tiny drop that rounds away reads as no change.
    const change = first && last ? oneDecimal(last[key] - first[key]) + 0 : 0;
    return { key, label, average, change, trend: change > 0 ? 'up' : change < 0 ? 'down' : 'flat' };
  });
}

/** '+1.5' when positive, '-0.5' when negative, '0.0' when unchanged. */
export function formatChange(change: number): string {
  return `${change > 0 ? '+' : ''}${change.toFixed(1)}`;
}

/** The caption under the chart (spec section 2). */
export const sessionsCompletedCaption = (count: number) => `${count} session(s) completed`;

/** A session's date on the chart's x axis, e.g. 'Jun 14'. */
export function sessionDateLabel(createdAt: string): string {
  return new Date(createdAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/**
 * The x axis labels of sessions: the date alone ('Jun 14') where it is the only session that day, the date
 * and time ('Jun 14, 9:05 AM') where the day had several — three sessions on one day are three points
 * that can be told apart, not 'Nov 25 / Nov 25 / Nov 25'.
 */
export function sessionDateLabels(createdAts: readonly string[]): string[] {
  const days = createdAts.map(sessionDateLabel);
  const perDay = new Map<string, number>();
  for (const day of days) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  return createdAts.map((createdAt, i) =>
    perDay.get(days[i]!)! > 1
      ? `${days[i]}, ${new Date(createdAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`
      : days[i]!,
  );
}
