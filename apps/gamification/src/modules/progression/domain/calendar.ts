import { toIanaTimeZone } from '@parley/contracts';

/*
 * Calendar arithmetic with no I/O. A "day" is a calendar date written YYYY-MM-DD; the wall clock of an
 * instant in a time zone comes from Intl, so daylight-saving changes are tzdata's, not ours.
 */

export type Day = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  const zone = toIanaTimeZone(timeZone);
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The user's wall clock at an instant: calendar date, hour (0–23) and ISO weekday (1 Monday … 7 Sunday). */
export function wallClock(instant: Date, timeZone: string): { day: Day; hour: number; weekday: number } {
  const parts = formatter(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return {
    day: `${get('year')}-${get('month')}-${get('day')}`,
    hour: Number(get('hour')),
    weekday: weekdays.indexOf(get('weekday')) + 1,
  };
}

/** The calendar date of an instant in a time zone (the settings' UTC/EST/PST or an IANA name). */
export function dayIn(instant: Date, timeZone: string): Day {
  return wallClock(instant, timeZone).day;
}

function toUtcMidnight(day: Day): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function fromUtcMidnight(ms: number): Day {
  return new Date(ms).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

export function addDays(day: Day, n: number): Day {
  return fromUtcMidnight(toUtcMidnight(day) + n * DAY_MS);
}

/** Whole calendar days from `a` to `b` (positive when b is later). */
export function daysBetween(a: Day, b: Day): number {
  return Math.round((toUtcMidnight(b) - toUtcMidnight(a)) / DAY_MS);
}

/** ISO 8601 week of a calendar date, e.g. 2026-W48 (weeks start on Monday; week 1 holds 4 January). */
export function isoWeekOf(day: Day): string {
  const ms = toUtcMidnight(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(ms + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Monday and Sunday of the ISO week a date is in. */
export function isoWeekDays(day: Day): { first: Day; last: Day } {
  const weekday = (new Date(toUtcMidnight(day)).getUTCDay() + 6) % 7;
  const first = addDays(day, -weekday);
  return { first, last: addDays(first, 6) };
}

export function monthOf(day: Day): string {
  return day.slice(0, 7);
}

export function monthDays(day: Day): { first: Day; last: Day } {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return {
    first: fromUtcMidnight(Date.UTC(y, m - 1, 1)),
    last: fromUtcMidnight(Date.UTC(y, m, 0)),
  };
}

/** The UTC calendar date of an instant. */
export function utcDay(instant: Date): Day {
  return instant.toISOString().slice(0, 10);
}

/** The instant a UTC calendar date starts. */
export function utcStartOf(day: Day): Date {
  return new Date(toUtcMidnight(day));
}
