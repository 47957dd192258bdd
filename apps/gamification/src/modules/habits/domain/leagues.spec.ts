import {
  latestDueWeek,
  leagueWeekOf,
  mondayOfWeek,
  rankStandings,
  settle,
  settlesAt,
  startOfDayIn,
  zonesFor,
} from './leagues';

const at = (iso: string) => new Date(iso);

describe('league weeks', () => {
  it('a week runs Monday 00:00 to Monday 00:00 in the learner’s zone, one second either side', () => {
    const zone = 'Europe/Paris'; // UTC+1 in November
    const sundayLate = leagueWeekOf(at('2026-11-29T22:59:59Z'), zone); // Sun 23:59:59 Paris
    const mondayStart = leagueWeekOf(at('2026-11-29T23:00:00Z'), zone); // Mon 00:00:00 Paris
    expect(sundayLate.week).toBe('2026-W48');
    expect(mondayStart.week).toBe('2026-W49');
    expect(mondayStart.from.toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(sundayLate.to.toISOString()).toBe('2026-11-29T23:00:00.000Z');
  });

  it('the same instant can be in different weeks for learners in different zones', () => {
    const instant = at('2026-11-30T03:00:00Z'); // Monday 12:00 in Tokyo, Sunday 19:00 in Los Angeles
    expect(leagueWeekOf(instant, 'Asia/Tokyo').week).toBe('2026-W49');
    expect(leagueWeekOf(instant, 'America/Los_Angeles').week).toBe('2026-W48');
  });

  it('a week with a DST change is 167 or 169 hours long, bounded by local midnights', () => {
    const spring = leagueWeekOf(at('2026-03-04T12:00:00Z'), 'America/New_York'); // week of 2 March
    expect(spring.from.toISOString()).toBe('2026-03-02T05:00:00.000Z'); // 00:00 EST
    expect(spring.to.toISOString()).toBe('2026-03-09T04:00:00.000Z'); // 00:00 EDT
    expect((spring.to.getTime() - spring.from.getTime()) / 3_600_000).toBe(167);
    const autumn = leagueWeekOf(at('2026-10-28T12:00:00Z'), 'Europe/Berlin'); // week of 26 October 2026
    expect((autumn.to.getTime() - autumn.from.getTime()) / 3_600_000).toBe(168);
    const fallBack = leagueWeekOf(at('2026-10-21T12:00:00Z'), 'Europe/Berlin'); // 19–26 Oct, clocks back on the 25th
    expect((fallBack.to.getTime() - fallBack.from.getTime()) / 3_600_000).toBe(169);
    expect(startOfDayIn('2026-10-26', 'Europe/Berlin').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('settles every week at Monday 12:00 UTC after it, when even UTC−12’s week is over', () => {
    expect(mondayOfWeek('2026-W48')).toBe('2026-11-23');
    expect(mondayOfWeek('2027-W01')).toBe('2027-01-04');
    expect(settlesAt('2026-W48').toISOString()).toBe('2026-11-30T12:00:00.000Z');
    expect(leagueWeekOf(at('2026-11-30T11:59:59Z'), 'Etc/GMT+12').week).toBe('2026-W48');
    expect(leagueWeekOf(at('2026-11-30T12:00:00Z'), 'Etc/GMT+12').week).toBe('2026-W49');
    expect(latestDueWeek(at('2026-11-30T11:59:59Z'))).toBe('2026-W47');
    expect(latestDueWeek(at('2026-11-30T12:00:00Z'))).toBe('2026-W48');
    expect(latestDueWeek(at('2027-01-04T12:00:00Z'))).toBe('2026-W53');
  });
});

describe('league zones and settlement', () => {
  it('a full league of 30 sends the top 7 up and the bottom 5 down', () => {
    expect(zonesFor(30, 3)).toEqual({ promotion: 7, demotion: 5 });
    expect(zonesFor(30, 0)).toEqual({ promotion: 7, demotion: 0 }); // nobody below Bronze
    expect(zonesFor(30, 9)).toEqual({ promotion: 0, demotion: 5 }); // nobody above Diamond
  });

  it('a smaller league scales its zones down and never lets them overlap', () => {
    expect(zonesFor(12, 2)).toEqual({ promotion: 3, demotion: 2 });
    expect(zonesFor(3, 2)).toEqual({ promotion: 1, demotion: 0 });
    expect(zonesFor(1, 2)).toEqual({ promotion: 1, demotion: 0 });
    for (let n = 0; n <= 30; n++) {
      const z = zonesFor(n, 4);
      expect(z.promotion + z.demotion).toBeLessThanOrEqual(n);
    }
  });

  it('ranks by XP this week, then by who joined first, then by id', () => {
    const t = (m: number) => new Date(Date.UTC(2026, 10, 23, 0, m));
    const ranked = rankStandings([
      { userId: 'b', weekXp: 100, placedAt: t(2) },
      { userId: 'c', weekXp: 100, placedAt: t(1) },
      { userId: 'a', weekXp: 300, placedAt: t(3) },
      { userId: 'd', weekXp: 100, placedAt: t(1) },
    ]);
    expect(ranked.map((r) => `${r.rank}${r.userId}`)).toEqual(['1a', '2c', '3d', '4b']);
  });

  it('settles a league of 30: ranks 1–7 promoted, 8–25 stay, 26–30 demoted', () => {
    const members = Array.from({ length: 30 }, (_, i) => ({
      userId: `u${String(i).padStart(2, '0')}`,
      weekXp: 1000 - i * 10,
      placedAt: new Date(0),
    }));
    const results = settle(members, 2);
    expect(results.filter((r) => r.outcome === 'promoted').map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(results.filter((r) => r.outcome === 'demoted').map((r) => r.rank)).toEqual([26, 27, 28, 29, 30]);
    expect(results.find((r) => r.rank === 1)!.tierAfter).toBe(3);
    expect(results.find((r) => r.rank === 30)!.tierAfter).toBe(1);
    expect(results.find((r) => r.rank === 8)!.tierAfter).toBe(2);
  });
});
