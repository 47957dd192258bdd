import { comparable, extractFigures, isNegotiable, type Figure } from '../text/figures';
import { analyseMessage, recentTerms, type MessageAnalysis } from './message-analysis';
import { overlap } from '../text/nlp';
import { conditionMet, type PersonaProfile } from '../scenario/persona-profile';

/**
 * Where the conversation stands, derived from the whole history every turn (the engine keeps no
 * memory of its own): how far in we are, what the persona already said, what the learner offered
 * and conceded, and how the learner has behaved so far.
 */

export type Phase = 'opening' | 'exploring' | 'negotiating' | 'resolving';

export interface ChatLine {
  sender: 'user' | 'ai';
  content: string;
}

export interface ConversationState {
  /** Learner turns so far, the latest included (1-based). */
  turn: number;
  phase: Phase;
  /** Normalised sentences the persona already said: never said twice. */
  said: Set<string>;
  personaLines: string[];
  /** Analyses of the learner's earlier messages (not the latest). */
  earlier: MessageAnalysis[];
  /** Money and percentages the learner put forward before this message, oldest first. */
  learnerFigures: Figure[];
  /** Money and percentages the persona put forward (its opening included), oldest first. */
  personaFigures: Figure[];
  apologies: number;
  empathy: number;
  hostility: number;
  pushbacks: number;
  vagueStreak: number;
  /** The persona already walked away from the conversation. */
  walkedOut: boolean;
  addressedGoals: Set<number>;
  /** How often the persona raised each goal. */
  raisedGoals: Map<number, number>;
  /** How often the persona restated each position. */
  statedPositions: Map<number, number>;
  concessions: Set<number>;
  /** Positions whose condition the learner already met: the persona has given ground there. */
  yielded: Set<number>;
}

/** History we read: enough for any real session, bounded for very long ones. */
const MAX_HISTORY = 60;
const MAX_HISTORY_CHARS = 1500;

export function sentenceKey(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[^a-z0-9$%£€]+/g, ' ')
    .trim();
}

export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=["'“‘]?[A-Z0-9$£€])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** True when the persona already said this text (alone or inside a longer sentence). */
export function mentioned(state: Pick<ConversationState, 'personaLines'>, text: string | null): boolean {
  if (!text) return false;
  const key = sentenceKey(text);
  return key.length > 0 && state.personaLines.some((line) => sentenceKey(line).includes(key));
}

export const WALK_OUT_MARK = "I'm going to stop here";

export function deriveState(
  profile: PersonaProfile,
  history: ChatLine[],
  latest: MessageAnalysis,
): ConversationState {
  const recent = history.slice(-MAX_HISTORY);
  const personaLines = recent
    .filter((m) => m.sender === 'ai')
    .map((m) => m.content.slice(0, MAX_HISTORY_CHARS));
  const learnerLines = recent
    .filter((m) => m.sender === 'user')
    .map((m) => m.content.slice(0, MAX_HISTORY_CHARS));
  const earlier = learnerLines.slice(0, -1).map((line) => analyseMessage(line));
  const turn = history.filter((m) => m.sender === 'user').length;

  const said = new Set<string>();
  for (const line of personaLines)
    for (const sentence of splitSentences(line)) said.add(sentenceKey(sentence));

  const learnerFigures = earlier.flatMap((a) => a.figures.filter(isNegotiable));
  // The persona's own figures: what it put on the table, not the learner's figures it repeated or
  // the limits it named.
  const learnerValues = new Set(
    learnerLines
      .flatMap((line) => extractFigures(line).map((f) => f.value))
      .filter((v): v is number => v !== null),
  );
  const limits = [...profile.positions.map((p) => p.statement), ...profile.goals.map((g) => g.statement)]
    .filter((s): s is string => !!s)
    .map(sentenceKey);
  const offered = personaLines.flatMap((line) =>
    splitSentences(line)
      .filter((sentence) => !limits.some((limit) => sentenceKey(sentence).includes(limit)))
      .flatMap((sentence) => extractFigures(sentence)),
  );
  const personaFigures = [...(personaLines.length === 0 ? profile.openingFigures : []), ...offered].filter(
    (f) =>
      (isNegotiable(f) || (f.kind === 'number' && (f.value ?? 0) >= 100)) &&
      !learnerValues.has(f.value ?? NaN),
  );

  const addressedGoals = new Set<number>();
  const allLearner = [...earlier, latest];
  for (const goal of profile.goals) {
    const needed = goal.terms.size <= 3 ? 1 : 2;
    if (
      allLearner.some(
        (a) =>
          goal.doneWhen?.test(a.text) ||
          overlap(a.terms, goal.terms) >= needed ||
          (goal.anchor && a.figures.some((f) => comparable(f, goal.anchor!.figure))),
      )
    ) {
      addressedGoals.add(goal.index);
    }
  }

  const keys = personaLines.map((line) => sentenceKey(line));
  const count = (text: string | null): number =>
    text ? keys.filter((k) => k.includes(sentenceKey(text))).length : 0;
  const raisedGoals = new Map(profile.goals.map((g) => [g.index, count(g.statement)] as const));
  const statedPositions = new Map(
    profile.positions.map(
      (p) =>
        [
          p.index,
          count(p.statement) + count(p.evidenceAsk) + p.pressLines.reduce((n, l) => n + count(l), 0),
        ] as const,
    ),
  );
  const concessions = new Set(profile.positions.filter((p) => count(p.concession) > 0).map((p) => p.index));

  let vagueStreak = 0;
  for (let i = earlier.length - 1; i >= 0 && earlier[i]?.vague; i -= 1) vagueStreak += 1;

  const state: ConversationState = {
    turn,
    phase: 'opening',
    said,
    personaLines,
    earlier,
    learnerFigures,
    personaFigures,
    apologies: earlier.filter((a) => a.apology).length,
    empathy: earlier.filter((a) => a.empathy).length,
    hostility: earlier.filter((a) => a.hostility > 0).length,
    pushbacks: earlier.filter((a) => a.pushback).length,
    vagueStreak,
    walkedOut: personaLines.some((line) => line.includes(WALK_OUT_MARK)),
    addressedGoals,
    raisedGoals,
    statedPositions,
    concessions,
    yielded: new Set(
      profile.positions
        .filter((p) => earlier.some((a, i) => conditionMet(p, recentTerms(a, earlier.slice(0, i)))))
        .map((p) => p.index),
    ),
  };
  state.phase = phaseOf(state, latest);
  return state;
}

/** opening → exploring → negotiating → resolving, paced by turns and pulled forward by what is said. */
export function phaseOf(
  state: Pick<ConversationState, 'turn' | 'learnerFigures' | 'earlier'>,
  latest: MessageAnalysis,
): Phase {
  // A one-word "ok" answers a question; it does not settle anything. Nor does "Okay. How much are we
  // talking?": a line that asks is still finding out.
  const agrees = (a: MessageAnalysis): boolean => a.agreement && a.words >= 3 && !a.question;
  const agreedBefore = state.earlier.slice(-2).some(agrees);
  if (latest.closing || (agrees(latest) && (state.turn >= 5 || agreedBefore)) || state.turn >= 8)
    return 'resolving';
  if (state.turn <= 1) return 'opening';
  const figuresOnTable = state.learnerFigures.length > 0 || latest.figures.some(isNegotiable);
  if (state.turn >= 4 || figuresOnTable || latest.proposal) return 'negotiating';
  return 'exploring';
}
