import type { FeedbackSources } from '@parley/contracts';

const DIMENSIONS = ['clarity', 'empathy', 'persuasion'] as const;
const LISTS = [
  ['strengths', 'the strengths'],
  ['weaknesses', 'the areas for improvement'],
  ['suggestions', 'the suggestions'],
] as const;

const and = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;

/** Whether the offline coach wrote every field of the report (the model gave none of it). */
export function wholeFromOfflineCoach(sources: FeedbackSources): boolean {
  const fields = [
    ...DIMENSIONS.map((d) => sources[d]),
    ...DIMENSIONS.map((d) => sources.evidence[d]),
    ...LISTS.map(([key]) => sources[key]),
    sources.objectives ?? 'builtin',
  ];
  return fields.every((source) => source === 'builtin');
}

/**
 * The one line a report carries when part of it came from Parley's offline coach rather than the AI
 * model (`sources` on the feedback); null when none of it did, or the feedback records no sources.
 */
export function offlineSourcesText(sources: FeedbackSources | undefined): string | null {
  if (!sources) return null;
  const scores = DIMENSIONS.filter((d) => sources[d] === 'builtin');
  const evidence = DIMENSIONS.filter((d) => sources.evidence[d] === 'builtin');
  const lists = LISTS.filter(([key]) => sources[key] === 'builtin').map(([, name]) => name);
  const objectives = sources.objectives === 'builtin';
  const parts = [
    ...(scores.length ? [`the ${and(scores)} score${scores.length > 1 ? 's' : ''}`] : []),
    ...(evidence.length ? [`the evidence for ${and(evidence)}`] : []),
    ...(objectives ? ['the objectives'] : []),
    ...lists,
  ];
  if (parts.length === 0) return null;
  if (wholeFromOfflineCoach(sources))
    return "This report comes from Parley's offline coach: the AI model could not give one.";
  return `Part of this report comes from Parley's offline coach (${and(parts)}): the AI model left it out.`;
}

export function OfflineSourcesNote({ sources }: { sources: FeedbackSources | undefined }) {
  const text = offlineSourcesText(sources);
  return text ? (
    <p className="pw-muted feedback__sources" role="note">
      {text}
    </p>
  ) : null;
}
