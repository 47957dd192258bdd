import { dayIn } from './calendar';
import { milestonesReached, streakRuns, summarizeStreak, visibleStreak } from './streaks';

const days = (zone: string, ...instants: string[]) => instants.map((i) => dayIn(new Date(i), zone));

describe('streaks', () => {
  it('counts consecutive active days, and practising twice on one day counts once', () => {
    expect(summarizeStreak(['2026-11-20', '2026-11-21', '2026-11-21', '2026-11-22'])).toEqual({
      current: 3,
      longest: 3,
      lastActiveDay: '2026-11-22',
    });
  });

  it('resets after a missed day and remembers the longest run', () => {
    const summary = summarizeStreak(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-05', '2026-11-06']);
    expect(summary).toEqual({ current: 2, longest: 3, lastActiveDay: '2026-11-06' });
    expect(streakRuns(['2026-11-03', '2026-11-05', '2026-11-04']).map((r) => r.streak)).toEqual([1, 2, 3]);
  });

  it('gives the same answer for days that arrive out of order', () => {
    const inOrder = summarizeStreak(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(summarizeStreak(['2026-11-03', '2026-11-01', '2026-11-02'])).toEqual(inOrder);
  });

  it('crosses midnight in the user’s zone: 23:50 and 00:10 are two days, 00:10 and 23:50 one', () => {
    const zone = 'Europe/Paris'; // UTC+1 in November
    expect(summarizeStreak(days(zone, '2026-11-20T22:50:00Z', '2026-11-20T23:10:00Z')).current).toBe(2);
    expect(summarizeStreak(days(zone, '2026-11-20T23:10:00Z', '2026-11-21T22:50:00Z')).current).toBe(1);
    // In UTC the same two instants fall on one day.
    expect(summarizeStreak(days('UTC', '2026-11-20T22:50:00Z', '2026-11-20T23:10:00Z')).current).toBe(1);
  });

  it('keeps a streak across the spring-forward night (a 23-hour day)', () => {
    // New York springs forward on Sunday 8 March 2026 at 02:00 local (07:00 UTC).
    const zone = 'America/New_York';
    const practised = days(
      zone,
      '2026-03-07T04:30:00Z', // Fri 6 March 23:30 EST
      '2026-03-08T04:59:00Z', // Sat 7 March 23:59 EST
      '2026-03-09T03:59:00Z', // Sun 8 March 23:59 EDT (23 hours later on the wall clock)
      '2026-03-09T04:01:00Z', // Mon 9 March 00:01 EDT
    );
    expect(practised).toEqual(['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09']);
    expect(summarizeStreak(practised).current).toBe(4);
  });

  it('keeps a streak across the fall-back night (a 25-hour day) and sees the repeated hour as one day', () => {
    // New York falls back on Sunday 1 November 2026 at 02:00 EDT → 01:00 EST.
    const zone = 'America/New_York';
    const practised = days(
      zone,
      '2026-11-01T05:30:00Z', // 01:30 EDT on 1 November
      '2026-11-01T06:30:00Z', // 01:30 EST on 1 November, an hour later: the same day
      '2026-11-02T04:59:00Z', // 23:59 EST on 1 November, 25 hours after its midnight
      '2026-11-02T05:00:00Z', // 00:00 EST on 2 November
    );
    expect(practised).toEqual(['2026-11-01', '2026-11-01', '2026-11-01', '2026-11-02']);
    expect(summarizeStreak(practised)).toMatchObject({ current: 2, longest: 2 });
  });

  it('shows the streak while the last active day is today or yesterday, and 0 once a day is missed', () => {
    const summary = summarizeStreak(['2026-11-20', '2026-11-21']);
    expect(visibleStreak(summary, '2026-11-21')).toBe(2);
    expect(visibleStreak(summary, '2026-11-22')).toBe(2);
    expect(visibleStreak(summary, '2026-11-23')).toBe(0);
    expect(visibleStreak({ current: 0, lastActiveDay: null }, '2026-11-23')).toBe(0);
  });

  it('names the 7, 30 and 100-day milestones a streak reaches', () => {
    expect(milestonesReached(6, 7)).toEqual([7]);
    expect(milestonesReached(7, 8)).toEqual([]);
    expect(milestonesReached(0, 100)).toEqual([7, 30, 100]);
    expect(milestonesReached(29, 30)).toEqual([30]);
  });
});
