import { dayIn } from '../../progression/domain/calendar';
import {
  missedDays,
  streakRuns,
  streakToday,
  summarizeStreak,
  type ActiveDay,
} from '../../progression/domain/streaks';

/** An active day as the service stores it: the learner's date at `at` in `zone`, and that instant. */
const active = (at: string, zone: string): ActiveDay => ({
  day: dayIn(new Date(at), zone),
  lastAt: new Date(at),
  zone,
});

describe('streak freezes', () => {
  it('a freeze covers a missed day: the streak goes on without growing, and without one it breaks', () => {
    const days = ['2026-11-20', '2026-11-21', '2026-11-23'];
    expect(summarizeStreak(days).current).toBe(1);
    expect(summarizeStreak(days, new Set(['2026-11-22'])).current).toBe(3);
    expect(streakRuns(days, new Set(['2026-11-22'])).map((r) => r.streak)).toEqual([1, 2, 3]);
  });

  it('two missed days need two freezes; one is not enough', () => {
    const days = ['2026-11-20', '2026-11-23'];
    expect(summarizeStreak(days, new Set(['2026-11-21'])).current).toBe(1);
    expect(summarizeStreak(days, new Set(['2026-11-21', '2026-11-22'])).current).toBe(2);
  });

  it('on the day after a missed day, a held freeze keeps the streak alive from the learner’s midnight', () => {
    const zone = 'Europe/Paris';
    const last = active('2026-11-20T20:00:00Z', zone); // Fri 21:00 in Paris
    // Sat 21 passes without practice; at 00:00:30 on Sunday in Paris (23:00:30 UTC Saturday)…
    const sundayJustAfterMidnight = dayIn(new Date('2026-11-21T23:00:30Z'), zone);
    expect(sundayJustAfterMidnight).toBe('2026-11-22');
    expect(streakToday({ current: 5, last }, sundayJustAfterMidnight, zone, 1)).toEqual({
      streak: 5,
      frozen: ['2026-11-21'],
    });
    expect(streakToday({ current: 5, last }, sundayJustAfterMidnight, zone, 0)).toEqual({
      streak: 0,
      frozen: [],
    });
    // …while 30 s before that midnight Saturday is still today: nothing is missed, nothing is spent.
    const saturdayLate = dayIn(new Date('2026-11-21T22:59:30Z'), zone);
    expect(streakToday({ current: 5, last }, saturdayLate, zone, 1)).toEqual({ streak: 5, frozen: [] });
  });

  it('more missed days than freezes: the streak is 0 and the freezes are kept', () => {
    const last: ActiveDay = { day: '2026-11-18' };
    expect(streakToday({ current: 9, last }, '2026-11-22', 'UTC', 2)).toEqual({ streak: 0, frozen: [] });
    expect(streakToday({ current: 9, last }, '2026-11-21', 'UTC', 2)).toEqual({
      streak: 9,
      frozen: ['2026-11-19', '2026-11-20'],
    });
  });

  it('counts a missed day across the spring-forward night (a 23-hour day) exactly once', () => {
    // New York springs forward on Sunday 8 March 2026. Active Saturday, nothing on Sunday, back Monday.
    const zone = 'America/New_York';
    const saturday = active('2026-03-07T23:00:00Z', zone); // Sat 18:00 EST
    const monday = active('2026-03-09T04:30:00Z', zone); // Mon 00:30 EDT
    expect(monday.day).toBe('2026-03-09');
    expect(missedDays(saturday, monday)).toEqual({ count: 1, days: ['2026-03-08'] });
    expect(summarizeStreak([saturday, monday], new Set(['2026-03-08'])).current).toBe(2);
  });

  it('counts no missed day across the fall-back night (a 25-hour day) when both sides were active', () => {
    // New York falls back on Sunday 1 November 2026: 01:00–02:00 happens twice.
    const zone = 'America/New_York';
    const saturday = active('2026-11-01T03:59:00Z', zone); // Sat 31 Oct 23:59 EDT
    const sunday = active('2026-11-02T04:59:00Z', zone); // Sun 1 Nov 23:59 EST, 25 hours later
    expect([saturday.day, sunday.day]).toEqual(['2026-10-31', '2026-11-01']);
    expect(missedDays(saturday, sunday).count).toBe(0);
    expect(summarizeStreak([saturday, sunday]).current).toBe(2);
  });

  it('a change of time zone that jumps over a date is not a missed day', () => {
    // Last practice Monday 20:00 in Los Angeles; the learner flies to Tokyo and practises Wednesday 08:00
    // there, 19 hours later. The calendar jumped from Monday to Wednesday; no day went by unpractised.
    const monday = active('2026-11-24T04:00:00Z', 'America/Los_Angeles');
    const wednesday = active('2026-11-24T23:00:00Z', 'Asia/Tokyo');
    expect([monday.day, wednesday.day]).toEqual(['2026-11-23', '2026-11-25']);
    expect(missedDays(monday, wednesday).count).toBe(0);
    expect(summarizeStreak([monday, wednesday]).current).toBe(2);
    // Read on the calendar alone (no instants), the same two dates would be a break.
    expect(summarizeStreak([monday.day, wednesday.day]).current).toBe(1);
  });

  it('flying west repeats a date instead: the next day continues the streak, no freeze is used', () => {
    const tokyoTuesday = active('2026-11-23T17:00:00Z', 'Asia/Tokyo'); // Tue 02:00 in Tokyo
    const laTuesday = active('2026-11-25T03:00:00Z', 'America/Los_Angeles'); // Tue 19:00 in LA
    expect([tokyoTuesday.day, laTuesday.day]).toEqual(['2026-11-24', '2026-11-24']);
    const laWednesday = active('2026-11-25T17:00:00Z', 'America/Los_Angeles');
    expect(missedDays(tokyoTuesday, laWednesday).count).toBe(0);
    expect(summarizeStreak([tokyoTuesday, laWednesday]).current).toBe(2);
  });

  it('a real missed day after a zone change still needs a freeze', () => {
    const paris = active('2026-11-20T12:00:00Z', 'Europe/Paris'); // Fri 13:00 in Paris
    const newYorkSunday = active('2026-11-22T15:00:00Z', 'America/New_York'); // Sun 10:00 in New York
    expect(missedDays(paris, newYorkSunday)).toEqual({ count: 1, days: ['2026-11-21'] });
    expect(summarizeStreak([paris, newYorkSunday]).current).toBe(1);
    expect(summarizeStreak([paris, newYorkSunday], new Set(['2026-11-21'])).current).toBe(2);
  });
});
