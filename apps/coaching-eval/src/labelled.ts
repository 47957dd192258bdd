import type { AiProvider } from '../../coaching/src/providers';
import { LABELLED_TRANSCRIPTS, LEVELS, type LabelledTranscript } from './labelled-transcripts';

/**
 * How far a provider's scores agree with hand labels: within each family of transcripts (one scenario
 * played several ways), every pair whose labels differ on a dimension must be scored in the same order.
 * A tie where the labels differ counts as disagreement.
 */
export const DIMENSIONS = ['clarity', 'empathy', 'persuasion'] as const;
type Dimension = (typeof DIMENSIONS)[number];

export interface LabelAgreement {
  byDimension: Record<Dimension, { agreed: number; pairs: number }>;
  transcripts: number;
  /** The pairs scored against their labels, e.g. "salary/curt > salary/warm on empathy (3.1 vs 6.0)". */
  disagreements: string[];
  feedbackMs: number[];
}

export async function labelAgreement(
  provider: AiProvider,
  transcripts: LabelledTranscript[] = LABELLED_TRANSCRIPTS,
): Promise<LabelAgreement> {
  const scored: Array<{ t: LabelledTranscript; scores: Record<Dimension, number> }> = [];
  const feedbackMs: number[] = [];
  for (const t of transcripts) {
    const started = performance.now();
    const f = await provider.feedback({ messages: t.messages.map((m) => ({ ...m })), scenario: t.scenario });
    feedbackMs.push(performance.now() - started);
    scored.push({ t, scores: { clarity: f.clarity, empathy: f.empathy, persuasion: f.persuasion } });
  }
  const byDimension = Object.fromEntries(
    DIMENSIONS.map((d) => [d, { agreed: 0, pairs: 0 }]),
  ) as LabelAgreement['byDimension'];
  const disagreements: string[] = [];
  const rank = (t: LabelledTranscript, d: Dimension): number => LEVELS.indexOf(t.labels[d]);
  for (const [i, a] of scored.entries()) {
    for (const b of scored.slice(i + 1)) {
      if (a.t.family !== b.t.family) continue;
      for (const d of DIMENSIONS) {
        const label = Math.sign(rank(a.t, d) - rank(b.t, d));
        if (label === 0) continue;
        const score = Math.sign(a.scores[d] - b.scores[d]);
        byDimension[d].pairs += 1;
        if (score === label) byDimension[d].agreed += 1;
        else {
          const [hi, lo] = label > 0 ? [a, b] : [b, a];
          disagreements.push(
            `${hi.t.id} (${hi.t.labels[d]}) ≤ ${lo.t.id} (${lo.t.labels[d]}) on ${d}: ${hi.scores[d]} vs ${lo.scores[d]}`,
          );
        }
      }
    }
  }
  return { byDimension, transcripts: transcripts.length, disagreements, feedbackMs };
}

export function formatAgreement(a: LabelAgreement): string {
  const rows = DIMENSIONS.map((d) => {
    const { agreed, pairs } = a.byDimension[d];
    const pct = pairs === 0 ? 100 : (agreed / pairs) * 100;
    return `${d.padEnd(10)}  ${`${pct.toFixed(1)}%`.padStart(6)}  ${String(agreed).padStart(4)} / ${pairs}`;
  });
  return [
    `labelled transcripts (${a.transcripts}): score order agrees with the labels`,
    'dimension     agree  pairs',
    ...rows,
  ].join('\n');
}
