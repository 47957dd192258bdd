import { describe, expect, it } from 'vitest';
import { progressRecords } from '../dashboard/__tests__/dashboardFixtures';
import { formatChange, sessionsCompletedCaption, summarizeProgress } from './progressStats';

describe('progress statistics', () => {
  it('averages each skill to one decimal and takes last minus first as the change', () => {
    expect(summarizeProgress(progressRecords)).toEqual([
      { key: 'clarity', label: 'Clarity', average: 6.2, change: 2.5, trend: 'up' },
      { key: 'empathy', label: 'Empathy', average: 7, change: 0, trend: 'flat' },
      { key: 'persuasion', label: 'Persuasion', average: 5, change: -1, trend: 'down' },
    ]);
  });

  it('a single session has no change', () => {
    const [only] = summarizeProgress([progressRecords[0]!]);
    expect(only).toMatchObject({ average: 5, change: 0, trend: 'flat' });
  });

  it('a drop that rounds to nothing reads as no change, not -0.0', () => {
    const records = [
      { ...progressRecords[0]!, clarity: 6.04 },
      { ...progressRecords[1]!, clarity: 6 },
    ];
    const [clarity] = summarizeProgress(records);
    expect(clarity).toMatchObject({ change: 0, trend: 'flat' });
    expect(formatChange(clarity!.change)).toBe('0.0');
  });

  it.each([
    [2.5, '+2.5'],
    [1, '+1.0'],
    [0, '0.0'],
    [-1, '-1.0'],
    [-0.3, '-0.3'],
  ])('formats a change of %d as %s', (change, text) => {
    expect(formatChange(change)).toBe(text);
  });

  it('captions the chart with the session count', () => {
    expect(sessionsCompletedCaption(1)).toBe('1 session(s) completed');
    expect(sessionsCompletedCaption(12)).toBe('12 session(s) completed');
  });
});
