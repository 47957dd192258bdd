import { dateIn, monthIn } from './user-profiles';

describe('calendar months in the user’s time zone', () => {
  it('puts an instant in the month of the user’s wall clock, not UTC’s', () => {
    const instant = new Date('2026-11-30T23:30:00Z'); // 30 Nov in London, 1 Dec in Auckland, 30 Nov in LA
    expect(monthIn('UTC', instant)).toBe('2026-11');
    expect(monthIn('Pacific/Auckland', instant)).toBe('2026-12');
    expect(monthIn('America/Los_Angeles', instant)).toBe('2026-11');
    expect(monthIn('America/Los_Angeles', new Date('2026-12-01T07:59:00Z'))).toBe('2026-11');
    expect(monthIn('America/Los_Angeles', new Date('2026-12-01T08:00:00Z'))).toBe('2026-12');
  });

  it('understands the settings screen’s EST and PST', () => {
    expect(monthIn('EST', new Date('2027-01-01T04:59:00Z'))).toBe('2026-12');
    expect(monthIn('PST', new Date('2027-01-01T07:59:00Z'))).toBe('2026-12');
  });

  it('handles daylight-saving changes at the month edge', () => {
    // Europe/Berlin switches to summer time on 29 March 2026; 31 March 22:30 UTC is 1 April 00:30 there.
    expect(monthIn('Europe/Berlin', new Date('2026-03-31T22:30:00Z'))).toBe('2026-04');
    expect(dateIn('Europe/Berlin', new Date('2026-03-31T21:30:00Z'))).toBe('2026-03-31');
  });
});
