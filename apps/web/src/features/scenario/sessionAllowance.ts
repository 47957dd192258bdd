import type { PracticeSessionSummary, Profile } from '@parley/contracts';
import { FREE_SESSIONS_PER_MONTH } from '@parley/contracts/constants';

/** Practice sessions left this month: max(0, 5 − sessions_used) on the free plan, unlimited on premium. */
export function remainingSessions(profile: Pick<Profile, 'plan' | 'sessions_used'>): number {
  if (profile.plan === 'premium') return Number.POSITIVE_INFINITY;
  return Math.max(0, FREE_SESSIONS_PER_MONTH - profile.sessions_used);
}

/**
 * Where Start Practice leads (spec section 2): the chat, or /upgrade when the scenario is locked or no
 * session is left — unless the learner has a conversation of this scenario going, which the chat resumes
 * without spending anything. What is not known yet (the profile or the history still loading, or failed)
 * does not block: the server enforces the quota again when a session starts.
 */
export function practiceTarget(
  scenario: { id: string; locked: boolean },
  profile: Pick<Profile, 'plan' | 'sessions_used'> | undefined,
  sessions?: ReadonlyArray<Pick<PracticeSessionSummary, 'scenario_id' | 'status'>>,
): string {
  const chat = `/chat/${encodeURIComponent(scenario.id)}`;
  if (scenario.locked) return '/upgrade';
  if (!profile || remainingSessions(profile) > 0 || !sessions) return chat;
  const going = sessions.some((s) => s.scenario_id === scenario.id && s.status === 'active');
  return going ? chat : '/upgrade';
}
