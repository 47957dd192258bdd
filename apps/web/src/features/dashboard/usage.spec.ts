import { describe, expect, it } from 'vitest';
import { allowanceOf, mustUpgrade } from './usage';

describe('allowance', () => {
  it.each([
    [0, 5],
    [2, 3],
    [5, 0],
    [9, 0],
  ])('a free plan with %i sessions used has %i left', (used, left) => {
    const allowance = allowanceOf({ plan: 'free', sessions_used: used });
    expect(allowance).toEqual({ plan: 'free', used, left, limit: 5 });
    expect(mustUpgrade(allowance)).toBe(left === 0);
  });

  it('a premium plan is never out of sessions', () => {
    const allowance = allowanceOf({ plan: 'premium', sessions_used: 40 });
    expect(allowance).toEqual({ plan: 'premium', used: 40 });
    expect(mustUpgrade(allowance)).toBe(false);
  });

  it('an unknown profile does not block practice (the server still enforces the quota)', () => {
    expect(mustUpgrade(allowanceOf(undefined))).toBe(false);
  });
});
