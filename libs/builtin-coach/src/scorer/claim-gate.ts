import type { Move } from '../scenario/kinds';
import type { Category } from './categories';

/**
 * A kind of sentence the coach says about the learner's lines: praise of one rubric category ("You
 * acknowledged…", "You used concrete specifics…"), or the claim that a move never happened ("You didn't ask
 * a single question…").
 */
export type ClaimKind = `strength:${Category}` | `absence:${Move}`;

/**
 * The kinds held back because, measured against people's labels on the frozen test split of
 * data/learner-lines, fewer than 97 in 100 of them were true (docs/adr/0037-claims-gated-on-the-test-split.md).
 * The engine never reads the test split: this table is its one decision, written by
 * `npm run eval:coaching -- --write-gate` from the eval's measurement of the ungated engine, and `npm test`
 * fails when it no longer matches that measurement. Precision is the share of the kind's sentences that were
 * true; `said` how many were measured.
 */
export const WITHHELD_CLAIMS: Readonly<Partial<Record<ClaimKind, { precision: number; said: number }>>> = {
  'absence:asks': { precision: 0.667, said: 3 },
  'strength:acknowledgement': { precision: 0.95, said: 20 },
  'strength:evidence': { precision: 0.667, said: 3 },
  'strength:reasons': { precision: 0.875, said: 8 },
  'strength:specifics': { precision: 0.932, said: 44 },
};

/** Which kinds a feedback may say: all but the withheld ones, unless a measurement asks for every kind. */
export interface ClaimGate {
  says(kind: ClaimKind): boolean;
}

export const SHIPPED_GATE: ClaimGate = { says: (kind) => WITHHELD_CLAIMS[kind] === undefined };
export const UNGATED: ClaimGate = { says: () => true };
