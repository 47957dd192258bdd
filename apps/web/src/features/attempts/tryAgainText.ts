/** The action on a learner message that starts a new attempt from it (issue 20). */
export const TRY_AGAIN_TEXT = 'Try again from here';
