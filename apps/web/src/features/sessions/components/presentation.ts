import { SCORE_BAND_THRESHOLDS, scoreBandColour } from '@parley/contracts/constants';

/* Small presentation rules the session screens share (and the chat screen can reuse). */

/** Avatar emoji on AI messages by avatar_style (spec section 2): robot 🤖, coach 👨‍🏫, anything else 🧠. */
export function avatarEmoji(style: string | null | undefined): string {
  if (style === 'robot') return '🤖';
  if (style === 'coach') return '👨‍🏫';
  return '🧠';
}

/** Score colour bands (spec section 4): 8 or more green, 6 to under 8 amber, below 6 red. */
export type ScoreBand = 'high' | 'medium' | 'low';
export const SCORE_HIGH = SCORE_BAND_THRESHOLDS.green;
export const SCORE_MEDIUM = SCORE_BAND_THRESHOLDS.amber;
const BY_COLOUR = { green: 'high', amber: 'medium', red: 'low' } as const;

/** The one band rule every screen shares (`@parley/contracts`), named high/medium/low here. */
export function scoreBand(score: number): ScoreBand {
  return BY_COLOUR[scoreBandColour(score)];
}

/** A date in long US style, e.g. 'June 14, 2025'; an unreadable one is shown as it is. */
export function longDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
