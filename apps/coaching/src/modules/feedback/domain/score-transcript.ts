import { type ScenarioDefinition, type ScoreEvidence, type SessionFeedback } from '@parley/contracts';
import { analyseText } from '../../speech/domain/nlp';
import { WEAK_ACKNOWLEDGEMENT } from './cues';
import { type LineFeatures, type Match, contentLemmas, lineFeatures } from './line-features';
import { capitalise, q, quoteList, wordsFrom } from './quote';
import { tightenText } from './rewrite';
import {
  type ScenarioKind,
  acknowledgementFor,
  askFor,
  isEmotionalKind,
  kindOfCategory,
} from './scenario-kind';

/*
 * A transparent rubric over the learner's lines. Every observation is a contribution: a category, the
 * line it came from, a number of points and a reason (the reasons become the evidence). Per dimension:
 *
 *   earned = Σ min(cap, points) over its earned categories      lost = Σ min(cap, points) over its costs
 *   clarity            = engagement × earned − lost
 *   empathy/persuasion = 10 × (1 − e^(−engagement × earned / 3.5)) − lost
 *
 * clamped to 0..10 with one decimal. engagement = min(1, learner words / 40) keeps a one-line transcript
 * from scoring high on a single good phrase. Clarity is visible in every line, so it adds up linearly;
 * empathy and persuasion are moves made a few times per conversation, where the first acknowledgement
 * or reason matters most, so they saturate (2 points ≈ 4.4, 4 ≈ 6.8, 6 ≈ 8.2). The labelled transcripts
 * in __fixtures__ pin the calibration: excellent ≥ 8, average mid-range, poor under 4, empty 0.
 */

type Dimension = 'clarity' | 'empathy' | 'persuasion';
const DIMENSIONS: Dimension[] = ['clarity', 'empathy', 'persuasion'];

interface CategorySpec {
  dimension: Dimension;
  effect: 'earned' | 'cost';
  cap: number;
}

const CATEGORIES = {
  // clarity: structure, specifics, directness, answering what was asked
  structure: { dimension: 'clarity', effect: 'earned', cap: 2.5 },
  specifics: { dimension: 'clarity', effect: 'earned', cap: 3 },
  direct: { dimension: 'clarity', effect: 'earned', cap: 2.5 },
  answers: { dimension: 'clarity', effect: 'earned', cap: 2 },
  hedges: { dimension: 'clarity', effect: 'cost', cap: 3 },
  fillers: { dimension: 'clarity', effect: 'cost', cap: 2 },
  rambling: { dimension: 'clarity', effect: 'cost', cap: 2 },
  evasion: { dimension: 'clarity', effect: 'cost', cap: 2 },
  fragments: { dimension: 'clarity', effect: 'cost', cap: 1.5 },
  // empathy: acknowledging, naming feelings, asking about needs, respectful tone
  acknowledgement: { dimension: 'empathy', effect: 'earned', cap: 3 },
  emotion: { dimension: 'empathy', effect: 'earned', cap: 1.5 },
  questions: { dimension: 'empathy', effect: 'earned', cap: 2.5 },
  tone: { dimension: 'empathy', effect: 'earned', cap: 1.5 },
  apology: { dimension: 'empathy', effect: 'earned', cap: 1 },
  collaboration: { dimension: 'empathy', effect: 'earned', cap: 0.5 },
  dismissive: { dimension: 'empathy', effect: 'cost', cap: 5 },
  blame: { dimension: 'empathy', effect: 'cost', cap: 4 },
  orders: { dimension: 'empathy', effect: 'cost', cap: 1.5 },
  harsh: { dimension: 'empathy', effect: 'cost', cap: 1.5 },
  hostileQuestions: { dimension: 'empathy', effect: 'cost', cap: 1.5 },
  ignoredFeelings: { dimension: 'empathy', effect: 'cost', cap: 1.5 },
  // persuasion: reasons, evidence, their benefit, concrete asks, objections, closing, objectives
  reasons: { dimension: 'persuasion', effect: 'earned', cap: 2.5 },
  evidence: { dimension: 'persuasion', effect: 'earned', cap: 2 },
  benefits: { dimension: 'persuasion', effect: 'earned', cap: 1.5 },
  asks: { dimension: 'persuasion', effect: 'earned', cap: 2 },
  objections: { dimension: 'persuasion', effect: 'earned', cap: 1.5 },
  closing: { dimension: 'persuasion', effect: 'earned', cap: 1.5 },
  relevance: { dimension: 'persuasion', effect: 'earned', cap: 1.5 },
  unsupported: { dimension: 'persuasion', effect: 'cost', cap: 2 },
  caving: { dimension: 'persuasion', effect: 'cost', cap: 2.4 },
  threats: { dimension: 'persuasion', effect: 'cost', cap: 2 },
  hedgedAsks: { dimension: 'persuasion', effect: 'cost', cap: 1.2 },
  ignoredObjections: { dimension: 'persuasion', effect: 'cost', cap: 1.5 },
} as const satisfies Record<string, CategorySpec>;

type Category = keyof typeof CATEGORIES;

interface Contribution {
  category: Category;
  line: LineFeatures;
  points: number;
  reason: string;
  /** The learner's words behind it, for strengths and weaknesses. */
  quote: string;
}

/** Fewer learner words than this is too little to praise or to judge in detail. */
const SHORT_TRANSCRIPT_WORDS = 10;
/** Words needed before positive points count in full. */
const FULL_ENGAGEMENT_WORDS = 40;
const MAX_EVIDENCE_PER_EFFECT = 3;

const round1 = (n: number): number => Math.round(n * 10) / 10;
const texts = (matches: Match[]): string[] => matches.map((m) => m.text);

export function scoreTranscript(
  messages: Array<{ sender: 'user' | 'ai'; content: string }>,
  scenario?: ScenarioDefinition,
): SessionFeedback {
  const lines: LineFeatures[] = [];
  let partnerText: string | undefined;
  messages.forEach((message, index) => {
    if (message.sender === 'ai') {
      partnerText = partnerText === undefined ? message.content : `${partnerText}\n${message.content}`;
      return;
    }
    if (message.content.trim()) lines.push(lineFeatures(index, message.content, partnerText));
    partnerText = undefined;
  });

  const kind: ScenarioKind = scenario ? kindOfCategory(scenario.category) : 'general';
  const totalWords = lines.reduce((sum, l) => sum + l.words, 0);
  if (totalWords === 0) return emptyFeedback(messages, scenario, kind);

  const contributions: Contribution[] = lines.flatMap((line) => rubric(line));
  const objectives = scenario ? scenarioRelevance(lines, scenario, contributions) : undefined;

  const engagement = Math.min(1, totalWords / FULL_ENGAGEMENT_WORDS);
  const totals = categoryTotals(contributions);
  const scores = Object.fromEntries(
    DIMENSIONS.map((dimension) => [dimension, dimensionScore(dimension, totals, engagement)]),
  ) as Record<Dimension, number>;

  const context: NarrativeContext = {
    lines,
    contributions,
    totals,
    scores,
    kind,
    scenario,
    objectives,
    totalWords,
  };
  const weaknessList = weaknesses(context);
  return {
    ...scores,
    strengths: strengths(context),
    weaknesses: weaknessList.map((w) => w.text),
    suggestions: suggestions(context, weaknessList),
    evidence: {
      clarity: evidenceFor('clarity', contributions),
      empathy: evidenceFor('empathy', contributions),
      persuasion: evidenceFor('persuasion', contributions),
    },
  };
}

/* ---------- the rubric, line by line ---------- */

function rubric(line: LineFeatures): Contribution[] {
  const out: Contribution[] = [];
  const add = (category: Category, points: number, reason: string, quote: string): void => {
    if (points > 0) out.push({ category, line, points: round1(points), reason, quote });
  };
  const sentenceOf = (m: Match): string => line.analysed.sentences[m.sentence]?.text.trim() ?? m.text;
  // The learner's words from a match to the end of its sentence (or the whole sentence, if that is short).
  const from = (m: Match, words = 9): string => {
    const sentence = line.analysed.sentences[m.sentence];
    const end = sentence ? (line.analysed.tokens[sentence.last]?.end ?? line.text.length) : line.text.length;
    const part = wordsFrom(line.text.slice(0, end), m.index, words);
    return part.split(' ').length < 4 ? sentenceOf(m) : part;
  };

  // Clarity
  if (line.cleanSentences > 0 && line.rambling.length === 0) {
    const longest = Math.max(...line.sentenceWords);
    add(
      'structure',
      0.7,
      `gets its point across in well-formed sentences (longest ${longest} words)`,
      line.text,
    );
  }
  if (line.specifics.length > 0) {
    add(
      'specifics',
      Math.min(1.5, 0.75 * line.specifics.length),
      `gives specifics: ${quoteList(line.specifics)}`,
      line.specifics.join(', '),
    );
  }
  const direct = line.directStatements[0];
  if (direct) add('direct', 0.9, `states it directly: ${q(direct.text, 60)}`, direct.text);
  const question = line.partner?.questions[line.partner.questions.length - 1];
  if (line.answer === 'answered' && question) {
    add('answers', 0.8, `answers the question ${q(question, 50)} directly`, line.text);
  }
  if (line.hedges.length > 0) {
    add(
      'hedges',
      Math.min(1.5, 0.5 * line.hedges.length),
      `hedges: ${quoteList(texts(line.hedges))}`,
      texts(line.hedges).join('|'),
    );
  }
  if (line.fillers.length > 0) {
    add(
      'fillers',
      Math.min(1.2, 0.3 * line.fillers.length),
      `filler words: ${quoteList(texts(line.fillers))}`,
      texts(line.fillers).join('|'),
    );
  }
  for (const sentence of line.rambling) {
    const words = line.analysed.sentences[sentence.sentence]?.words ?? 0;
    add('rambling', 0.8, `runs on for ${words} words in one sentence, burying the point`, sentence.text);
  }
  if (line.answer === 'evaded' && question) {
    add('evasion', 0.8, `sidesteps the question ${q(question, 50)}`, line.text);
  }
  if (line.fragment)
    add(
      'fragments',
      0.4,
      `a reply of ${line.words} word${line.words === 1 ? '' : 's'} leaves your position unstated`,
      line.text,
    );

  // Empathy
  if (line.acknowledgements.length > 0) {
    const weighty = line.acknowledgements.filter((a) => !WEAK_ACKNOWLEDGEMENT.test(a.text));
    const points = (weighty.length > 0 ? 1.2 : 0.6) + 0.4 * Math.min(1, line.acknowledgements.length - 1);
    const shown = weighty[0] ?? line.acknowledgements[0];
    if (shown) add('acknowledgement', points, `acknowledges them: ${q(from(shown, 8), 60)}`, from(shown, 8));
  }
  const emotion = line.emotionsNamed[0];
  if (emotion) add('emotion', 0.75, `names how they feel (${q(emotion.text)})`, sentenceOf(emotion));
  const questionPoints = Math.min(1.5, line.openQuestions.length * 1.0 + line.closedQuestions.length * 0.5);
  const askedAbout = line.openQuestions[0] ?? line.closedQuestions[0];
  if (askedAbout) {
    const open = line.openQuestions.length > 0;
    add(
      'questions',
      questionPoints,
      `asks ${open ? 'an open question' : 'a question'} about them: ${q(askedAbout.text, 60)}`,
      askedAbout.text,
    );
  }
  const polite = line.politeness[0];
  const hostile =
    line.dismissive.length +
    line.blame.length +
    line.orders.length +
    line.harsh.length +
    line.hostileQuestions.length;
  if ((line.positiveTone || polite) && line.words >= 4 && hostile === 0) {
    add(
      'tone',
      0.4,
      polite ? `keeps a courteous tone (${q(polite.text)})` : 'keeps a warm, positive tone',
      polite ? sentenceOf(polite) : line.text,
    );
  } else if (line.words >= 4 && hostile === 0 && line.analysed.sentences.every((s) => s.sentiment >= 0)) {
    add('tone', 0.25, 'stays civil', line.text);
  }
  const apology = line.apologies[0];
  if (apology) {
    const due = line.partner?.emotional ?? false;
    add(
      'apology',
      due ? 1 : 0.5,
      `apologises${due ? ' where it was due' : ''}: ${q(from(apology, 8), 60)}`,
      from(apology, 8),
    );
  }
  const together = line.collaboration[0];
  if (together) add('collaboration', 0.25, `frames it as shared (${q(together.text)})`, sentenceOf(together));
  for (const m of line.dismissive) add('dismissive', 1.5, `dismisses their concern: ${q(m.text)}`, m.text);
  for (const m of line.blame) add('blame', 1.5, `blames them: ${q(m.text)}`, from(m, 6));
  for (const m of line.orders)
    add('orders', 0.6, `gives an order rather than a request: ${q(from(m, 7))}`, from(m, 7));
  for (const m of line.harsh) add('harsh', 0.6, `reads as harsh: ${q(m.text, 60)}`, m.text);
  for (const m of line.hostileQuestions)
    add('hostileQuestions', 0.75, `asks an accusing question: ${q(sentenceOf(m), 60)}`, sentenceOf(m));
  const caredFor =
    line.acknowledgements.length +
    line.apologies.length +
    line.emotionsNamed.length +
    line.openQuestions.length +
    line.closedQuestions.length;
  if (line.partner?.emotional && caredFor === 0) {
    add('ignoredFeelings', 0.5, 'moves on without acknowledging how they said they felt', line.text);
  }

  // Persuasion
  const reason = line.reasons[0];
  if (reason) add('reasons', 0.9, `gives a reason: ${q(from(reason), 60)}`, from(reason));
  const proof = line.evidence[0];
  if (proof) add('evidence', 0.8, `backs it with evidence: ${q(sentenceOf(proof), 60)}`, sentenceOf(proof));
  else if ((reason || line.benefits.length || line.summaries.length) && line.specifics.length > 0) {
    const anchor = reason ?? line.benefits[0] ?? line.summaries[0];
    add(
      'evidence',
      0.6,
      `puts numbers or names on the case (${quoteList(line.specifics, 2)})`,
      anchor ? from(anchor) : line.text,
    );
  }
  const benefit = line.benefits[0];
  if (benefit)
    add('benefits', 0.75, `shows what is in it for them: ${q(from(benefit, 8), 60)}`, from(benefit, 8));
  const ask = line.asks[0];
  if (ask) {
    const concrete = line.specifics.length > 0;
    add(
      'asks',
      concrete ? 1 : 0.6,
      `makes a ${concrete ? 'concrete ' : ''}proposal: ${q(sentenceOf(ask), 60)}`,
      sentenceOf(ask),
    );
  }
  const objected = line.partner?.objection ?? false;
  const response = line.alternatives[0] ?? line.reasons[0] ?? line.acknowledgements[0];
  if (objected && response) {
    add(
      'objections',
      0.75,
      `meets their pushback with ${line.alternatives.length ? 'an alternative' : line.reasons.length ? 'a reason' : 'an acknowledgement'}: ${q(from(response), 60)}`,
      from(response),
    );
  } else if (objected && line.words < 12 && line.openQuestions.length + line.closedQuestions.length === 0) {
    add('ignoredObjections', 0.5, 'lets their objection stand without a response', line.text);
  }
  const close = line.summaries[0] ?? line.nextSteps[0];
  if (close)
    add(
      'closing',
      0.75,
      `${line.summaries.length ? 'summarises the agreement' : 'names a next step'}: ${q(from(close), 60)}`,
      from(close),
    );
  if (line.demands.length > 0 && line.reasons.length === 0 && line.evidence.length === 0) {
    const demand = line.demands[0];
    if (demand)
      add('unsupported', 0.8, `demands without a reason: ${q(sentenceOf(demand), 60)}`, sentenceOf(demand));
  }
  for (const m of line.caving) add('caving', 1.2, `gives ground for nothing: ${q(m.text)}`, sentenceOf(m));
  for (const m of line.threats) add('threats', 1, `issues an ultimatum: ${q(m.text)}`, sentenceOf(m));
  const hedgedAsk = line.asks.find((a) => line.hedges.some((h) => h.sentence === a.sentence));
  if (hedgedAsk)
    add(
      'hedgedAsks',
      0.4,
      `softens the ask with a hedge: ${q(sentenceOf(hedgedAsk), 60)}`,
      sentenceOf(hedgedAsk),
    );
  return out;
}

/* ---------- the scenario's objectives ---------- */

interface ObjectiveCoverage {
  objective: string;
  met: boolean;
  /** The strong response closest to this objective, as an example. */
  example: string | undefined;
}

function scenarioRelevance(
  lines: LineFeatures[],
  scenario: ScenarioDefinition,
  out: Contribution[],
): ObjectiveCoverage[] {
  const targets = [...scenario.learnerObjectives, ...scenario.strongResponses];
  const perTarget = CATEGORIES.relevance.cap / targets.length;
  const strong = scenario.strongResponses.map((s) => ({ text: s, lemmas: contentLemmas(analyseText(s)) }));
  const coverage: ObjectiveCoverage[] = [];
  for (const target of targets) {
    const wanted = contentLemmas(analyseText(target));
    let best: { line: LineFeatures; overlap: number } | undefined;
    for (const line of lines) {
      let overlap = 0;
      for (const lemma of wanted) if (line.lemmas.has(lemma)) overlap++;
      if (!best || overlap > best.overlap) best = { line, overlap };
    }
    const needed = wanted.size <= 4 ? 1 : wanted.size <= 7 ? 2 : 3;
    const met = !!best && best.overlap >= needed;
    if (met && best) {
      out.push({
        category: 'relevance',
        line: best.line,
        points: round1(perTarget),
        reason: `works toward the scenario's aim ${q(target, 70)}`,
        quote: target,
      });
    }
    if (scenario.learnerObjectives.includes(target)) {
      const example = strong
        .map((s) => ({ s, overlap: [...wanted].filter((l) => s.lemmas.has(l)).length }))
        .sort((a, b) => b.overlap - a.overlap)[0];
      coverage.push({
        objective: target,
        met,
        example: example && example.overlap > 0 ? example.s.text : undefined,
      });
    }
  }
  return coverage;
}

/* ---------- scores and evidence ---------- */

type Totals = Record<Category, { raw: number; capped: number; top: Contribution[] }>;

function categoryTotals(contributions: Contribution[]): Totals {
  const totals = {} as Totals;
  for (const category of Object.keys(CATEGORIES) as Category[]) {
    const own = contributions.filter((c) => c.category === category).sort((a, b) => b.points - a.points);
    const raw = own.reduce((sum, c) => sum + c.points, 0);
    totals[category] = { raw, capped: Math.min(CATEGORIES[category].cap, raw), top: own };
  }
  return totals;
}

/** The saturation constant per dimension (see the formula at the top); clarity is linear. */
const SATURATION: Record<Dimension, number | undefined> = {
  clarity: undefined,
  empathy: 3.5,
  persuasion: 3.5,
};

function dimensionScore(dimension: Dimension, totals: Totals, engagement: number): number {
  let earned = 0;
  let lost = 0;
  for (const category of Object.keys(CATEGORIES) as Category[]) {
    const spec: CategorySpec = CATEGORIES[category];
    if (spec.dimension !== dimension) continue;
    if (spec.effect === 'earned') earned += totals[category].capped;
    else lost += totals[category].capped;
  }
  const k = SATURATION[dimension];
  const gained = k === undefined ? engagement * earned : 10 * (1 - Math.exp((-engagement * earned) / k));
  return round1(Math.max(0, Math.min(10, gained - lost)));
}

function evidenceFor(dimension: Dimension, contributions: Contribution[]): ScoreEvidence[] {
  const groups = new Map<
    string,
    { line: string; effect: 'earned' | 'cost'; points: number; reasons: string[] }
  >();
  for (const c of contributions) {
    const spec: CategorySpec = CATEGORIES[c.category];
    if (spec.dimension !== dimension) continue;
    const key = `${spec.effect}:${c.line.messageIndex}`;
    const group = groups.get(key) ?? { line: c.line.text, effect: spec.effect, points: 0, reasons: [] };
    group.points += c.points;
    if (!group.reasons.includes(c.reason)) group.reasons.push(c.reason);
    groups.set(key, group);
  }
  const pick = (effect: 'earned' | 'cost'): ScoreEvidence[] =>
    [...groups.values()]
      .filter((g) => g.effect === effect)
      .sort((a, b) => b.points - a.points)
      .slice(0, MAX_EVIDENCE_PER_EFFECT)
      .map((g) => ({ line: g.line, effect, reason: capitalise(g.reasons.join('; ')) }));
  return [...pick('earned'), ...pick('cost')];
}

/* ---------- strengths, weaknesses, suggestions ---------- */

interface NarrativeContext {
  lines: LineFeatures[];
  contributions: Contribution[];
  totals: Totals;
  scores: Record<Dimension, number>;
  kind: ScenarioKind;
  scenario: ScenarioDefinition | undefined;
  objectives: ObjectiveCoverage[] | undefined;
  totalWords: number;
}

const STRENGTH_TEXT: Partial<
  Record<Category, (top: Contribution, all: Contribution[], ctx: NarrativeContext) => string>
> = {
  specifics: (_, all) => {
    // Numbers and dates first: they carry more than names.
    const items = all
      .flatMap((c) => c.quote.split(', '))
      .sort((a, b) => Number(/\d/.test(b)) - Number(/\d/.test(a)));
    return `You used concrete specifics — ${quoteList(items)} — which makes your points hard to misread.`;
  },
  direct: (top) => `You stated your position plainly, without hedging: ${q(top.quote, 80)}.`,
  answers: (top) => `You answered the other person's questions head-on, for example ${q(top.quote, 70)}.`,
  structure: (_, __, ctx) =>
    `Your sentences were a readable length (about ${averageSentenceWords(ctx)} words on average), so each point was easy to follow.`,
  acknowledgement: (top) =>
    `You acknowledged the other person's side before making your own point: ${q(top.quote, 70)}.`,
  emotion: (top) => `You named how they were feeling (${q(top.quote, 60)}), which shows you were listening.`,
  questions: (top) =>
    `You asked about their needs — ${q(top.quote, 70)} — which invites them into the solution.`,
  apology: (top) => `You apologised where it was due: ${q(top.quote, 70)}.`,
  tone: (top) => `You kept a warm, respectful tone, e.g. ${q(top.quote, 70)}.`,
  reasons: (top) => `You backed your position with reasons: ${q(top.quote, 70)}.`,
  evidence: (top) => `You supported your case with evidence: ${q(top.quote, 70)}.`,
  benefits: (top) => `You framed your proposal around what the other side gains: ${q(top.quote, 70)}.`,
  asks: (top) => `You made a clear, concrete ask: ${q(top.quote, 80)}.`,
  objections: (top) =>
    `When they pushed back, you answered the objection instead of dropping it: ${q(top.quote, 70)}.`,
  closing: (top) => `You closed with a summary or a next step: ${q(top.quote, 70)}.`,
  relevance: (top) => `You worked toward the scenario's aim ${q(top.quote, 90)}.`,
};

function strengths(ctx: NarrativeContext): string[] {
  const candidates = (Object.keys(STRENGTH_TEXT) as Category[])
    .map((category) => ({ category, total: ctx.totals[category] }))
    .filter(({ category, total }) => total.capped >= 0.6 && total.capped / CATEGORIES[category].cap >= 0.25)
    .filter(({ category }) => category !== 'structure' || averageSentenceWords(ctx) >= 8)
    .sort((a, b) => b.total.capped - a.total.capped);
  // One per dimension first, so the list covers the whole conversation, then the rest by weight.
  const ordered: typeof candidates = [];
  for (const dimension of DIMENSIONS) {
    const best = candidates.find((c) => CATEGORIES[c.category].dimension === dimension);
    if (best) ordered.push(best);
  }
  for (const c of candidates) if (!ordered.includes(c)) ordered.push(c);
  // Praise in proportion: two strengths, plus one for each dimension scoring 6 or more (at most four).
  const room = Math.min(4, 2 + DIMENSIONS.filter((d) => ctx.scores[d] >= 6).length);
  const out = ordered.slice(0, room).flatMap(({ category, total }) => {
    const top = total.top[0];
    const text = STRENGTH_TEXT[category];
    return top && text ? [text(top, total.top, ctx)] : [];
  });
  // Below ~10 words there is too little to praise honestly; otherwise always give at least two.
  if (out.length < 2 && ctx.totalWords >= SHORT_TRANSCRIPT_WORDS) {
    const best = [...DIMENSIONS].sort((a, b) => ctx.scores[b] - ctx.scores[a]);
    for (const dimension of best) {
      if (out.length >= 2) break;
      const top = ctx.contributions
        .filter(
          (c) => CATEGORIES[c.category].dimension === dimension && CATEGORIES[c.category].effect === 'earned',
        )
        .sort((a, b) => b.points - a.points)[0];
      if (top) {
        const text = `Your best moment for ${dimension} was when you said ${q(top.quote, 60)}: it ${top.reason.replace(/:.*$/, '')}.`;
        if (!out.includes(text)) out.push(text);
      }
    }
    if (out.length < 2) {
      out.push(
        `You stayed in the conversation for ${ctx.lines.length} turns and ${ctx.totalWords} words, which gives you material to build on.`,
      );
    }
  }
  return out;
}

function averageSentenceWords(ctx: NarrativeContext): number {
  const lengths = ctx.lines.flatMap((l) => l.sentenceWords).filter((w) => w > 0);
  return Math.round(lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length));
}

interface Weakness {
  key: string;
  severity: number;
  text: string;
  /** The learner's line behind it, for a rewritten example. */
  source?: string;
}

function weaknesses(ctx: NarrativeContext): Weakness[] {
  const t = ctx.totals;
  const list: Weakness[] = [];
  const quotes = (category: Category): string =>
    quoteList(t[category].top.flatMap((c) => c.quote.split('|')));
  const top = (category: Category): Contribution | undefined => t[category].top[0];
  const cost = (category: Category, text: string): void => {
    if (t[category].raw > 0)
      list.push({ key: category, severity: t[category].capped, text, source: top(category)?.line.text });
  };
  const hedgeCount = ctx.lines.reduce((n, l) => n + l.hedges.length, 0);
  const fillerCount = ctx.lines.reduce((n, l) => n + l.fillers.length, 0);

  cost(
    'hedges',
    `You hedged ${hedgeCount} time${hedgeCount === 1 ? '' : 's'} (${quotes('hedges')}), which makes your position sound optional before it has been heard.`,
  );
  cost(
    'fillers',
    `Filler words (${quotes('fillers')}) came up ${fillerCount} time${fillerCount === 1 ? '' : 's'} and diluted your key points.`,
  );
  const ramble = top('rambling');
  if (ramble)
    cost(
      'rambling',
      `Some answers ran long — ${q(ramble.quote, 60)} is a single sentence — so the main point got buried.`,
    );
  const evaded = top('evasion');
  if (evaded)
    cost(
      'evasion',
      `You sidestepped direct questions: you replied ${q(evaded.quote, 50)} when they asked ${q(evaded.line.partner?.questions.slice(-1)[0] ?? '', 50)}.`,
    );
  const fragment = top('fragments');
  if (fragment)
    cost(
      'fragments',
      `Some replies were only a word or two (${q(fragment.quote, 30)}), leaving the other person to guess your position.`,
    );
  cost(
    'dismissive',
    `Dismissive phrases like ${quotes('dismissive')} tell the other person their concern doesn't matter.`,
  );
  cost('blame', `Blaming language (${quotes('blame')}) puts the other person on the defensive.`);
  cost('orders', `Orders such as ${quotes('orders')} sound like commands rather than requests.`);
  const harsh = top('harsh');
  if (harsh) cost('harsh', `Some lines read as harsh, e.g. ${q(harsh.quote, 60)}.`);
  cost('hostileQuestions', `Questions like ${quotes('hostileQuestions')} accuse rather than ask.`);
  const ignored = top('ignoredFeelings');
  if (ignored)
    cost(
      'ignoredFeelings',
      `When they said how they felt, you moved straight on without acknowledging it (${q(ignored.quote, 50)}).`,
    );
  cost('unsupported', `You made demands without a reason behind them (${quotes('unsupported')}).`);
  cost('caving', `You gave ground without getting anything in return (${quotes('caving')}).`);
  cost('threats', `Ultimatums like ${quotes('threats')} damage trust and rarely get you what you want.`);
  cost('hedgedAsks', `Your ask was softened by a hedge (${quotes('hedgedAsks')}), which invites a "no".`);
  const ignoredObjection = top('ignoredObjections');
  if (ignoredObjection) {
    cost(
      'ignoredObjections',
      `You let their objection stand without answering it (you replied ${q(ignoredObjection.quote, 40)}).`,
    );
  }

  const missing = (key: string, severity: number, text: string): void => {
    list.push({ key, severity, text });
  };
  if (ctx.totalWords < SHORT_TRANSCRIPT_WORDS * 1.5) {
    const said = ctx.lines.map((l) => l.text.trim()).join(' / ');
    missing(
      'tooShort',
      3,
      `You said only ${ctx.totalWords} word${ctx.totalWords === 1 ? '' : 's'} in total (${q(said, 50)}), which is not enough for the other person to know your position.`,
    );
  }
  const partnerFelt = ctx.lines.some((l) => l.partner?.emotional);
  if (t.specifics.raw === 0)
    missing(
      'noSpecifics',
      1.2,
      'You gave no concrete numbers, dates or names, so your points stayed abstract.',
    );
  if (t.acknowledgement.raw + t.emotion.raw === 0) {
    missing(
      'noAcknowledgement',
      partnerFelt ? 1.6 : 1.3,
      "You never acknowledged the other person's view or feelings before making your case.",
    );
  }
  if (t.questions.raw === 0)
    missing(
      'noQuestions',
      1.0,
      "You didn't ask a single question about what the other person needs or thinks.",
    );
  if (t.reasons.raw + t.evidence.raw === 0) {
    // Most costly when the learner asked for something; otherwise other gaps come first.
    const asked = t.asks.raw + t.unsupported.raw > 0;
    missing(
      'noReasons',
      asked ? 1.3 : 0.8,
      "You didn't give reasons or evidence for your position, which makes it easy to say no to.",
    );
  }
  if (t.asks.raw === 0)
    missing(
      'noAsk',
      1.1,
      'You never made a concrete proposal or ask, so the conversation had no clear outcome.',
    );
  if (t.closing.raw === 0 && ctx.lines.length >= 3) {
    missing('noClosing', 0.6, "You didn't close with a summary of what was agreed or a next step.");
  }
  const missed = ctx.objectives?.filter((o) => !o.met) ?? [];
  const firstMissed = missed[0];
  if (firstMissed) {
    missing('objective', 0.9, `You didn't get to the scenario's objective ${q(firstMissed.objective, 90)}.`);
  }

  list.sort((a, b) => b.severity - a.severity);
  const chosen = list.slice(0, 4);
  if (chosen.length < 2) {
    const byScore = [...DIMENSIONS].sort((a, b) => ctx.scores[a] - ctx.scores[b]);
    for (const dimension of byScore) {
      if (chosen.length >= 2) break;
      chosen.push({
        key: `lowest-${dimension}`,
        severity: 0,
        text: `${capitalise(dimension)} was your lowest-scoring area at ${ctx.scores[dimension]}/10: ${LIFT[dimension]} would lift it.`,
      });
    }
  }
  return chosen;
}

/** What lifts each dimension: as a noun phrase for weaknesses, as an instruction for suggestions. */
const LIFT: Record<Dimension, string> = {
  clarity: 'one more concrete detail per point and a one-sentence answer up front',
  empathy: 'naming what the other person feels and asking what they need',
  persuasion: 'tying each ask to a reason and to a benefit for them',
};
const LIFT_ACTION: Record<Dimension, string> = {
  clarity: 'add one concrete detail per point and answer in your first sentence.',
  empathy: 'name what the other person feels and ask one open question about what they need.',
  persuasion: 'tie each ask to a reason and to a benefit for them.',
};

function suggestions(ctx: NarrativeContext, found: Weakness[]): string[] {
  const out: string[] = [];
  const push = (text: string | undefined): void => {
    if (text && !out.includes(text) && out.length < 4) out.push(text);
  };
  const rewriteOf = (category: Category): string | undefined => {
    const source = ctx.totals[category].top[0];
    if (!source) return undefined;
    const sentence =
      source.line.analysed.sentences
        .find((s) => s.text.includes(source.quote.split('|')[0] ?? '\u0000'))
        ?.text.trim() ?? source.line.text;
    const better = tightenText(sentence).text;
    return better && better !== sentence.trim() && better.length > 3
      ? `say ${q(better, 90)} instead of ${q(sentence, 90)}`
      : undefined;
  };
  const figure = ctx.lines.flatMap((l) => l.specifics).find((s) => /\d/.test(s));
  const calming = acknowledgementFor(ctx.kind, isEmotionalKind(ctx.kind));
  let offeredOpening = false;

  for (const w of found) {
    switch (w.key) {
      case 'hedges': {
        const example = mostHedged(ctx.lines);
        push(
          example
            ? `Drop the hedges and commit: ${example}.`
            : 'Replace "I think maybe we could…" with "I propose we…" and state your position once, plainly.',
        );
        break;
      }
      case 'fillers':
        push(
          `Pause silently instead of saying ${quoteList(
            ctx.totals.fillers.top.flatMap((c) => c.quote.split('|')),
            2,
          )}; a short pause sounds more confident than a filler.`,
        );
        break;
      case 'rambling':
        push(
          'Lead with your main point in one sentence of under 20 words, then add a single supporting detail.',
        );
        break;
      case 'evasion':
        push(
          'When asked a direct question, answer it in your first sentence — a number, a yes or no, or a clear position — then explain.',
        );
        break;
      case 'tooShort':
        push(
          'Reply in at least two full sentences: acknowledge what they said, then state what you want from the conversation.',
        );
        break;
      case 'fragments':
        push('Turn one-word replies into a full sentence that states your position and what you want next.');
        break;
      case 'dismissive':
      case 'blame':
      case 'orders':
      case 'harsh':
      case 'hostileQuestions': {
        const example = rewriteOf(w.key);
        const opening = offeredOpening ? '' : `, and open with something like ${q(calming)}`;
        if (example) push(`Keep the point but lose the edge: ${example}${opening}.`);
        else if (!offeredOpening)
          push(`Open with an acknowledgement such as ${q(calming)} before you state what needs to change.`);
        offeredOpening = true;
        break;
      }
      case 'ignoredFeelings':
        push(
          'When they share a feeling, reflect it back before moving on: "It sounds like this has been really frustrating — let\'s fix it."',
        );
        break;
      case 'unsupported':
      case 'noReasons':
        push(
          'Follow each ask with "because…" and one fact — a result, a figure or a date — that makes it easy to say yes.',
        );
        break;
      case 'caving':
        push(
          'Before conceding, ask for something in return or for time to think: "Let me think about it and come back to you tomorrow."',
        );
        break;
      case 'threats':
        push(
          'Replace ultimatums with your real interest: say what you need and why, then ask what they can do.',
        );
        break;
      case 'hedgedAsks':
        push(
          `State the ask as a clear question with a number: "Would ${figure ?? '[the figure you want]'} work for you?"`,
        );
        break;
      case 'ignoredObjections':
        push(
          'When they object, acknowledge it, answer with a reason and offer an option: "I understand the concern — what if we…?"',
        );
        break;
      case 'noSpecifics':
        push(
          ctx.kind === 'negotiation'
            ? 'Name the exact figure you want and the fact behind it (market data, a result, a date).'
            : 'Add one concrete detail per point — a number, a date or a name — so it cannot be misread.',
        );
        break;
      case 'noAcknowledgement':
        push(`Open your reply by naming what you heard, e.g. ${q(acknowledgementFor(ctx.kind, false))}.`);
        break;
      case 'noQuestions':
        push(
          'Ask at least one open question about their needs, e.g. "What would a good outcome look like for you?"',
        );
        break;
      case 'noAsk':
        push(
          `End with a specific proposal — what, how much and by when — e.g. ${q(askFor(ctx.kind, figure))}.`,
        );
        break;
      case 'noClosing':
        push('Close by summarising what you agreed and naming the next step and its date.');
        break;
      case 'objective': {
        const missed = ctx.objectives?.find((o) => !o.met);
        if (missed) {
          push(
            `Next time, aim for ${q(missed.objective, 90)}${missed.example ? ` — a strong version sounds like ${q(missed.example, 120)}` : ''}.`,
          );
        }
        break;
      }
      default: {
        const dimension = w.key.replace('lowest-', '') as Dimension;
        if (LIFT_ACTION[dimension]) push(`To raise ${dimension}, ${LIFT_ACTION[dimension]}`);
      }
    }
  }
  if (out.length < 2) {
    const missed = ctx.objectives?.find((o) => !o.met);
    if (missed) push(`Next time, aim for ${q(missed.objective, 90)}.`);
    push('Close by summarising what you agreed and naming the next step and its date.');
    const lowest = [...DIMENSIONS].sort((a, b) => ctx.scores[a] - ctx.scores[b])[0] ?? 'clarity';
    push(`To raise ${lowest}, ${LIFT_ACTION[lowest]}`);
  }
  return out;
}

/** The learner's most hedged sentence, rewritten without the hedges. */
function mostHedged(lines: LineFeatures[]): string | undefined {
  let best: { sentence: string; hedges: number } | undefined;
  for (const line of lines) {
    for (const sentence of line.analysed.sentences) {
      const hedges = line.hedges.filter((h) => h.sentence === sentence.index).length;
      const better =
        !best ||
        hedges > best.hedges ||
        (hedges === best.hedges && sentence.text.length > best.sentence.length);
      // Short enough to quote whole, so the before and after can be compared.
      if (hedges > 0 && sentence.words >= 5 && sentence.text.length <= 90 && better)
        best = { sentence: sentence.text.trim(), hedges };
    }
  }
  if (!best) return undefined;
  const rewritten = tightenText(best.sentence).text;
  return rewritten && rewritten !== best.sentence
    ? `say ${q(rewritten, 90)} instead of ${q(best.sentence, 90)}`
    : undefined;
}

/* ---------- nothing to score ---------- */

function emptyFeedback(
  messages: Array<{ sender: 'user' | 'ai'; content: string }>,
  scenario: ScenarioDefinition | undefined,
  kind: ScenarioKind,
): SessionFeedback {
  const opening = messages.find((m) => m.sender === 'ai')?.content;
  const objective = scenario?.learnerObjectives[0];
  return {
    clarity: 0,
    empathy: 0,
    persuasion: 0,
    strengths: [],
    weaknesses: [
      "You didn't send any messages in this session, so clarity, empathy and persuasion could not be scored above 0.",
      opening
        ? `The other person's opening, ${q(opening, 80)}, went unanswered.`
        : 'Without your side of the conversation there is nothing to give feedback on yet.',
    ],
    suggestions: [
      'Reply to the opening line in one or two sentences that say what you want from this conversation.',
      objective
        ? `Aim for the scenario's first objective: ${q(objective, 90)}.`
        : `Open with an acknowledgement such as ${q(acknowledgementFor(kind, false))}, then make one clear ask.`,
      'Hold at least three or four turns so the coach has enough of your words to score in detail.',
    ],
    evidence: { clarity: [], empathy: [], persuasion: [] },
  };
}
