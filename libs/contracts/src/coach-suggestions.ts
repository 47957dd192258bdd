import { scoreBandColour } from './score-band';

/*
 * The questions Ask the Coach offers for one session, drawn from that session's own report: the score
 * to ask about is the lowest one (asked "why … low?" only when it is not already strong), the turn to ask
 * about is one the learner had, and objectives are offered only where the session had some. The web's
 * suggestions and the builtin coach's "You can also ask" line both read this, so they never disagree.
 */

export interface CoachSuggestionSource {
  clarity: number;
  empathy: number;
  persuasion: number;
  /** How many lines the learner said. */
  learnerTurns: number;
  /** How many objectives the report checked. */
  objectives: number;
}

const DIMENSIONS = ['clarity', 'empathy', 'persuasion'] as const;

/** Three questions worth asking about this session's feedback. */
export function coachSuggestions(source: CoachSuggestionSource): string[] {
  const lowest = [...DIMENSIONS].sort((a, b) => source[a] - source[b])[0]!;
  const aboutScore =
    scoreBandColour(source[lowest]) === 'green'
      ? `How could my ${lowest} be even stronger?`
      : `Why was ${lowest} low?`;
  const turn = Math.min(2, Math.max(1, source.learnerTurns));
  const aboutTurn = `What should I have said at turn ${turn}?`;
  const third = source.objectives > 0 ? 'Did I meet my objectives?' : 'Which of my messages was the weakest?';
  return [aboutScore, aboutTurn, third];
}
