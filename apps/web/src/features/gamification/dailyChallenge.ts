import type { DailyChallenge } from '@parley/contracts';

/**
 * The challenge the Daily Challenge card shows: the first one not yet completed (spec section 2); once
 * every one is claimed, the most recently claimed, so the card reads 'Claimed'.
 */
export function challengeToShow(challenges: readonly DailyChallenge[]): DailyChallenge | undefined {
  const open = challenges.find((challenge) => challenge.completed_at === null);
  if (open) return open;
  const claimedAt = (challenge: DailyChallenge) => Date.parse(challenge.completed_at ?? '') || 0;
  return challenges.reduce<DailyChallenge | undefined>(
    (latest, challenge) => (!latest || claimedAt(challenge) > claimedAt(latest) ? challenge : latest),
    undefined,
  );
}

/** Whether the reward can be claimed now: not claimed yet and the target reached. */
export const isClaimable = (challenge: DailyChallenge) =>
  challenge.completed_at === null && challenge.progress >= challenge.target;
