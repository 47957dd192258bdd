import {
  sessionFeedbackSchema,
  type FeedbackSources,
  type Message,
  type ObjectiveCheck,
  type ScenarioDefinition,
  type ScoreEvidence,
  type SessionFeedback,
} from '@parley/contracts';
import { scoreTranscript } from '@parley/builtin-coach';
import { asRecord, booleanFrom, listFrom, numberFrom, pick, type Picked } from './lenient-reading';

/**
 * Feedback by reference. The model sees the transcript as numbered lines and cites learner lines by number;
 * this file turns its answer into the contract's feedback, taking every quote from the transcript itself —
 * so evidence is always verbatim and always the learner's. It reads leniently (what small models write:
 * scores as "7/10", lists as one string, renamed keys) and checks strictly: a field it cannot read is a
 * reason for the repair turn, and after it the builtin engine fills that field alone, saying so in
 * `sources`.
 */

export const DIMENSIONS = ['clarity', 'empathy', 'persuasion'] as const;
type Dimension = (typeof DIMENSIONS)[number];

const strings = { type: 'array', items: { type: 'string' } } as const;
const dimensionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['score', 'evidence'],
  properties: {
    score: { type: 'number' },
    evidence: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['index', 'effect', 'reason'],
        properties: {
          index: { type: 'integer' },
          effect: { type: 'string', enum: ['earned', 'cost'] },
          reason: { type: 'string' },
        },
      },
    },
  },
} as const;

/** What the model is asked to answer (strict json_schema: every property required, nothing extra). */
export const MODEL_FEEDBACK_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: [...DIMENSIONS, 'objectives', 'strengths', 'weaknesses', 'suggestions'],
  properties: {
    clarity: dimensionSchema,
    empathy: dimensionSchema,
    persuasion: dimensionSchema,
    objectives: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['objective', 'met', 'index'],
        properties: {
          objective: { type: 'integer' },
          met: { type: 'boolean' },
          index: { type: ['integer', 'null'] },
        },
      },
    },
    strengths: strings,
    weaknesses: strings,
    suggestions: strings,
  },
} as const;

export const COACHING_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['communicationAnalysis', 'strategicImpact', 'improvementOpportunity', 'enhancedVersion'],
  properties: {
    communicationAnalysis: { type: 'string' },
    strategicImpact: { type: 'string' },
    improvementOpportunity: { type: 'string' },
    enhancedVersion: { type: 'string' },
  },
} as const;

/** One transcript line as the model sees it: `[3] learner: …`. */
export function numberedLines(messages: readonly Message[]): string[] {
  return messages.map(
    (m, i) =>
      `[${i}] ${m.sender === 'user' ? 'learner' : 'partner'}: ${m.content.replace(/\s+/g, ' ').trim()}`,
  );
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9$%]+/g, ' ')
    .trim();

/** A sentence that quotes words nobody said is dropped: feedback quotes only the transcript. */
function quotesAreReal(sentence: string, transcript: string[]): boolean {
  return quotesIn(sentence).every((q) => {
    const n = norm(q.replace(/^(?:…|\.\.\.)|(?:…|\.\.\.)$/g, ''));
    return n.length === 0 || transcript.some((line) => line.includes(n));
  });
}

const quotesIn = (sentence: string): string[] =>
  [...sentence.matchAll(/“([^”]{3,})”|"([^"]{3,})"/g)].map((m) => m[1] ?? m[2] ?? '');

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

export interface FeedbackContext {
  messages: readonly Message[];
  scenario?: ScenarioDefinition;
  promptVersion: string;
}

const LISTS = ['strengths', 'weaknesses', 'suggestions'] as const;
type ListKey = (typeof LISTS)[number];

/** A field read from the model's answer: as it was asked for, or read leniently. */
interface Taken<T> {
  value: T;
  source: 'model' | 'normalised';
}

/** One answer read leniently: each field that could be read, and what could not (the repair turn's text). */
export interface FeedbackReading {
  scores: Partial<Record<Dimension, Taken<number>>>;
  evidence: Partial<Record<Dimension, Taken<ScoreEvidence[]>>>;
  /** Undefined where the scenario has objectives and the answer none (or there is no scenario). */
  objectives?: Taken<ObjectiveCheck[]>;
  lists: Partial<Record<ListKey, Taken<string[]>>>;
  problems: string[];
}

/** The transcript as the readers need it: which lines are the learner's, and finding a line by its words. */
class Lines {
  readonly learner: number[];
  private readonly normalised: string[];
  constructor(private readonly messages: readonly Message[]) {
    this.learner = messages.flatMap((m, i) => (m.sender === 'user' && m.content.trim() ? [i] : []));
    this.normalised = messages.map((m) => norm(m.content));
  }
  isLearner = (i: number): boolean => this.learner.includes(i);
  content = (i: number): string => (this.messages[i] as Message).content;
  /** The learner line a quote comes from: word for word, or a part of three words or more, or the line inside it. */
  byQuote(quote: string): { index: number; exact: boolean } | undefined {
    const exact = this.learner.find((i) => this.content(i).trim() === quote.trim());
    if (exact !== undefined) return { index: exact, exact: true };
    const q = norm(quote.replace(/^(?:…|\.\.\.)|(?:…|\.\.\.)$/g, ''));
    if (words(q) < 3) return undefined;
    const index = this.learner.find((i) => {
      const line = this.normalised[i] ?? '';
      return line.includes(q) || (words(line) >= 3 && q.includes(line));
    });
    return index === undefined ? undefined : { index, exact: false };
  }
  /** The learner lines a sentence points to: by number ("[3]", "line 3") or by quoting them. */
  pointedToBy(sentence: string): number[] {
    const numbers = [...sentence.matchAll(/\[(\d{1,3})\]|\b(?:line|turn|message) #?(\d{1,3})\b/gi)].map((m) =>
      Number(m[1] ?? m[2]),
    );
    const quoted = quotesIn(sentence).flatMap((q) => this.byQuote(q)?.index ?? []);
    return [...new Set([...numbers, ...quoted])].filter((i) => this.isLearner(i));
  }
}

/** A cited line: its number, or a number written as text ("[3]", "line 3"), or the words it quotes. */
function lineOf(v: unknown, lines: Lines): { index: number; normalised: boolean } | undefined {
  if (typeof v === 'number') return Number.isInteger(v) ? { index: v, normalised: false } : undefined;
  if (typeof v !== 'string' || !v.trim()) return undefined;
  const numbered = /^\s*(?:\[|#|line\s*|turn\s*)?(\d{1,3})\]?\s*$/i.exec(v) ?? /^\s*\[(\d{1,3})\]/.exec(v);
  if (numbered) return { index: Number(numbered[1]), normalised: true };
  const quoted = lines.byQuote(v.replace(/^\s*["“]|["”]\s*$/g, ''));
  return quoted ? { index: quoted.index, normalised: true } : undefined;
}

function evidenceOf(raw: unknown, lines: Lines): { items: ScoreEvidence[]; normalised: boolean } {
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  let normalised = !Array.isArray(raw);
  const seen = new Set<number>();
  const items = list.flatMap((item): ScoreEvidence[] => {
    const e = asRecord(item);
    let cited: { index: number; normalised: boolean } | undefined;
    let effect: 'earned' | 'cost' = 'earned';
    let reason = '';
    if (e) {
      const index = pick(e, 'index');
      cited = lineOf(index?.value, lines);
      if (cited && index?.renamed) cited = { ...cited, normalised: true };
      if (!cited) {
        const quote = pick(e, 'quote');
        cited = lineOf(quote?.value, lines);
      }
      const rawEffect = pick(e, 'effect');
      const effectText = String(rawEffect?.value ?? '').toLowerCase();
      effect = /cost|negativ|lost|minus|weak|hurt|resta|perdi|perte|schwach/.test(effectText)
        ? 'cost'
        : 'earned';
      if (rawEffect?.renamed || (effectText !== 'earned' && effectText !== 'cost')) normalised = true;
      const rawReason = pick(e, 'reason');
      reason = typeof rawReason?.value === 'string' ? rawReason.value.trim() : '';
      if (rawReason?.renamed) normalised = true;
    } else {
      cited = lineOf(item, lines);
      normalised = true;
    }
    if (!cited || !lines.isLearner(cited.index) || seen.has(cited.index)) {
      normalised = true; // a partner line, a line that does not exist, or one cited twice: left out
      return [];
    }
    if (cited.normalised) normalised = true;
    seen.add(cited.index);
    return [{ line: lines.content(cited.index), effect, reason, index: cited.index }];
  });
  if (items.length > 3) normalised = true;
  return { items: items.slice(0, 3), normalised };
}

function objectivesOf(
  raw: Picked,
  scenario: ScenarioDefinition,
  lines: Lines,
): Taken<ObjectiveCheck[]> | undefined {
  // A list of checks, or a map from the objective (its number or its words) to a check or a yes/no.
  let given: Array<Record<string, unknown> | undefined>;
  let normalised = raw.renamed;
  const asMap = asRecord(raw.value);
  if (Array.isArray(raw.value)) given = raw.value.map(asRecord);
  else if (asMap) {
    normalised = true;
    given = Object.entries(asMap).map(([key, v]) => {
      const check = asRecord(v);
      return { objective: /^\d+$/.test(key) ? Number(key) : key, ...(check ?? { met: v }) };
    });
  } else return undefined;
  if (given.length !== scenario.learnerObjectives.length) normalised = true;
  const numberOfEntry = (o: Record<string, unknown> | undefined) => {
    const v = pick(o, 'objective')?.value;
    const n = numberFrom(v);
    return n && Number.isInteger(n.value) && !/[a-z]{3}/i.test(String(v)) ? n.value : undefined;
  };
  const checks = scenario.learnerObjectives.map((objective, i): ObjectiveCheck => {
    let entry = given.find((o) => numberOfEntry(o) === i + 1);
    if (!entry) {
      entry = given.find((o) => {
        const v = pick(o, 'objective')?.value;
        return typeof v === 'string' && (norm(v) === norm(objective) || norm(objective).includes(norm(v)));
      });
      if (!entry && given.every((o) => numberOfEntry(o) === undefined)) entry = given[i];
      if (entry) normalised = true;
    }
    const rawMet = pick(entry, 'met');
    const met = booleanFrom(rawMet?.value);
    const rawIndex = pick(entry, 'index');
    const cited = rawIndex?.value === null ? undefined : lineOf(rawIndex?.value, lines);
    if (rawMet?.renamed || rawIndex?.renamed || typeof rawMet?.value !== 'boolean' || cited?.normalised)
      normalised = true;
    // "Met" needs the learner's own line, of more than a word or two; otherwise it is not shown as met.
    if (met && cited && lines.isLearner(cited.index)) {
      const line = lines.content(cited.index);
      if (words(line) > 2) return { objective, met: true, line, index: cited.index };
    }
    if (met) normalised = true;
    return { objective, met: false };
  });
  return { value: checks, source: normalised ? 'normalised' : 'model' };
}

/**
 * The model's answer (parsed JSON) read leniently into the feedback's fields: scores as strings, words,
 * fractions or on a scale of 100; evidence by number, by a number written as text, or by the words it
 * quotes (always only the learner's lines, the quote taken from the transcript); lists as one string;
 * objectives renamed or as a map; keys in other cases or languages. What cannot be read is a problem
 * for the repair turn.
 */
export function readFeedbackLeniently(value: unknown, ctx: FeedbackContext): FeedbackReading {
  const reading: FeedbackReading = { scores: {}, evidence: {}, lists: {}, problems: [] };
  const answer = asRecord(value);
  if (!answer) {
    reading.problems.push('the answer is not a JSON object');
    return reading;
  }
  const lines = new Lines(ctx.messages);
  const scoresBlock = asRecord(pick(answer, 'scores')?.value);
  const evidenceBlock = asRecord(pick(answer, 'evidence')?.value);

  const raw = DIMENSIONS.map((d) => {
    const field = pick(answer, d) ?? pick(scoresBlock, d);
    const dim = asRecord(field?.value);
    const score = dim ? pick(dim, 'score') : field;
    return { d, field, dim, score, n: numberFrom(score?.value) };
  });
  // Every score between 10 and 100: the model scored out of 100.
  const outOf100 = raw.every((r) => r.n && r.n.value > 10 && r.n.value <= 100);
  for (const { d, field, dim, score, n } of raw) {
    if (!n) reading.problems.push(`${d}.score must be a number from 0 to 10`);
    else {
      const v = outOf100 ? n.value / 10 : n.value;
      if (v < 0 || v > 10) reading.problems.push(`${d}.score ${n.value} is outside 0 to 10`);
      else
        reading.scores[d] = {
          value: Math.round(v * 10) / 10,
          source:
            n.normalised || outOf100 || field?.renamed || score?.renamed || !dim ? 'normalised' : 'model',
        };
    }

    const inDim = dim ? pick(dim, 'evidence') : undefined;
    const flat = inDim ? undefined : pick(evidenceBlock, d);
    const { items, normalised } = evidenceOf((inDim ?? flat)?.value, lines);
    if (items.length > 0)
      reading.evidence[d] = {
        value: items,
        source: normalised || !inDim || inDim.renamed || field?.renamed ? 'normalised' : 'model',
      };
    else if (lines.learner.length > 0)
      reading.problems.push(
        `${d}.evidence must cite at least one learner line by its number (learner lines: ${lines.learner.slice(0, 12).join(', ')})`,
      );
    else reading.evidence[d] = { value: [], source: 'model' };
  }

  const transcript = ctx.messages.map((m) => norm(m.content));
  for (const key of LISTS) {
    const picked = pick(answer, key);
    const list = listFrom(picked?.value);
    if (!list) {
      if (key === 'suggestions' || picked === undefined)
        reading.problems.push(
          key === 'suggestions'
            ? 'suggestions must hold at least one specific suggestion'
            : `${key} must be a list of sentences`,
        );
      continue;
    }
    const real = list.items.filter((s) => quotesAreReal(s, transcript));
    const kept = real.slice(0, 5);
    if (key === 'suggestions' && kept.length === 0) {
      reading.problems.push('suggestions must hold at least one specific suggestion');
      continue;
    }
    const bent = list.normalised || picked?.renamed || kept.length !== list.items.length;
    reading.lists[key] = { value: kept, source: bent ? 'normalised' : 'model' };
  }

  if (ctx.scenario && ctx.scenario.learnerObjectives.length > 0) {
    const picked = pick(answer, 'objectives');
    const objectives = picked ? objectivesOf(picked, ctx.scenario, lines) : undefined;
    if (objectives) reading.objectives = objectives;
    else
      reading.problems.push(
        `objectives must answer each of the ${ctx.scenario.learnerObjectives.length} learner objectives, e.g. [{"objective":1,"met":true,"index":3}]`,
      );
  } else if (ctx.scenario) reading.objectives = { value: [], source: 'model' };
  return reading;
}

/**
 * The model's answer as the contract's SessionFeedback, every field from the model (as written, or read
 * leniently), or an Error saying what to fix (the repair turn's text).
 */
export function readModelFeedback(value: unknown, ctx: FeedbackContext): SessionFeedback {
  const reading = readFeedbackLeniently(value, ctx);
  if (reading.problems.length > 0) throw new Error(reading.problems.join('; '));
  return completeFeedback([reading], ctx, () => {
    throw new Error('nothing is missing'); // unreachable: a reading without problems has every field
  });
}

/** Words that tie a coach's sentence to one dimension. */
const DIMENSION_WORDS: Record<Dimension, RegExp> = {
  clarity: /\b(clear|clarity|concise|specific|vague|direct|precise|figure|number|hedg\w*|to the point)/i,
  empathy:
    /\b(empath\w*|acknowledg\w*|understand\w*|listen\w*|concern\w*|feel\w*|appreciat\w*|perspective|rapport|thank\w*)/i,
  persuasion:
    /\b(persua\w*|argument\w*|reason\w*|evidence|data|case|convinc\w*|justif\w*|proposal|benefit\w*|value)/i,
};

/**
 * Evidence for a dimension the model gave none for, from its own sentences: the learner lines its
 * strengths (earned) and weaknesses (cost) point to, by number or by quoting them, in sentences about
 * that dimension.
 */
function evidenceFromSentences(
  d: Dimension,
  lists: Partial<Record<ListKey, string[]>>,
  lines: Lines,
): ScoreEvidence[] {
  const found: ScoreEvidence[] = [];
  for (const [key, effect] of [
    ['strengths', 'earned'],
    ['weaknesses', 'cost'],
  ] as const)
    for (const sentence of lists[key] ?? []) {
      // About this dimension in the coach's own words (not in the words it quotes).
      if (!DIMENSION_WORDS[d].test(sentence.replace(/“[^”]*”|"[^"]*"/g, ' '))) continue;
      for (const index of lines.pointedToBy(sentence))
        if (!found.some((e) => e.index === index))
          found.push({ line: lines.content(index), effect, reason: sentence, index });
    }
  return found.slice(0, 3);
}

/**
 * The feedback from the readings of the model's answers (the first, then the repair), the latest
 * reading of each field winning; a field no reading has is filled by the builtin engine, for that field
 * only: evidence from the learner lines the model's own sentences point to, else the builtin scorer's.
 * `sources` says which field came from where.
 */
export function completeFeedback(
  readings: readonly FeedbackReading[],
  ctx: FeedbackContext,
  builtin: () => SessionFeedback,
): SessionFeedback {
  let fallback: SessionFeedback | undefined;
  const offline = () => (fallback ??= builtin());
  const latest = <T>(get: (r: FeedbackReading) => Taken<T> | undefined): Taken<T> | undefined =>
    [...readings]
      .reverse()
      .map(get)
      .find((t) => t !== undefined);
  const lines = new Lines(ctx.messages);

  const sources = { evidence: {} } as FeedbackSources;
  const scores = {} as Record<Dimension, number>;
  const evidence = {} as Record<Dimension, ScoreEvidence[]>;
  const lists = {} as Record<ListKey, string[]>;
  const modelLists: Partial<Record<ListKey, string[]>> = {};
  for (const key of LISTS) {
    const taken = latest((r) => r.lists[key]);
    if (taken) modelLists[key] = taken.value;
    lists[key] = taken?.value ?? offline()[key];
    sources[key] = taken?.source ?? 'builtin';
  }
  for (const d of DIMENSIONS) {
    const score = latest((r) => r.scores[d]);
    scores[d] = score?.value ?? offline()[d];
    sources[d] = score?.source ?? 'builtin';
    const cited = latest((r) => r.evidence[d]);
    if (cited) {
      evidence[d] = cited.value;
      sources.evidence[d] = cited.source;
    } else {
      const fromSentences = evidenceFromSentences(d, modelLists, lines);
      evidence[d] = fromSentences.length > 0 ? fromSentences : offline().evidence[d];
      sources.evidence[d] = 'builtin';
    }
  }
  let objectives: ObjectiveCheck[] | undefined;
  if (ctx.scenario) {
    const taken = latest((r) => r.objectives);
    objectives = taken?.value ?? offline().objectives ?? [];
    sources.objectives = taken?.source ?? 'builtin';
  }
  return sessionFeedbackSchema.parse({
    ...scores,
    ...lists,
    evidence,
    ...(objectives ? { objectives } : {}),
    promptVersion: fallback
      ? `${ctx.promptVersion}+${fallback.promptVersion ?? 'builtin'}`.slice(0, 80)
      : ctx.promptVersion,
    sources,
  });
}

/** The builtin engine's feedback on the whole transcript, every field marked as its (the model gave none). */
export function builtinFeedback(
  messages: readonly Message[],
  scenario?: ScenarioDefinition,
): SessionFeedback {
  const feedback = scoreTranscript([...messages], scenario);
  return {
    ...feedback,
    sources: {
      clarity: 'builtin',
      empathy: 'builtin',
      persuasion: 'builtin',
      evidence: { clarity: 'builtin', empathy: 'builtin', persuasion: 'builtin' },
      ...(feedback.objectives ? { objectives: 'builtin' as const } : {}),
      strengths: 'builtin',
      weaknesses: 'builtin',
      suggestions: 'builtin',
    },
  };
}
