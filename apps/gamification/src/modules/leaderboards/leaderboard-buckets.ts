import type { LeaderboardCategory, LeaderboardPeriod } from '@parley/contracts';
import {
  addDays,
  isoWeekDays,
  isoWeekOf,
  monthDays,
  monthOf,
  utcDay,
  utcStartOf,
  type Day,
} from '../progression/domain/calendar';

/*
 * Which board a score belongs to. Boards are global, so weeks (ISO, Monday first) and months are UTC's;
 * XP, sessions and badges fall in the week and month of the instant they were earned, a streak in those
 * of the calendar day it ran on. All-time has one bucket.
 */

export interface Bucket {
  period: LeaderboardPeriod;
  /** 'all', 'week:2026-W48' or 'month:2026-11'. */
  key: string;
  /** The week or month shown to people; null for all-time. */
  label: string | null;
  /** Calendar days the bucket covers (inclusive); null for all-time. */
  days: { first: Day; last: Day } | null;
}

export const ALL_TIME: Bucket = { period: 'all-time', key: 'all', label: null, days: null };

export function bucketOf(period: LeaderboardPeriod, day: Day): Bucket {
  if (period === 'all-time') return ALL_TIME;
  if (period === 'weekly') {
    const label = isoWeekOf(day);
    return { period, key: `week:${label}`, label, days: isoWeekDays(day) };
  }
  const label = monthOf(day);
  return { period, key: `month:${label}`, label, days: monthDays(day) };
}

/** The all-time, weekly and monthly buckets of the given days, without repeats. */
export function bucketsOf(days: Iterable<Day>): Bucket[] {
  const found = new Map<string, Bucket>([[ALL_TIME.key, ALL_TIME]]);
  for (const day of days) {
    for (const period of ['weekly', 'monthly'] as const) {
      const bucket = bucketOf(period, day);
      found.set(bucket.key, bucket);
    }
  }
  return [...found.values()];
}

/** The buckets people see now: the current week, the current month and all-time. */
export function currentBuckets(now: Date = new Date()): Bucket[] {
  return bucketsOf([utcDay(now)]);
}

/** The half-open range of instants [from, to) a weekly or monthly bucket covers. */
export function instantRange(bucket: Bucket): { from: Date; to: Date } | null {
  if (!bucket.days) return null;
  return { from: utcStartOf(bucket.days.first), to: utcStartOf(addDays(bucket.days.last, 1)) };
}

/** How long a period board is kept after its last write: long enough to outlive its period. */
export function ttlSeconds(bucket: Bucket): number | null {
  if (bucket.period === 'weekly') return 35 * 86_400;
  if (bucket.period === 'monthly') return 400 * 86_400;
  return null;
}

/** The period before a weekly or monthly bucket (the week or month before it), for most-improved. */
export function previousRange(bucket: Bucket): { from: Date; to: Date } | null {
  if (!bucket.days) return null;
  const previous = bucketOf(bucket.period, addDays(bucket.days.first, -1));
  return instantRange(previous);
}

export const CATEGORY_ORDER: readonly LeaderboardCategory[] = [
  'xp',
  'streak',
  'sessions',
  'badges',
  'most-improved',
];
