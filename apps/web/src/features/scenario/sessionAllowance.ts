import type { Profile } from '@parley/contracts';
import { FREE_SESSIONS_PER_MONTH } from '@parley/contracts/constants';

/** Practice sessions left this month: max(0, 5 − sessions_used) on the free plan, unlimited on premium. */
export function remainingSessions(profile: Pick<Profile, 'plan' | 'sessions_used'>): number {
  if (profile.plan === 'premium') return Number.POSITIVE_INFINITY;
  return Math.max(0, FREE_SESSIONS_PER_MONTH - profile.sessions_used);
}

/**
 * Where Start Practice leads (spec section 2): the chat, or /upgrade when the scenario is locked or no
 * session is left. An unknown profile (still loading or failed) does not block: the server enforces the
 * quota again when the session starts.
 */
export function practiceTarget(
  scenario: { id: string; locked: boolean },
  profile: Pick<Profile, 'plan' | 'sessions_used'> | undefined,
): string {
  if (scenario.locked) return '/upgrade';
  if (profile && remainingSessions(profile) === 0) return '/upgrade';
  return `/chat/${encodeURIComponent(scenario.id)}`;
}
