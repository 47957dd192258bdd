import { STREAK_MILESTONES } from '@parley/contracts';
import { addDays, dayIn, daysBetween, type Day } from './calendar';

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

/**
 * An active day with what the streak needs to judge the gap after it: the last activity of that day and
 * the time zone the next day was counted in. Plain dates (no instant, no zone) are judged by the calendar.
 */
export interface ActiveDay {
  day: Day;
  /** The last activity on that day. */
  lastAt?: Date;
  /** The zone the day was counted in. */
  zone?: string;
}

const asActive = (d: Day | ActiveDay): ActiveDay => (typeof d === 'string' ? { day: d } : d);

/**
 * The calendar days without activity between an active day and a later one, as the learner's calendar
 * read when the later one happened (its zone): after a change of time zone the last activity is re-read
 * in the new zone, so a date the clock jumped over is not a missed day. At most `limit` are listed;
 * `count` is all of them.
 */
export function missedDays(
  previous: ActiveDay,
  next: { day: Day; zone?: string },
  limit = 31,
): { count: number; days: Day[] } {
  // In the same zone the last activity reads as its own day; only a change of zone needs re-reading.
  const reread =
    previous.lastAt && next.zone && next.zone !== previous.zone
      ? dayIn(previous.lastAt, next.zone)
      : previous.day;
  const from = reread > previous.day ? reread : previous.day;
  const count = Math.max(0, daysBetween(from, next.day) - 1);
  const days: Day[] = [];
  for (let i = 1; i <= Math.min(count, limit); i++) days.push(addDays(from, i));
  return { count, days };
}

/**
 * Each active day with the run length ending on it, oldest first. Duplicates count once. A run goes on
 * over missed days that a freeze covered (`frozen`): they keep the streak but do not lengthen it.
 */
export function streakRuns(
  days: Iterable<Day | ActiveDay>,
  frozen: ReadonlySet<Day> = new Set(),
): DayStreak[] {
  const byDay = new Map<Day, ActiveDay>();
  for (const d of days) {
    const a = asActive(d);
    if (!byDay.has(a.day)) byDay.set(a.day, a);
  }
  const sorted = [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const runs: DayStreak[] = [];
  let previous: ActiveDay | undefined;
  for (const active of sorted) {
    const last = runs[runs.length - 1];
    let joined = false;
    if (last && previous) {
      // Consecutive days (the common case) need no more; a gap needs every missed day frozen.
      const count = missedDays(previous, active, 0).count;
      joined =
        count === 0 ||
        (count <= frozen.size && missedDays(previous, active, count).days.every((d) => frozen.has(d)));
    }
    runs.push({ day: active.day, streak: joined && last ? last.streak + 1 : 1 });
    previous = active;
  }
  return runs;
}

export interface StreakSummary {
  /** The run that ends on the last active day. */
  current: number;
  longest: number;
  lastActiveDay: Day | null;
}

export function summarizeStreak(
  days: Iterable<Day | ActiveDay>,
  frozen: ReadonlySet<Day> = new Set(),
): StreakSummary {
  const runs = streakRuns(days, frozen);
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

/**
 * The streak on `today` with freezes: missed days since the last active day are covered, oldest first,
 * by the freezes held; while they all are, the streak lives (and those days show as frozen, even before
 * the next activity writes the use down). More missed days than freezes: the streak is 0 and the freezes
 * stay held (the next activity starts a new run and nothing is spent on a lost cause).
 */
export function streakToday(
  summary: Pick<StreakSummary, 'current'> & { last: ActiveDay | null },
  today: Day,
  zone: string,
  freezesHeld: number,
): { streak: number; frozen: Day[] } {
  if (!summary.last) return { streak: 0, frozen: [] };
  const missed = missedDays(summary.last, { day: today, zone }, freezesHeld);
  if (missed.count > freezesHeld) return { streak: 0, frozen: [] };
  return { streak: summary.current, frozen: missed.days };
}

/** The milestones (7, 30, 100 days) a longest streak reaches when it grows from `before` to `after`. */
export function milestonesReached(before: number, after: number): number[] {
  return STREAK_MILESTONES.filter((m) => before < m && after >= m);
}
