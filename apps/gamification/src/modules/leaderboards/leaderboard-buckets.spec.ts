import { ALL_TIME, bucketOf, bucketsOf, currentBuckets, instantRange } from './leaderboard-buckets';

describe('leaderboard buckets', () => {
  it('puts a day in its ISO week and its month, plus all-time', () => {
    expect(bucketsOf(['2026-11-26']).map((b) => b.key)).toEqual(['all', 'week:2026-W48', 'month:2026-11']);
    expect(bucketsOf(['2026-11-26', '2026-11-27']).map((b) => b.key)).toHaveLength(3);
    expect(bucketsOf(['2026-11-30', '2026-12-01']).map((b) => b.key)).toEqual([
      'all',
      'week:2026-W49',
      'month:2026-11',
      'month:2026-12',
    ]);
  });

  it('covers whole UTC weeks and months as half-open ranges', () => {
    expect(instantRange(bucketOf('weekly', '2026-11-26'))).toEqual({
      from: new Date('2026-11-23T00:00:00Z'),
      to: new Date('2026-11-30T00:00:00Z'),
    });
    expect(instantRange(bucketOf('monthly', '2026-12-15'))).toEqual({
      from: new Date('2026-12-01T00:00:00Z'),
      to: new Date('2027-01-01T00:00:00Z'),
    });
    expect(instantRange(ALL_TIME)).toBeNull();
  });

  it('knows the boards people see now', () => {
    expect(currentBuckets(new Date('2026-11-29T23:59:59Z')).map((b) => b.label)).toEqual([
      null,
      '2026-W48',
      '2026-11',
    ]);
  });
});
