import type { Message, ScenarioCategory, ScenarioDefinition, SessionFeedback } from '@parley/contracts';
import type { AiProvider } from '../../coaching/src/providers';
import type { Act, CorpusLine } from './corpus';
import { ABSENCE_CLAIMS } from './feedback-checks';

/**
 * Behaviour tests in the manner of CheckList (Ribeiro et al., 2020), generated over the labelled lines:
 * - invariance: a change that keeps the meaning (casing, contractions, British spelling, another name,
 *   one typo, a filler put in) changes neither what the engine reads a line to do nor what the feedback
 *   says the learner never did;
 * - direction: adding an acknowledgement never lowers empathy; adding a figure never brings "no concrete
 *   numbers"; a line a person did not label as an ask never earns "you made a clear ask";
 * - truth: every "you never did X" the feedback says is checked against the labels people gave the lines.
 */

export interface Tally {
  passed: number;
  total: number;
  failures: string[];
}

const tally = (): Tally => ({ passed: 0, total: 0, failures: [] });
const record = (t: Tally, ok: boolean, detail: () => string): void => {
  t.total += 1;
  if (ok) t.passed += 1;
  else if (t.failures.length < 1000) t.failures.push(detail());
};

/* ---------- perturbations that keep the meaning ---------- */

const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\bdo not\b/gi, "don't"],
  [/\bdon't\b/gi, 'do not'],
  [/\bI am\b/g, "I'm"],
  [/\bI'm\b/g, 'I am'],
  [/\bcannot\b/gi, "can't"],
  [/\bcan't\b/gi, 'cannot'],
  [/\bit is\b/gi, "it's"],
  [/\bwe will\b/gi, "we'll"],
  [/\bI will\b/g, "I'll"],
  [/\bI'll\b/g, 'I will'],
  [/\bthat is\b/gi, "that's"],
  [/\bwould not\b/gi, "wouldn't"],
];

const SPELLINGS: Array<[string, string]> = [
  ['color', 'colour'],
  ['organize', 'organise'],
  ['organized', 'organised'],
  ['realize', 'realise'],
  ['apologize', 'apologise'],
  ['prioritize', 'prioritise'],
  ['behavior', 'behaviour'],
  ['favor', 'favour'],
  ['center', 'centre'],
  ['analyze', 'analyse'],
  ['recognize', 'recognise'],
  ['program', 'programme'],
  ['check', 'cheque'],
];

const NAMES = [
  'Dana',
  'Priya',
  'Tom',
  'Sam',
  'Alex',
  'Maria',
  'James',
  'Chen',
  'Fatima',
  'Ollie',
  'Sarah',
  'Mike',
];
const OTHER_NAMES = [
  'Ngozi',
  'Bartek',
  'Ines',
  'Kwame',
  'Yuki',
  'Lars',
  'Anouk',
  'Rafael',
  'Leila',
  'Mateo',
  'Hana',
  'Ivo',
];

function swapFirst(text: string, pairs: Array<[string | RegExp, string]>): string | undefined {
  for (const [from, to] of pairs) {
    const re =
      typeof from === 'string'
        ? new RegExp(`\\b${from}\\b`, 'i')
        : new RegExp(from.source, from.flags.replace('g', ''));
    if (re.test(text))
      return text.replace(re, (m) =>
        typeof from === 'string' && /^[A-Z]/.test(m) ? to[0]!.toUpperCase() + to.slice(1) : to,
      );
  }
  return undefined;
}

/** One transposition in the longest word of six letters or more (a slip of the fingers, not a new word). */
function typo(text: string): string | undefined {
  const longest = (text.match(/\b[a-z]{6,}\b/g) ?? []).sort((a, b) => b.length - a.length)[0];
  if (!longest) return undefined;
  const i = Math.floor(longest.length / 2);
  const slipped = longest.slice(0, i) + longest[i + 1] + longest[i] + longest.slice(i + 2);
  return text.replace(longest, slipped);
}

export interface Perturbation {
  name: string;
  apply: (text: string) => string | undefined;
  /** Acts the change may rightly alter (a filler put in is a filler). */
  mayChange: Act[];
}

export const PERTURBATIONS: Perturbation[] = [
  { name: 'lower case', apply: (t) => (t === t.toLowerCase() ? undefined : t.toLowerCase()), mayChange: [] },
  { name: 'contraction', apply: (t) => swapFirst(t, CONTRACTIONS), mayChange: [] },
  {
    name: 'British or American spelling',
    apply: (t) => swapFirst(t, [...SPELLINGS, ...SPELLINGS.map(([a, b]): [string, string] => [b, a])]),
    mayChange: [],
  },
  {
    name: 'another name',
    apply: (t) =>
      swapFirst(
        t,
        NAMES.map((n, i): [string, string] => [n, OTHER_NAMES[i] ?? 'Robin']),
      ),
    mayChange: [],
  },
  { name: 'one typo', apply: typo, mayChange: [] },
  {
    name: 'a filler put in',
    apply: (t) => (/^[A-Z]/.test(t) ? `Um, ${t[0]!.toLowerCase()}${t.slice(1)}` : `um ${t}`),
    mayChange: ['filler', 'hedge'],
  },
];

/* ---------- the feedback on short transcripts of corpus lines ---------- */

const OWN_STANDS_FOR: ScenarioCategory = 'conflict-resolution';

function scenarioFor(line: CorpusLine, catalogue: ScenarioDefinition[]): ScenarioDefinition {
  const category = (line.category === 'own' ? OWN_STANDS_FOR : line.category) as ScenarioCategory;
  const scenario = catalogue.find((s) => s.category === category) ?? catalogue[0];
  if (!scenario) throw new Error('behaviour tests need a catalogue');
  return scenario;
}

function transcript(scenario: ScenarioDefinition, lines: string[]): Message[] {
  const messages: Message[] = [{ sender: 'ai', content: scenario.openingLine } as Message];
  for (const line of lines) {
    messages.push({ sender: 'user', content: line } as Message);
    messages.push({ sender: 'ai', content: 'Go on.' } as Message);
  }
  return messages;
}

/** The kinds of "you never did X" a feedback says (by the eval's own reading of its sentences). */
function absenceClaims(feedback: SessionFeedback): number[] {
  const text = [...feedback.weaknesses, ...feedback.suggestions].join(' ');
  return ABSENCE_CLAIMS.flatMap((c, i) => (c.claim.test(text) ? [i] : []));
}

/** What each absence claim denies, in the corpus's acts (the same order as ABSENCE_CLAIMS). */
const DENIED: Act[][] = [
  ['open-question', 'closed-question'],
  ['empathy', 'apology'],
  ['reason'],
  ['ask'],
  ['figures'],
  ['close'],
  ['apology'],
];

/**
 * Praise the feedback gives, by kind, with the acts a person must have labelled the praised line with for
 * the praise to be true (the eval's own reading of the sentences, written from the product's texts).
 */
export const PRAISE: Array<{ kind: string; said: RegExp; needs: Act[] }> = [
  {
    kind: 'a clear ask',
    said: /\bmade an? (?:clear|concrete)[^.]*?\bask\b/i,
    needs: ['ask', 'closed-question'],
  },
  {
    kind: 'questions',
    said: /^You asked (?:open questions|about their side)/i,
    needs: ['open-question', 'closed-question'],
  },
  { kind: 'acknowledgement', said: /^You acknowledged\b/i, needs: ['empathy', 'apology'] },
  { kind: 'feelings named', said: /^You named how\b/i, needs: ['empathy'] },
  { kind: 'apology', said: /^You apologi[sz]ed/i, needs: ['apology'] },
  { kind: 'reasons', said: /^You backed your\b/i, needs: ['reason'] },
  { kind: 'evidence', said: /^You supported\b/i, needs: ['reason', 'figures'] },
  { kind: 'close', said: /^You closed with\b/i, needs: ['close'] },
  { kind: 'figures', said: /^You used concrete\b[^.]*\d/i, needs: ['figures'] },
];

const CLAIMS_AN_ASK = /\bmade an? (?:clear|concrete|specific|direct)[^.]*?\b(?:ask|request|proposal)\b/i;
const NO_NUMBERS = ABSENCE_CLAIMS[4]?.claim ?? /no concrete numbers/i;

export interface BehaviourResult {
  invariance: Record<string, Tally>;
  direction: Record<string, Tally>;
  truth: Tally;
  /** Each kind of claim against the labels: praise by kind, and each "you never did X". */
  claims: Record<string, Tally>;
}

export async function behaviourTests(
  provider: AiProvider & { lineActs?: (text: string) => Promise<string[]> },
  lines: CorpusLine[],
  catalogue: ScenarioDefinition[],
): Promise<BehaviourResult> {
  const invariance: Record<string, Tally> = {};
  const direction: Record<string, Tally> = {
    'an acknowledgement never lowers empathy': tally(),
    'a figure never brings "no concrete numbers"': tally(),
    'no ask, no "you made a clear ask"': tally(),
  };
  const truth = tally();
  const claims: Record<string, Tally> = {};
  const feedbackOn = (line: CorpusLine, texts: string[]): Promise<SessionFeedback> => {
    const scenario = scenarioFor(line, catalogue);
    return provider.feedback({ messages: transcript(scenario, texts), scenario });
  };

  for (const line of lines) {
    const base = await feedbackOn(line, [line.text]);
    const baseClaims = absenceClaims(base);
    const baseActs = provider.lineActs ? new Set(await provider.lineActs(line.text)) : undefined;

    // Truth: every absence claim against what a person labelled the line.
    for (const praise of PRAISE)
      for (const sentence of base.strengths.filter((x) => praise.said.test(x)))
        record(
          (claims[`praise: ${praise.kind}`] ??= tally()),
          praise.needs.some((act) => line.labels.includes(act)),
          () =>
            `${line.at} "${line.text}" was praised: ${sentence} (labelled ${line.labels.join(', ') || 'nothing'})`,
        );
    for (const claim of baseClaims) {
      const denied = DENIED[claim] ?? [];
      record(
        (claims[`never ${denied.join('/')}`] ??= tally()),
        !denied.some((act) => line.labels.includes(act)),
        () =>
          `${line.at} "${line.text}" was told it never did ${denied.join('/')} (labelled ${line.labels.join(', ')})`,
      );
      record(
        truth,
        !denied.some((act) => line.labels.includes(act)),
        () =>
          `${line.at} "${line.text}" was told ${String(ABSENCE_CLAIMS[claim]?.claim)} though labelled ${line.labels.join(', ')}`,
      );
    }

    for (const p of PERTURBATIONS) {
      const changed = p.apply(line.text);
      if (changed === undefined || changed === line.text) continue;
      const t = (invariance[p.name] ??= tally());
      const claims = absenceClaims(await feedbackOn(line, [changed]));
      const acts = baseActs && provider.lineActs ? new Set(await provider.lineActs(changed)) : undefined;
      const same = (a: Set<string> | undefined, b: Set<string> | undefined): boolean =>
        !a || !b || [...a, ...b].every((x) => p.mayChange.includes(x as Act) || (a.has(x) && b.has(x)));
      const claimsSame = claims.length === baseClaims.length && claims.every((c) => baseClaims.includes(c));
      record(
        t,
        claimsSame && same(baseActs, acts),
        () =>
          `${line.at} "${changed}": ${claimsSame ? `acts changed (${diff(baseActs, acts)})` : `claims changed (${diff(named(baseClaims), named(claims))})`}`,
      );
    }

    const acknowledged = await feedbackOn(line, [`That sounds really tough on you. ${line.text}`]);
    record(
      direction['an acknowledgement never lowers empathy']!,
      acknowledged.empathy >= base.empathy,
      () => `${line.at}: empathy ${base.empathy} → ${acknowledged.empathy}`,
    );
    const withFigure = await feedbackOn(line, [`${line.text} It has happened 3 times since March 4.`]);
    record(
      direction['a figure never brings "no concrete numbers"']!,
      !NO_NUMBERS.test([...withFigure.weaknesses, ...withFigure.suggestions].join(' ')),
      () => `${line.at}: "no concrete numbers" after a figure`,
    );
    if (!line.labels.includes('ask'))
      record(
        direction['no ask, no "you made a clear ask"']!,
        !CLAIMS_AN_ASK.test(base.strengths.join(' ')),
        () => `${line.at} "${line.text}" praised for a clear ask`,
      );
  }
  return { invariance, direction, truth, claims };
}

/** What a change added (+) and took away (−), for a failure's line. */
function diff(before: Iterable<string> | undefined, after: Iterable<string> | undefined): string {
  const a = new Set(before ?? []);
  const b = new Set(after ?? []);
  return [
    ...[...b].filter((x) => !a.has(x)).map((x) => `+${x}`),
    ...[...a].filter((x) => !b.has(x)).map((x) => `−${x}`),
  ].join(' ');
}

/** The absence claims by what they deny. */
const named = (claims: number[]): string[] => claims.map((c) => `never ${(DENIED[c] ?? []).join('/')}`);

/** The precision a kind of claim needs on the labels (issue: 0.97 on the frozen test split). */
export const SHIPS_AT = 0.97;

/**
 * Each kind of claim this eval reads, by the name the builtin engine gives the kind of sentence that says
 * it (its claim gate is keyed so, `side:kind`). Only names cross over: how a sentence is read stays the
 * eval's own.
 */
const ENGINE_KIND_PARTS: Record<string, [side: 'strength' | 'absence', kind: string]> = {
  'praise: a clear ask': ['strength', 'asks'],
  'praise: questions': ['strength', 'questions'],
  'praise: acknowledgement': ['strength', 'acknowledgement'],
  'praise: feelings named': ['strength', 'emotion'],
  'praise: apology': ['strength', 'apology'],
  'praise: reasons': ['strength', 'reasons'],
  'praise: evidence': ['strength', 'evidence'],
  'praise: close': ['strength', 'closing'],
  'praise: figures': ['strength', 'specifics'],
  'never open-question/closed-question': ['absence', 'questions'],
  'never empathy/apology': ['absence', 'acknowledgement'],
  'never reason': ['absence', 'reasons'],
  'never ask': ['absence', 'asks'],
  'never figures': ['absence', 'specifics'],
  'never close': ['absence', 'closing'],
  'never apology': ['absence', 'apology'],
};

/** The engine's name for each kind: its side and the rubric category or move, as the engine joins them. */
export const ENGINE_KIND: Record<string, string> = Object.fromEntries(
  Object.entries(ENGINE_KIND_PARTS).map(([name, [side, kind]]) => [name, `${side}:${kind}`]),
);

export type ClaimGateTable = Record<string, { precision: number; said: number }>;

/**
 * The gate the measurement of the ungated engine calls for: every kind whose precision against the labels
 * is below SHIPS_AT, by the engine's name for it. A kind never said on the split is not measured, and not
 * held back by it.
 */
export function gateFrom(claims: Record<string, Tally>): ClaimGateTable {
  const out: ClaimGateTable = {};
  for (const [name, t] of Object.entries(claims)) {
    const kind = ENGINE_KIND[name];
    if (!kind) throw new Error(`the eval reads a kind of claim the engine has no name for: ${name}`);
    if (t.total > 0 && t.passed / t.total < SHIPS_AT)
      out[kind] = { precision: Number((t.passed / t.total).toFixed(3)), said: t.total };
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

const rate = (t: Tally): string => (t.total ? `${((100 * t.passed) / t.total).toFixed(1)}%` : '—');

/** Every failure of the behaviour tests, one a line, by test. */
export function behaviourFailures(r: BehaviourResult): string {
  return Object.entries({ ...r.invariance, ...r.direction, ...r.claims })
    .flatMap(([name, t]) => t.failures.map((f) => `${name}\t${f}`))
    .join('\n');
}

export function formatBehaviour(r: BehaviourResult, split: string): string {
  const rows = (title: string, tallies: Record<string, Tally>): string[] => [
    title,
    ...Object.entries(tallies).map(
      ([name, t]) => `  ${name.padEnd(44)} ${rate(t).padStart(6)}  ${t.passed} / ${t.total}`,
    ),
  ];
  const all = [...Object.values(r.invariance), ...Object.values(r.direction)];
  const total = all.reduce((a, t) => ({ passed: a.passed + t.passed, total: a.total + t.total }), {
    passed: 0,
    total: 0,
  });
  return [
    ...rows(
      `behaviour tests over the ${split === 'test' ? 'frozen test' : split} split: invariance`,
      r.invariance,
    ),
    ...rows('direction', r.direction),
    `  ${'all invariance and direction tests'.padEnd(44)} ${rate({ ...total, failures: [] }).padStart(6)}  ${total.passed} / ${total.total}`,
    `"you never did X" against the people's labels: ${rate(r.truth)} true (${r.truth.passed} / ${r.truth.total})`,
    `each kind of claim against the people's labels (precision; a kind ships at ${(100 * SHIPS_AT).toFixed(0)}% or more)`,
    ...Object.entries(r.claims)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([name, t]) =>
          `  ${name.padEnd(44)} ${rate(t).padStart(6)}  ${String(t.passed).padStart(4)} / ${String(t.total).padEnd(4)} ${t.total > 0 && t.passed / t.total < SHIPS_AT ? 'below' : ''}`,
      ),
    ...[...Object.values(r.invariance), ...Object.values(r.direction), r.truth].flatMap((t) =>
      t.failures.slice(0, 2).map((f) => `  e.g. ${f}`),
    ),
  ].join('\n');
}

/**
 * The gate against the engine's: each kind the ungated engine said on the frozen test split, its precision,
 * whether it ships, and whether the engine's table (`withheld`) holds back exactly the kinds it should.
 */
export function formatGate(
  claims: Record<string, Tally>,
  gate: ClaimGateTable,
  withheld: ClaimGateTable,
): string {
  const same = JSON.stringify(gate) === JSON.stringify(withheld);
  return [
    `the claim gate: each kind the ungated engine says, on the frozen test split (a kind ships at ${(100 * SHIPS_AT).toFixed(0)}% or more)`,
    ...Object.entries(claims)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([name, t]) =>
          `  ${name.padEnd(44)} ${rate(t).padStart(6)}  ${String(t.passed).padStart(4)} / ${String(t.total).padEnd(4)} ${gate[ENGINE_KIND[name] ?? ''] ? 'withheld' : 'ships'}`,
      ),
    same
      ? `the engine's gate matches: ${Object.keys(gate).length} kinds withheld (${Object.keys(gate).join(', ') || 'none'})`
      : `the engine's gate is stale: it withholds ${Object.keys(withheld).join(', ') || 'nothing'}, the measurement calls for ${Object.keys(gate).join(', ') || 'nothing'} (npm run eval:coaching -- --write-gate)`,
  ].join('\n');
}
