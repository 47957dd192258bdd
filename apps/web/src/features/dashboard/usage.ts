import type { Profile } from '@parley/contracts';
import { FREE_SESSIONS_PER_MONTH } from '@parley/contracts/constants';

/** What the dashboard knows about this month's practice allowance. */
export type Allowance =
  | { plan: 'free'; used: number; left: number; limit: number }
  | { plan: 'premium'; used: number }
  | { plan: 'unknown' };

/** Sessions left = max(0, 5 − sessions_used) on the free plan; premium is unlimited (spec sections 4 and 9). */
export function allowanceOf(profile: Pick<Profile, 'plan' | 'sessions_used'> | undefined): Allowance {
  if (!profile) return { plan: 'unknown' };
  if (profile.plan === 'premium') return { plan: 'premium', used: profile.sessions_used };
  return {
    plan: 'free',
    used: profile.sessions_used,
    left: Math.max(0, FREE_SESSIONS_PER_MONTH - profile.sessions_used),
    limit: FREE_SESSIONS_PER_MONTH,
  };
}

/** Whether practice must go through /upgrade: the free allowance is spent. */
export const mustUpgrade = (allowance: Allowance) => allowance.plan === 'free' && allowance.left === 0;
