import { STREAK_MILESTONES } from '@parley/contracts';
import { addDays, daysBetween, type Day } from './calendar';

/*
 * Streaks count calendar days, in the user's time zone, on which the user was active (signed in or
 * completed a practice session). Two activities on one day count once; a day without any breaks the run.
 * Everything is derived from the set of active days, so events that arrive late or out of order give the
 * same answer as events in order.
 */

export interface DayStreak {
  day: Day;
  /** Length of the run of consecutive active days that ends on this day. */
  streak: number;
}

/** Each active day with the run length ending on it, oldest first. Duplicates count once. */
export function streakRuns(days: Iterable<Day>): DayStreak[] {
  const sorted = [...new Set(days)].sort();
  const runs: DayStreak[] = [];
  for (const day of sorted) {
    const previous = runs[runs.length - 1];
    const streak = previous && addDays(previous.day, 1) === day ? previous.streak + 1 : 1;
    runs.push({ day, streak });
  }
  return runs;
}

export interface StreakSummary {
  /** The run that ends on the last active day. */
  current: number;
  longest: number;
  lastActiveDay: Day | null;
}

export function summarizeStreak(days: Iterable<Day>): StreakSummary {
  const runs = streakRuns(days);
  const last = runs[runs.length - 1];
  return {
    current: last?.streak ?? 0,
    longest: runs.reduce((max, r) => Math.max(max, r.streak), 0),
    lastActiveDay: last?.day ?? null,
  };
}

/**
 * The streak to show on `today` (the user's calendar date): the run ending on the last active day while
 * that day is today or yesterday; once a whole day has passed without activity it is 0.
 */
export function visibleStreak(summary: Pick<StreakSummary, 'current' | 'lastActiveDay'>, today: Day): number {
  if (!summary.lastActiveDay) return 0;
  return daysBetween(summary.lastActiveDay, today) <= 1 ? summary.current : 0;
}

/** The milestones (7, 30, 100 days) a longest streak reaches when it grows from `before` to `after`. */
export function milestonesReached(before: number, after: number): number[] {
  return STREAK_MILESTONES.filter((m) => before < m && after >= m);
}
