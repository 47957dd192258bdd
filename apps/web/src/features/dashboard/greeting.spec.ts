import { describe, expect, it } from 'vitest';
import { greetingFor, greetingLine } from './greeting';

describe('greeting', () => {
  it.each([
    [0, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [16, 'Good afternoon'],
    [17, 'Good evening'],
    [23, 'Good evening'],
  ])('hour %i is %s', (hour, expected) => {
    expect(greetingFor(hour)).toBe(expected);
  });

  it('adds the full name when known, and reads the local hour', () => {
    expect(greetingLine(new Date(2025, 0, 1, 12, 0), 'Ada Lovelace')).toBe('Good afternoon, Ada Lovelace');
    expect(greetingLine(new Date(2025, 0, 1, 11, 59), null)).toBe('Good morning');
    expect(greetingLine(new Date(2025, 0, 1, 18, 0), '   ')).toBe('Good evening');
  });
});
