import { addDays, dayIn, daysBetween, isoWeekDays, isoWeekOf, monthDays, wallClock } from './calendar';

describe('calendar days in the user’s time zone', () => {
  it('puts an instant on the user’s own calendar date, not UTC’s', () => {
    const instant = new Date('2026-11-30T23:30:00Z');
    expect(dayIn(instant, 'UTC')).toBe('2026-11-30');
    expect(dayIn(instant, 'Pacific/Auckland')).toBe('2026-12-01');
    expect(dayIn(instant, 'America/Los_Angeles')).toBe('2026-11-30');
  });

  it('reads the settings screen’s EST and PST as the US zones with daylight saving', () => {
    // 4 July 2026, 03:30 UTC: 23:30 on 3 July in New York (EDT, UTC−4), 20:30 in Los Angeles (PDT).
    expect(wallClock(new Date('2026-07-04T03:30:00Z'), 'EST')).toEqual({
      day: '2026-07-03',
      hour: 23,
      weekday: 5,
    });
    expect(wallClock(new Date('2026-07-04T03:30:00Z'), 'PST').hour).toBe(20);
  });

  it('gives midnight as hour 0 and Sunday as weekday 7', () => {
    expect(wallClock(new Date('2026-11-22T00:00:00Z'), 'UTC')).toEqual({
      day: '2026-11-22',
      hour: 0,
      weekday: 7,
    });
  });

  it('adds and counts calendar days across month, year and leap-day edges', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-03-09', '2026-03-07')).toBe(-2);
  });

  it('names ISO weeks, including the ones that straddle a new year', () => {
    expect(isoWeekOf('2026-11-22')).toBe('2026-W47'); // a Sunday
    expect(isoWeekOf('2026-11-23')).toBe('2026-W48'); // the Monday after
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
    expect(isoWeekDays('2026-11-26')).toEqual({ first: '2026-11-23', last: '2026-11-29' });
    expect(monthDays('2028-02-10')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
  });
});
