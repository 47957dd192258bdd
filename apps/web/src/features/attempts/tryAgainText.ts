/** The action on a learner message that starts a new attempt from it (issue 20). */
export const TRY_AGAIN_TEXT = 'Try again from here';

/**
 * What "Try again from here" asks on the free plan before it starts: a retry is a session of its own and
 * uses one of the month's sessions (premium: nothing to ask).
 */
export function tryAgainQuestion(left: number | null): string {
  const count = left === null ? '' : ` (${left} left)`;
  return `Try again from here? This starts a new session from this message, and on the free plan it uses one of this month’s sessions${count}.`;
}
