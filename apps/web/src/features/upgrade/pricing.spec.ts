import { describe, expect, it } from 'vitest';
import {
  BUNDLES,
  COST_BREAKDOWN,
  PREMIUM_MONTHLY_PRICE,
  SAVINGS_VS_COACHING_PERCENT,
  TOTAL_MONTHLY_VALUE,
  VALUE_OF_SESSIONS,
  VALUE_PER_SESSION,
  VALUE_SAVINGS_PERCENT,
  perSessionCents,
  usd,
} from './pricing';

describe('upgrade figures', () => {
  it('saves round(292/300*100) = 97% against a $300/month coach', () => {
    expect(SAVINGS_VS_COACHING_PERCENT).toBe(97);
  });

  it('prices the bundles at $0.60, $0.47 and $0.40 per session', () => {
    expect(BUNDLES.map((b) => usd(perSessionCents(b) / 100))).toEqual(['$0.60', '$0.47', '$0.40']);
    expect(BUNDLES.filter((b) => b.bestValue).map((b) => b.sessions)).toEqual([15]);
  });

  it('derives $0.27 per session, $8.10 for 30 sessions and 83% savings on $48.10', () => {
    expect(usd(VALUE_PER_SESSION)).toBe('$0.27');
    expect(usd(VALUE_OF_SESSIONS)).toBe('$8.10');
    expect(usd(TOTAL_MONTHLY_VALUE)).toBe('$48.10');
    expect(VALUE_SAVINGS_PERCENT).toBe(83);
  });

  it('breaks the $8 down into parts that add up to it', () => {
    const totalCents = COST_BREAKDOWN.reduce((sum, part) => sum + Math.round(part.amount * 100), 0);
    expect(totalCents).toBe(PREMIUM_MONTHLY_PRICE * 100);
  });

  it('writes whole dollars without cents and others with two decimals', () => {
    expect(usd(8)).toBe('$8');
    expect(usd(299)).toBe('$299');
    expect(usd(3.2)).toBe('$3.20');
    expect(usd(0.8)).toBe('$0.80');
  });
});
