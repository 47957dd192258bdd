/*
 * One rule for turning a score out of 10 into a band and a word, used by every screen and answer that
 * names one (the end-of-session report, replay, Ask the Coach): the spec's colour bands (sections 4 and
 * 9) — 8 or more green, 6 to under 8 amber, below 6 red — each said by one word, so the same 7.7 is
 * "developing" everywhere.
 */

/** The spec's score colour thresholds: 8 or more green, 6 to under 8 amber, below 6 red. */
export const SCORE_BAND_THRESHOLDS = { green: 8, amber: 6 } as const;

export type ScoreBandColour = 'green' | 'amber' | 'red';

/** The word each band is said with, wherever a score is named. */
export const SCORE_BAND_WORDS: Readonly<Record<ScoreBandColour, string>> = {
  green: 'strong',
  amber: 'developing',
  red: 'needs work',
};

/** The colour band of a score out of 10. */
export function scoreBandColour(score: number): ScoreBandColour {
  if (score >= SCORE_BAND_THRESHOLDS.green) return 'green';
  if (score >= SCORE_BAND_THRESHOLDS.amber) return 'amber';
  return 'red';
}

/** The word for a score out of 10: 'strong' (8 or more), 'developing' (6 to under 8), 'needs work' (below 6). */
export function scoreBandWord(score: number): string {
  return SCORE_BAND_WORDS[scoreBandColour(score)];
}
