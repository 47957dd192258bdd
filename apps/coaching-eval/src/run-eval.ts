import {
  CHAT_TONES,
  CUSTOM_SCENARIO_PREFIX,
  type ChatTone,
  type ScenarioDefinition,
  type SessionFeedback,
} from '@parley/contracts';
import type { AiProvider } from '../../coaching/src/providers';
import {
  FAREWELL,
  FEEDBACK_CHECKS,
  REPLY_CHECKS,
  checkFeedback,
  checkReply,
  overall,
  type Failure,
  type Turn,
} from './checks';
import { LEARNER_KINDS, scriptFor, type LearnerKind } from './learners';

/**
 * Plays every scripted learner against a provider in every chosen scenario and tone, checks every reply
 * and every feedback, and counts passes per check, per category, per tone and per learner.
 */

export interface EvalOptions {
  provider: AiProvider;
  scenarios: ScenarioDefinition[];
  tones?: readonly ChatTone[];
  learners?: readonly LearnerKind[];
  /** Called after each conversation, e.g. to print progress or keep transcripts. */
  onConversation?: (c: Conversation) => void;
}

export interface Conversation {
  scenario: ScenarioDefinition;
  tone: ChatTone;
  learner: LearnerKind;
  turns: Turn[];
  feedback: SessionFeedback;
  failures: Array<Failure & { turn?: number }>;
  /** Milliseconds from asking to the first streamed piece, per reply. */
  firstPieceMs: number[];
  feedbackMs: number;
  /** Replies and feedback the provider failed to give (its error messages); the run goes on. */
  errors: string[];
}

/** Stands in for feedback the provider failed to give: scores nothing, claims nothing. */
const NO_FEEDBACK: SessionFeedback = {
  clarity: 0,
  empathy: 0,
  persuasion: 0,
  strengths: [],
  weaknesses: [],
  suggestions: [],
  evidence: { clarity: [], empathy: [], persuasion: [] },
};

export const ORDER_CHECK = 'scores-ordered';
export type CheckName = (typeof REPLY_CHECKS)[number] | (typeof FEEDBACK_CHECKS)[number] | typeof ORDER_CHECK;
export const ALL_CHECKS: CheckName[] = [...REPLY_CHECKS, ...FEEDBACK_CHECKS, ORDER_CHECK];

export interface Tally {
  passed: number;
  total: number;
}

/** How many fields of the run's feedback came from the model as written, read leniently, or the builtin engine. */
export interface FieldSources {
  model: number;
  normalised: number;
  builtin: number;
  /** Feedback that records no sources (the builtin provider writes it whole). */
  unrecorded: number;
  /** Feedback the provider failed to give at all. */
  failed: number;
}

export interface EvalResult {
  conversations: Conversation[];
  sources: FieldSources;
  byCheck: Record<CheckName, Tally>;
  byCategory: Record<string, Tally>;
  /** Own scenarios (ids starting with the contract's CUSTOM_SCENARIO_PREFIX), one row each: the learner's own situations. */
  byOwnScenario: Record<string, Tally>;
  byTone: Record<string, Tally>;
  byLearner: Record<string, Tally>;
  orderFailures: string[];
  overall: Tally;
}

export async function runEval(options: EvalOptions): Promise<EvalResult> {
  const tones = options.tones ?? CHAT_TONES;
  const learners = options.learners ?? LEARNER_KINDS;
  const conversations: Conversation[] = [];
  for (const scenario of options.scenarios) {
    for (const tone of tones) {
      for (const learner of learners) {
        const c = await converse(options.provider, scenario, tone, learner);
        conversations.push(c);
        options.onConversation?.(c);
      }
    }
  }
  return tally(conversations);
}

async function converse(
  provider: AiProvider,
  scenario: ScenarioDefinition,
  tone: ChatTone,
  learner: LearnerKind,
): Promise<Conversation> {
  const script = scriptFor(learner, scenario);
  const turns: Turn[] = [{ sender: 'ai', content: await provider.opening({ scenario, tone }) }];
  const failures: Conversation['failures'] = [];
  const errors: string[] = [];
  const firstPieceMs: number[] = [];
  let farewells = FAREWELL.test(turns[0]?.content ?? '') ? 1 : 0;
  for (const [i, line] of script.lines.entries()) {
    turns.push({ sender: 'user', content: line });
    const started = performance.now();
    let reply = '';
    let first: number | undefined;
    const controller = new AbortController();
    try {
      for await (const piece of provider.streamReply(
        { scenario, tone, messages: turns.map((t) => ({ ...t })) },
        controller.signal,
      )) {
        first ??= performance.now() - started;
        reply += piece;
      }
    } catch (error) {
      // A provider that fails a reply is counted, not allowed to end the run: models are compared with it.
      errors.push(`turn ${i + 1}: ${error instanceof Error ? error.message : String(error)}`);
    }
    firstPieceMs.push(first ?? performance.now() - started);
    turns.push({ sender: 'ai', content: reply.trim() });
    for (const f of checkReply({ scenario, turns, farewellsBefore: farewells, learnerKind: learner }))
      failures.push({ ...f, turn: i + 1 });
    if (FAREWELL.test(reply)) farewells += 1;
  }
  const started = performance.now();
  let feedback: SessionFeedback;
  try {
    feedback = await provider.feedback({ messages: turns.map((t) => ({ ...t })), scenario });
    failures.push(...checkFeedback({ scenario, turns, feedback }));
  } catch (error) {
    errors.push(`feedback: ${error instanceof Error ? error.message : String(error)}`);
    feedback = NO_FEEDBACK;
  }
  const feedbackMs = performance.now() - started;
  return { scenario, tone, learner, turns, feedback, failures, firstPieceMs, feedbackMs, errors };
}

function tally(conversations: Conversation[]): EvalResult {
  const byCheck = Object.fromEntries(ALL_CHECKS.map((c) => [c, { passed: 0, total: 0 }])) as Record<
    CheckName,
    Tally
  >;
  const byCategory: Record<string, Tally> = {};
  const byOwnScenario: Record<string, Tally> = {};
  const byTone: Record<string, Tally> = {};
  const byLearner: Record<string, Tally> = {};
  const all: Tally = { passed: 0, total: 0 };
  const count = (c: Conversation, check: CheckName, ok: boolean): void => {
    for (const t of [
      byCheck[check],
      (byCategory[c.scenario.category] ??= { passed: 0, total: 0 }),
      (byTone[c.tone] ??= { passed: 0, total: 0 }),
      (byLearner[c.learner] ??= { passed: 0, total: 0 }),
      ...(c.scenario.id.startsWith(CUSTOM_SCENARIO_PREFIX)
        ? [(byOwnScenario[c.scenario.id] ??= { passed: 0, total: 0 })]
        : []),
      all,
    ]) {
      t.total += 1;
      if (ok) t.passed += 1;
    }
  };

  for (const c of conversations) {
    const replies = c.turns.filter((t) => t.sender === 'user').length;
    for (const check of REPLY_CHECKS) {
      const failedTurns = new Set(c.failures.filter((f) => f.check === check).map((f) => f.turn));
      for (let turn = 1; turn <= replies; turn += 1) count(c, check, !failedTurns.has(turn));
    }
    for (const check of FEEDBACK_CHECKS) count(c, check, !c.failures.some((f) => f.check === check));
  }

  // Scores follow the scripts' quality: in each scenario and tone, strong is above every other learner.
  const orderFailures: string[] = [];
  const groups = new Map<string, Conversation[]>();
  for (const c of conversations) {
    const key = `${c.scenario.id}|${c.tone}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  for (const [key, group] of groups) {
    const strong = group.find((c) => c.learner === 'strong');
    if (!strong) continue;
    for (const other of group) {
      if (other === strong) continue;
      const ok = overall(strong.feedback) > overall(other.feedback);
      count(other, ORDER_CHECK, ok);
      if (!ok)
        orderFailures.push(
          `${key}: strong ${overall(strong.feedback).toFixed(1)} ≤ ${other.learner} ${overall(other.feedback).toFixed(1)}`,
        );
    }
  }
  return {
    conversations,
    sources: fieldSources(conversations),
    byCheck,
    byCategory,
    byOwnScenario,
    byTone,
    byLearner,
    orderFailures,
    overall: all,
  };
}

/** Counts each feedback field by where it came from (`sources`: the score, evidence, objectives and lists). */
export function fieldSources(conversations: readonly Conversation[]): FieldSources {
  const tally: FieldSources = { model: 0, normalised: 0, builtin: 0, unrecorded: 0, failed: 0 };
  for (const c of conversations) {
    if (c.errors.some((e) => e.startsWith('feedback:'))) {
      tally.failed += 1;
      continue;
    }
    const sources = c.feedback.sources;
    if (!sources) {
      tally.unrecorded += 1;
      continue;
    }
    const { evidence, ...fields } = sources;
    for (const source of [...Object.values(fields), ...Object.values(evidence)])
      if (source) tally[source] += 1;
  }
  return tally;
}

/** One line: the feedback fields of the run by where they came from, and the feedback that failed. */
export function formatFieldSources(t: FieldSources): string {
  const fields = t.model + t.normalised + t.builtin;
  return [
    `feedback fields: ${t.model} from the model as written, ${t.normalised} read leniently (normalised), ${t.builtin} filled by the builtin engine, of ${fields}`,
    t.unrecorded ? `; ${t.unrecorded} feedback written whole by the builtin provider` : '',
    `\nfailed feedback: ${t.failed}`,
  ].join('');
}

export const rate = (t: Tally): number => (t.total === 0 ? 1 : t.passed / t.total);
const pct = (t: Tally): string => `${(rate(t) * 100).toFixed(1)}%`;

/** The result as plain-text tables: per check, per category, per tone, per learner. */
export function formatTables(result: EvalResult): string {
  const section = (title: string, rows: Record<string, Tally>): string => {
    const width = Math.max(title.length, ...Object.keys(rows).map((k) => k.length));
    const lines = Object.entries(rows).map(
      ([k, t]) => `${k.padEnd(width)}  ${pct(t).padStart(6)}  ${String(t.passed).padStart(6)} / ${t.total}`,
    );
    return [`${title.padEnd(width)}  ${'pass'.padStart(6)}  ${'passed'.padStart(6)} / total`, ...lines].join(
      '\n',
    );
  };
  return [
    section('check', result.byCheck),
    section('category', result.byCategory),
    section('tone', result.byTone),
    section('learner', result.byLearner),
    ...(Object.keys(result.byOwnScenario).length ? [section('own scenario', result.byOwnScenario)] : []),
    `all checks: ${pct(result.overall)} (${result.overall.passed} / ${result.overall.total}) over ${result.conversations.length} conversations`,
  ].join('\n\n');
}

/** One conversation and its feedback, as a learner would read them. */
export function formatConversation(c: Conversation): string {
  const name = c.scenario.persona.name;
  const lines = [
    `# ${c.scenario.title} (${c.scenario.id}) — ${c.tone}, ${c.learner} learner`,
    ...c.turns.map((t) => `${t.sender === 'ai' ? name : 'Learner'}: ${t.content}`),
    '',
    `Scores: clarity ${c.feedback.clarity}, empathy ${c.feedback.empathy}, persuasion ${c.feedback.persuasion}`,
    'Strengths:',
    ...c.feedback.strengths.map((s) => `  - ${s}`),
    'Weaknesses:',
    ...c.feedback.weaknesses.map((s) => `  - ${s}`),
    'Suggestions:',
    ...c.feedback.suggestions.map((s) => `  - ${s}`),
    'Objectives:',
    ...(c.feedback.objectives ?? []).map(
      (o) => `  - [${o.met ? 'x' : ' '}] ${o.objective}${o.line ? ` — “${o.line}”` : ''}`,
    ),
  ];
  if (c.failures.length > 0)
    lines.push(
      'Check failures:',
      ...c.failures.map((f) => `  ! ${f.check}${f.turn ? ` (turn ${f.turn})` : ''}: ${f.detail}`),
    );
  return lines.join('\n');
}
