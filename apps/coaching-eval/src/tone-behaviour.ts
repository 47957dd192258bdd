import type { Conversation } from './run-eval';
import { sentencesOf } from './text';

/**
 * What the partner does in each tone, counted from its replies with plain detectors: the tones must
 * differ in behaviour (how often it gives ground, pushes back, asks, warms up), not only in wording.
 */
const GIVES =
  /\b(?:i can do|works for me|we can make (?:that|it) work|i could (?:get to|do|live with)|i can live with|let's go with|fair enough|i'm open to|okay, let's try|i'll (?:take|accept|agree)\b(?![^.]*\bbut\b)|you've convinced me|that could work)\b/i;
const PUSHES =
  /\b(?:i can't|i cannot|i won't|i'm not (?:going|convinced|there)|that doesn't|not good enough|that's not|i don't buy|no\.|based on what|convince me|why should)\b/i;
const WARM =
  /\b(?:thank you|thanks|i appreciate|that means a lot|glad|lovely|great to|i understand|that helps)\b/i;

export interface ToneBehaviour {
  replies: number;
  /** Per 100 replies. */
  gives: number;
  pushes: number;
  asks: number;
  warm: number;
}

export function toneBehaviour(conversations: Conversation[]): Record<string, ToneBehaviour> {
  const out: Record<string, ToneBehaviour> = {};
  for (const c of conversations) {
    const t = (out[c.tone] ??= { replies: 0, gives: 0, pushes: 0, asks: 0, warm: 0 });
    for (const reply of c.turns.slice(1).filter((turn) => turn.sender === 'ai')) {
      t.replies += 1;
      if (GIVES.test(reply.content)) t.gives += 1;
      if (PUSHES.test(reply.content)) t.pushes += 1;
      if (sentencesOf(reply.content).some((s) => s.endsWith('?'))) t.asks += 1;
      if (WARM.test(reply.content)) t.warm += 1;
    }
  }
  for (const t of Object.values(out)) {
    const per100 = (n: number): number => Math.round((n / Math.max(1, t.replies)) * 1000) / 10;
    Object.assign(t, {
      gives: per100(t.gives),
      pushes: per100(t.pushes),
      asks: per100(t.asks),
      warm: per100(t.warm),
    });
  }
  return out;
}

export function formatToneBehaviour(b: Record<string, ToneBehaviour>): string {
  const rows = Object.entries(b).map(
    ([tone, t]) =>
      `${tone.padEnd(9)} ${String(t.gives).padStart(6)} ${String(t.pushes).padStart(7)} ${String(t.asks).padStart(6)} ${String(t.warm).padStart(6)}`,
  );
  return ['what the partner does, per 100 replies', 'tone       gives  pushes   asks   warm', ...rows].join(
    '\n',
  );
}
