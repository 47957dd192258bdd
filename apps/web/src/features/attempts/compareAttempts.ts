import type { Message, ScoreEvidence, StoredFeedback } from '@parley/contracts';

export const DIMENSIONS = ['clarity', 'empathy', 'persuasion'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** The first index at which two attempts' transcripts differ (their shared length when one is a prefix). */
export function partingIndex(a: readonly Message[], b: readonly Message[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i]!.sender !== b[i]!.sender || a[i]!.content !== b[i]!.content) return i;
  }
  return n;
}

export interface ScoreChange {
  dimension: Dimension;
  before: number | null;
  after: number | null;
  /** after − before, one decimal; null when either side has no score. */
  change: number | null;
  /** The evidence from where the attempts part: what each side's own lines earned or cost. */
  before_evidence: ScoreEvidence[];
  after_evidence: ScoreEvidence[];
}

function evidenceFrom(
  feedback: StoredFeedback | undefined,
  dimension: Dimension,
  from: number,
): ScoreEvidence[] {
  const items = (feedback?.evidence[dimension] ?? []) as ScoreEvidence[];
  return items.filter((e) => e.index === undefined || e.index >= from);
}

/** Each score's change from one attempt to the other, with the evidence after the parting turn. */
export function scoreChanges(
  before: StoredFeedback | undefined,
  after: StoredFeedback | undefined,
  from: number,
): ScoreChange[] {
  return DIMENSIONS.map((dimension) => {
    const b = before ? before[dimension] : null;
    const a = after ? after[dimension] : null;
    return {
      dimension,
      before: b,
      after: a,
      change: a === null || b === null ? null : Math.round((a - b) * 10) / 10,
      before_evidence: evidenceFrom(before, dimension, from),
      after_evidence: evidenceFrom(after, dimension, from),
    };
  });
}

export const changeText = (change: number | null) =>
  change === null ? '–' : change > 0 ? `+${change}` : `${change}`;
