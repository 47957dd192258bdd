import { LEAGUE_TIERS } from '@parley/contracts';
import {
  addDays,
  dayIn,
  isoWeekDays,
  isoWeekOf,
  utcDay,
  utcStartOf,
  type Day,
} from '../../progression/domain/calendar';
import { LEAGUE } from './habits.data';

/*
 * Weekly leagues with no I/O. A learner's league week runs from Monday 00:00 to the next Monday 00:00 in
 * their own time zone and is named by the ISO week of that Monday. Every week is settled at one fixed UTC
 * instant, Monday 12:00 UTC after it, when the week has ended in every zone (docs/adr/0019).
 */

const toUtcMidnight = (day: Day): number => utcStartOf(day).getTime();

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
export function zoneOffsetMs(instant: Date, zone: string): number {
  let f = offsetFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a calendar day begins in a zone (DST-aware: two passes settle the offset of that instant). */
export function startOfDayIn(day: Day, zone: string): Date {
  const midnight = toUtcMidnight(day);
  let t = midnight - zoneOffsetMs(new Date(midnight), zone);
  t = midnight - zoneOffsetMs(new Date(t), zone);
  return new Date(t);
}

export interface LeagueWeek {
  /** ISO week of the learner's Monday, e.g. 2026-W48. */
  week: string;
  /** Monday 00:00 in the learner's zone … the next Monday 00:00 there. */
  from: Date;
  to: Date;
}

/** The name of the league week an instant falls in, for a learner in `zone` (cheap: no bounds). */
export function leagueWeekLabel(at: Date, zone: string): string {
  return isoWeekOf(dayIn(at, zone));
}

/** The league week an instant falls in, for a learner in `zone`. */
export function leagueWeekOf(at: Date, zone: string): LeagueWeek {
  const monday = isoWeekDays(dayIn(at, zone)).first;
  return {
    week: isoWeekOf(monday),
    from: startOfDayIn(monday, zone),
    to: startOfDayIn(addDays(monday, 7), zone),
  };
}

/** The Monday (a calendar date) an ISO week label starts on. */
export function mondayOfWeek(week: string): Day {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) throw new Error(`not an ISO week: ${week}`);
  const year = Number(match[1]);
  // 4 January is always in week 1.
  const jan4 = `${year}-01-04`;
  return addDays(isoWeekDays(jan4).first, (Number(match[2]) - 1) * 7);
}

/** When a week is settled: the Monday after it, at the fixed UTC hour. */
export function settlesAt(week: string): Date {
  return new Date(toUtcMidnight(addDays(mondayOfWeek(week), 7)) + LEAGUE.settleHourUtcMonday * 3_600_000);
}

/** The latest week whose settlement time has come at `now` (every week up to it may be settled). */
export function latestDueWeek(now: Date): string {
  const monday = isoWeekDays(utcDay(now)).first;
  const lastWeek = isoWeekOf(addDays(monday, -7));
  return now.getTime() >= settlesAt(lastWeek).getTime() ? lastWeek : isoWeekOf(addDays(monday, -14));
}

/**
 * The promotion and demotion zones of a league with `members` at `tier`: 7 up and 5 down in a full
 * league of 30, scaled down for a smaller one (rounded up for promotion, down for demotion), never
 * overlapping; nobody goes above Diamond or below Bronze.
 */
export function zonesFor(members: number, tier: number): { promotion: number; demotion: number } {
  const top = LEAGUE_TIERS.length - 1;
  const promotion =
    tier >= top ? 0 : Math.min(LEAGUE.promote, members, Math.ceil((members * LEAGUE.promote) / LEAGUE.size));
  const demotion =
    tier <= 0
      ? 0
      : Math.min(LEAGUE.demote, Math.floor((members * LEAGUE.demote) / LEAGUE.size), members - promotion);
  return { promotion, demotion: Math.max(0, demotion) };
}

export interface Standing {
  userId: string;
  weekXp: number;
  placedAt: Date;
}

/** Rank order: most XP this week first; equal XP, who joined the league first; then the user id. */
export function rankStandings<T extends Standing>(members: T[]): Array<T & { rank: number }> {
  return [...members]
    .sort(
      (a, b) =>
        b.weekXp - a.weekXp ||
        a.placedAt.getTime() - b.placedAt.getTime() ||
        (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
    )
    .map((m, i) => ({ ...m, rank: i + 1 }));
}

export type Outcome = 'promoted' | 'stayed' | 'demoted';

/** What settlement does to each member of one league. */
export function settle<T extends Standing>(
  members: T[],
  tier: number,
): Array<T & { rank: number; outcome: Outcome; tierAfter: number }> {
  const ranked = rankStandings(members);
  const { promotion, demotion } = zonesFor(ranked.length, tier);
  return ranked.map((m) => {
    const outcome: Outcome =
      m.rank <= promotion ? 'promoted' : m.rank > ranked.length - demotion ? 'demoted' : 'stayed';
    const tierAfter = outcome === 'promoted' ? tier + 1 : outcome === 'demoted' ? tier - 1 : tier;
    return { ...m, outcome, tierAfter };
  });
}
