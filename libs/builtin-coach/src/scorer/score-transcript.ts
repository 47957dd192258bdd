import {
  type ObjectiveCheck,
  type ScenarioDefinition,
  type ScoreEvidence,
  type SessionFeedback,
} from '@parley/contracts';
import { PACE_RANGE_WPM } from './analyze-speech';
import { analyseText } from '../text/nlp';
import { CATEGORIES, type Category, type CategorySpec, DIMENSIONS, type Dimension } from './categories';
import { WEAK_ACKNOWLEDGEMENT } from './cues';
import { extractFigures } from '../text/figures';
import { type LineAct, lineActs } from '../text/line-acts';
import {
  type Expectation,
  KINDS,
  type Move,
  type ScenarioKind,
  acknowledgementFor,
  askFor,
} from '../scenario/kinds';
import { type LineFeatures, type Match, contentLemmas, lineFeatures } from './line-features';
import { type ObjectiveResult, PLEASANTRY_QUESTION, bestLine, checkObjectives, hostile } from './objectives';
import { capitalise, q, quoteList, wordsFrom } from '../text/quote';
import { tightenText } from '../text/rewrite';
import { kindOfCategory } from '../scenario/scenario-kind';
import { type ClaimGate, SHIPPED_GATE } from './claim-gate';

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

/** Which rules produced the feedback (the contract's promptVersion). */
export const PROMPT_VERSION = 'builtin-rubric@6';

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

/**
 * `gate`: which kinds of claim may be said (claim-gate.ts); the shipped gate holds back the kinds whose
 * precision on the frozen test split is below 0.97. Only the eval asks for the ungated engine, to measure it.
 */
export function scoreTranscript(
  messages: Array<{ sender: 'user' | 'ai'; content: string; speakingMs?: number }>,
  scenario?: ScenarioDefinition,
  gate: ClaimGate = SHIPPED_GATE,
): SessionFeedback {
  const lines: LineFeatures[] = [];
  let partnerText: string | undefined;
  messages.forEach((message, index) => {
    if (message.sender === 'ai') {
      partnerText = partnerText === undefined ? message.content : `${partnerText}\n${message.content}`;
      return;
    }
    if (message.content.trim()) {
      const line = lineFeatures(index, message.content, partnerText);
      if (message.speakingMs) line.speakingMs = message.speakingMs;
      lines.push(line);
    }
    partnerText = undefined;
  });

  const kind: ScenarioKind = scenario ? kindOfCategory(scenario.category) : 'general';
  const totalWords = lines.reduce((sum, l) => sum + l.words, 0);
  if (totalWords === 0) return emptyFeedback(messages, scenario, kind);

  // A conversation with a hostile line earns nothing for its tone, however civil the other lines.
  const anyHostile = lines.some(hostile);
  // Networking is small talk: a remark about the queue, the weather or the match is the conversation
  // itself (rapport is the skill), so no line of it leaves the scenario except one that leaves the role.
  const topic = scenario && kind !== 'networking' ? scenarioWords(scenario) : undefined;
  const contributions: Contribution[] = lines
    .flatMap((line) => judged(line, rubric(line), topic))
    .filter((c) => !(anyHostile && c.category === 'tone'))
    .filter((c) => !(c.category === 'ignoredObjections' && answeredNext(c.line, lines)));
  const inScenario = lines.filter((l) => !leftScenario(l, topic));
  const objectives = scenario ? checkObjectives(inScenario, scenario) : undefined;
  if (scenario) contributions.push(...relevance(inScenario, scenario, objectives ?? []));

  const engagement = Math.min(1, totalWords / FULL_ENGAGEMENT_WORDS);
  const totals = categoryTotals(contributions);
  const scores = Object.fromEntries(
    DIMENSIONS.map((dimension) => [dimension, dimensionScore(dimension, totals, engagement, kind)]),
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
    gate,
    spokenWords: lines.reduce((sum, l) => sum + l.text.split(/\s+/).filter(Boolean).length, 0),
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
    ...(objectives ? { objectives: objectives.map(publicCheck) } : {}),
    promptVersion: PROMPT_VERSION,
  };
}

const publicCheck = ({ objective, met, line, index, unsure }: ObjectiveResult): ObjectiveCheck =>
  met ? { objective, met, line, index } : { objective, met, ...(unsure ? { unsure } : {}) };

/**
 * A short reply to pushback ("Thanks. I know this is hard.") did not let it stand when the learner's
 * very next line answers it with a reason, an alternative, specifics or the summary they were asked for.
 */
function answeredNext(line: LineFeatures, lines: LineFeatures[]): boolean {
  const next = lines[lines.indexOf(line) + 1];
  return (
    !!next &&
    next.reasons.length + next.alternatives.length + next.specifics.length + next.summaries.length > 0
  );
}

/* ---------- the rubric, line by line ---------- */

/** A spoken turn needs this many words and this long before its pace says anything. */
const PACE_MIN_WORDS = 8;
const PACE_MIN_MS = 2000;
/** Outside the speech report's easy range by more than this, a turn's pace costs clarity. */
const PACE_TOLERANCE_WPM = 10;

/** A spoken turn's pace, words per minute over the time the learner was actually speaking. */
function spokenPace(line: LineFeatures): { wpm: number; fast: boolean } | undefined {
  if (!line.speakingMs || line.speakingMs < PACE_MIN_MS || line.words < PACE_MIN_WORDS) return undefined;
  const wpm = Math.round(line.words / (line.speakingMs / 60_000));
  if (wpm > PACE_RANGE_WPM.max + PACE_TOLERANCE_WPM) return { wpm, fast: true };
  if (wpm < PACE_RANGE_WPM.min - PACE_TOLERANCE_WPM) return { wpm, fast: false };
  return undefined;
}

const EASY_PACE = `${PACE_RANGE_WPM.min}–${PACE_RANGE_WPM.max} words a minute`;

/** Categories a buried line cannot earn: it is not direct, clear or a real answer. */
const UNCLEAR_LOSES = new Set<Category>(['structure', 'direct', 'answers', 'asks', 'objections']);

/**
 * What a line keeps of what the rubric found: a line that leaves the scenario (small talk, talking to
 * the software) earns nothing, a line that attacks the other person earns nothing for empathy (and is
 * never praised: see strengths), and a line buried in two or more hedges and fillers earns nothing for
 * clarity of position and little for empathy. Costs always stay.
 */
function judged(line: LineFeatures, found: Contribution[], topic: Set<string> | undefined): Contribution[] {
  const costs = found.filter((c) => CATEGORIES[c.category].effect === 'cost');
  if (leftScenario(line, topic)) {
    const reason = line.breaksRole
      ? 'steps out of the conversation to talk to the software'
      : "talks about something this conversation isn't about";
    return [...costs, { category: 'offTopic', line, points: 1, reason, quote: line.text }];
  }
  if (hostile(line))
    return found.filter(
      (c) => CATEGORIES[c.category].effect === 'cost' || CATEGORIES[c.category].dimension !== 'empathy',
    );
  if (buried(line))
    return found
      .filter((c) => !UNCLEAR_LOSES.has(c.category) && c.category !== 'tone')
      .map((c) => (muffled(c) ? { ...c, points: round1(c.points * MUFFLED) } : c));
  return found;
}

/** Two or more hedges and fillers: the line's point is buried under them. */
const buried = (line: LineFeatures): boolean => line.fillers.length + line.hedges.length >= 2;

/**
 * Care said through a cloud of fillers ("Um, yeah, I, uh, I hear you, like, totally") reaches the other
 * person muffled: a buried line keeps this share of what it earns for empathy, and no credit for tone.
 */
const MUFFLED = 0.4;
const muffled = (c: Contribution): boolean =>
  CATEGORIES[c.category].effect === 'earned' && CATEGORIES[c.category].dimension === 'empathy';

/** The scenario's content words: its title, description, roles, persona, objectives and strong answers. */
function scenarioWords(scenario: ScenarioDefinition): Set<string> {
  const text = [
    scenario.title,
    scenario.description,
    scenario.userRole,
    scenario.aiRole,
    scenario.openingLine,
    scenario.persona.background,
    ...scenario.personaGoals,
    ...scenario.holdsFirmOn,
    ...scenario.learnerObjectives,
    ...scenario.strongResponses,
  ].join('\n');
  return contentLemmas(analyseText(text));
}

/** Nouns too general to show what a line is about ("Does that plan work for you?"). */
const GENERIC_NOUNS = new Set(
  'plan point idea part question problem issue update detail step thing time way help work option moment bit lot sense matter concern challenge team role job company people'.split(
    ' ',
  ),
);

/** Words of the calendar tie a line to nothing: "The weather has been awful this week" shares "week" with any plan. */
const CALENDAR = new Set(
  'day week month year today tomorrow yesterday morning afternoon evening night weekend time'.split(' '),
);

/**
 * A line that steps out of the role-play, or names something (a noun) while sharing not one content word
 * with the scenario or with what the partner just said, and makes no conversational move (an
 * acknowledgement, an apology, a recap, a next step). A vague line ("I think it matters") names nothing,
 * so it is vague, not off topic.
 */
function leftScenario(line: LineFeatures, topic: Set<string> | undefined): boolean {
  if (line.breaksRole) return true;
  if (!topic) return false;
  const moves =
    line.acknowledgements.length + line.apologies.length + line.summaries.length + line.nextSteps.length;
  const names = line.analysed.tokens.some(
    (t) =>
      (t.pos === 'NOUN' || t.pos === 'PROPN') && !t.stopWord && !GENERIC_NOUNS.has(t.lemma.toLowerCase()),
  );
  // A long line, or one with specifics, is the learner's own material (their work, their numbers); a
  // hedged or filler-laden one is vague rather than elsewhere. The rest of the rubric judges both.
  const substantive = line.words > 12 || line.specifics.length > 0;
  const vague = line.hedges.length + line.fillers.length > 0 || line.evasive;
  // A hostile or caving line has its own weakness; a long open question is about their situation.
  const other =
    hostile(line) ||
    line.caving.length > 0 ||
    line.openQuestions.some((m) => m.text.split(/\s+/).length >= 8) ||
    // "Will you do that this week?" asks about what was just said: it points back into the conversation.
    (line.text.includes('?') && /\b(?:that|this|it)\b/i.test(line.text));
  if (moves > 0 || !names || substantive || vague || other) return false;
  const partner = line.partner ? contentLemmas(analyseText(line.partner.text)) : new Set<string>();
  const elsewhere = ![...contentLemmas(line.analysed)].some(
    (lemma) => !CALENDAR.has(lemma) && (topic.has(lemma) || partner.has(lemma)),
  );
  // Sharing no word with the scenario is not enough to say the learner left it: "Hey sis. Got a sec?"
  // opens the talk in words of its own. The line must also read as off topic to the labelled corpus.
  return elsewhere && lineActs().actsOf(line.text).has('off-topic');
}

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
    // A quote starts on a word: ", so I'm back…" is quoted "so I'm back…".
    const part = wordsFrom(line.text.slice(0, end), m.index, words).replace(/^[\s,;:—–-]+/, '');
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
  const pace = spokenPace(line);
  if (pace) {
    const outside = pace.fast ? pace.wpm - PACE_RANGE_WPM.max : PACE_RANGE_WPM.min - pace.wpm;
    add(
      'pace',
      Math.min(1, 0.3 + outside / 50),
      `spoken at ${pace.wpm} words a minute, ${pace.fast ? 'faster' : 'slower'} than the ${EASY_PACE} a listener follows easily`,
      line.text,
    );
  }
  if (line.fragment)
    add(
      'fragments',
      0.4,
      `a reply of ${line.words} word${line.words === 1 ? '' : 's'} leaves your position unstated`,
      line.text,
    );

  // Empathy
  // "I know you've got your thesis deadline, that sounds brutal" acknowledges them in words no cue lists:
  // the labelled corpus reads it (text/line-acts.ts), and it counts as the weaker kind of acknowledgement.
  const attacks =
    line.dismissive.length + line.blame.length + line.harsh.length + line.hostileQuestions.length;
  if (line.acknowledgements.length === 0 && attacks === 0 && lineActs().actsOf(line.text).has('empathy')) {
    const sentence =
      line.analysed.sentences.find((s) => lineActs().actsOf(s.text).has('empathy'))?.text.trim() ?? line.text;
    add('acknowledgement', 0.6, `acknowledges them: ${q(sentence, 60)}`, sentence);
  }
  if (line.acknowledgements.length > 0) {
    const weighty = line.acknowledgements.filter((a) => !WEAK_ACKNOWLEDGEMENT.test(a.text));
    const points = (weighty.length > 0 ? 1.2 : 0.6) + 0.4 * Math.min(1, line.acknowledgements.length - 1);
    const shown = weighty[0] ?? line.acknowledgements[0];
    if (shown) add('acknowledgement', points, `acknowledges them: ${q(from(shown, 8), 60)}`, from(shown, 8));
  }
  const emotion = line.emotionsNamed[0];
  if (emotion) add('emotion', 0.75, `names how they feel (${q(emotion.text)})`, sentenceOf(emotion));
  // "Why?" or "What else?" asks for clarification, not about the other person: five words or more.
  const real = (m: Match): boolean => m.text.split(/\s+/).length >= 5;
  // "What do you think I should do?" asks for instructions about the learner, not about the other person.
  // "Shall I send you the numbers?" offers something; it asks nothing about them.
  // "Could we agree that you run the floor?" and "What if we split it?" propose; "Could you send it by
  // Friday?" asks them to act. Neither asks about their side; "Could you walk me through it?" does.
  const aboutThem = (m: Match): boolean =>
    !/\b(?:i should|should i|do i|can i|am i|want me to|me to (?:say|do)|shall i|shall we|may i|like me to|could i)\b/i.test(
      m.text,
    ) &&
    !/^(?:\W*\w+,\s*)?(?:(?:could|can) we|what if|how about|what about (?:we|if|i)|(?:could|can|will|would) you (?!tell|walk|talk|explain|describe|share|say|help me (?:understand|see)|give me (?:a sense|an idea|some background)))\b/i.test(
      m.text,
    ) &&
    // "Would it be possible to give him twenty minutes?" asks for something, not about them.
    !/^(?:\W*\w+,\s*)?(?:(?:would|will|is|could) (?:it|that) be (?:possible|ok|okay|alright|all right|fine)|is (?:it|that) possible|(?:is there )?any chance (?:you|we|i|of)|would you mind|do you mind if)\b/i.test(
      m.text,
    );
  // "Alright Declan, how's it going?" greets; it asks nothing of the matter.
  const open = line.openQuestions.filter(
    (m) => real(m) && aboutThem(m) && !PLEASANTRY_QUESTION.test(m.text.trim()),
  );
  const closed = line.closedQuestions.filter(
    (m) => real(m) && aboutThem(m) && !PLEASANTRY_QUESTION.test(m.text.trim()),
  );
  const questionPoints = Math.min(1.5, open.length * 1.0 + closed.length * 0.5);
  const askedAbout = open[0] ?? closed[0];
  if (askedAbout) {
    add(
      'questions',
      questionPoints,
      `asks ${open.length > 0 ? 'an open question' : 'a question'}: ${q(askedAbout.text, 60)}`,
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
  // Figures behind a reason or a benefit back the case; a recap with figures in it only repeats it.
  else if ((reason || line.benefits.length) && line.specifics.length > 0) {
    const anchor = reason ?? line.benefits[0];
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
  // A hedged or filler-laden ask ("could we, uh, maybe sort of…") is not a clear ask; hedgedAsks costs it.
  const unclear = new Set([...line.hedges, ...line.fillers].map((m) => m.sentence));
  const ask = line.asks.find(
    (a) => !unclear.has(a.sentence) && (line.analysed.sentences[a.sentence]?.words ?? 0) >= 5,
  );
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
  // An acknowledgement meets the pushback only when it is about what was pushed back on: "Thank you for
  // listening" after "What's your final position?" answers nothing.
  const theirs = objected && line.partner ? contentLemmas(analyseText(line.partner.text)) : new Set<string>();
  const onTheirPoint = (m: Match) =>
    [...contentLemmas(analyseText(sentenceOf(m)))].some((lemma) => theirs.has(lemma));
  const aboutIt = line.acknowledgements.find(onTheirPoint);
  // So does a reason: "because I've noticed you've been quieter" answers nothing of "I won't commit to
  // camera-on rules". An alternative is an answer to a pushback by what it is.
  const response = line.alternatives[0] ?? line.reasons.find(onTheirPoint) ?? aboutIt;
  if (objected && response) {
    add(
      'objections',
      0.75,
      `meets their pushback with ${line.alternatives.length ? 'an alternative' : line.reasons.length ? 'a reason' : 'an acknowledgement'}: ${q(from(response), 60)}`,
      from(response),
    );
  } else if (
    objected &&
    line.words < 12 &&
    line.openQuestions.length + line.closedQuestions.length === 0 &&
    // "So: yes or no on the 140k by Friday?" puts a question or a figure back: a response, however short.
    !line.text.includes('?') &&
    line.specifics.length === 0
  ) {
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

/* ---------- the scenario's objectives and strong responses ---------- */

/** Points for each of the scenario's objectives and strong responses a learner line meets. */
function relevance(
  lines: LineFeatures[],
  scenario: ScenarioDefinition,
  objectives: ObjectiveResult[],
): Contribution[] {
  const targets = [...scenario.learnerObjectives, ...scenario.strongResponses];
  const points = round1(CATEGORIES.relevance.cap / targets.length);
  // An objective counts where its own check met it (the same line the report shows), never by another reading.
  const met = objectives.flatMap((o) =>
    o.met && o.source
      ? [
          {
            category: 'relevance' as const,
            line: o.source,
            points,
            reason: `meets the scenario's objective: ${lowerFirst(o.objective)}`,
            quote: o.source.text,
          },
        ]
      : [],
  );
  const strong = scenario.strongResponses.flatMap((target) => {
    const line = bestLine(target, lines, scenario);
    return line
      ? [
          {
            category: 'relevance' as const,
            line,
            points,
            reason: 'says what a strong answer in this scenario says',
            quote: line.text,
          },
        ]
      : [];
  });
  return [...met, ...strong];
}

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

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

function dimensionScore(
  dimension: Dimension,
  totals: Totals,
  engagement: number,
  kind: ScenarioKind,
): number {
  let earned = 0;
  let lost = 0;
  for (const category of Object.keys(CATEGORIES) as Category[]) {
    const spec: CategorySpec = CATEGORIES[category];
    if (spec.dimension !== dimension) continue;
    const weighted = totals[category].capped * (KINDS[kind].weights[category] ?? 1);
    if (spec.effect === 'earned') earned += weighted;
    else lost += weighted;
  }
  const k = SATURATION[dimension];
  const gained = k === undefined ? engagement * earned : 10 * (1 - Math.exp((-engagement * earned) / k));
  return round1(Math.max(0, Math.min(10, gained - lost)));
}

function evidenceFor(dimension: Dimension, contributions: Contribution[]): ScoreEvidence[] {
  const groups = new Map<
    string,
    { line: string; index: number; effect: 'earned' | 'cost'; points: number; reasons: string[] }
  >();
  for (const c of contributions) {
    const spec: CategorySpec = CATEGORIES[c.category];
    if (spec.dimension !== dimension || !confirmed(c)) continue;
    const key = `${spec.effect}:${c.line.messageIndex}`;
    const group = groups.get(key) ?? {
      line: c.line.text,
      index: c.line.messageIndex,
      effect: spec.effect,
      points: 0,
      reasons: [],
    };
    group.points += c.points;
    if (!group.reasons.includes(c.reason)) group.reasons.push(c.reason);
    groups.set(key, group);
  }
  const pick = (effect: 'earned' | 'cost'): ScoreEvidence[] =>
    [...groups.values()]
      .filter((g) => g.effect === effect)
      .sort((a, b) => b.points - a.points)
      .slice(0, MAX_EVIDENCE_PER_EFFECT)
      .map((g) => ({ line: g.line, index: g.index, effect, reason: capitalise(g.reasons.join('; ')) }));
  return [...pick('earned'), ...pick('cost')];
}

/* ---------- which claims about a line the labels back ---------- */

/**
 * The acts of data/learner-lines a sentence about a contribution says the line does: "You made a clear
 * ask", "gives a reason". Such a sentence is said only where the line-act classifiers confirm it at the
 * precision the claims must keep (text/line-acts.ts, `confirmer`); the points still count toward the
 * score, which is the rubric's, but nothing is said about a line that the labels would not back.
 */
const CLAIMED_ACTS: Partial<Record<Category, LineAct[]>> = {
  asks: ['ask'],
  questions: ['open-question', 'closed-question'],
  acknowledgement: ['empathy', 'apology'],
  emotion: ['empathy'],
  apology: ['apology'],
  reasons: ['reason'],
  evidence: ['reason'],
  closing: ['close'],
};

/**
 * Kinds the rubric scores but never puts into words: read on conversations nobody scripted, "you answered
 * their questions head-on" was said of lines that answered nothing (a greeting, an apology, a question
 * back), and no labelled line backs it.
 */
const UNSAID = new Set<Category>(['answers']);

/** What the rubric finds in a line on its own, for calibrating the confirmers on the training lines. */
const rubricOnItsOwn = new Map<string, Set<Category>>();
function categoriesOf(text: string): Set<Category> {
  let found = rubricOnItsOwn.get(text);
  if (!found) {
    found = new Set(rubric(lineFeatures(0, text, undefined)).map((c) => c.category));
    rubricOnItsOwn.set(text, found);
  }
  return found;
}

const confirmers = new Map<Category, (text: string) => boolean>();
/**
 * Whether a sentence about this contribution may be said: never about a line that left the conversation
 * (nothing in it is a move in this one); otherwise always, for a kind the labels do not cover.
 */
function confirmed(c: Contribution): boolean {
  if (c.line.breaksRole || lineActs().actsOf(c.line.text).has('off-topic')) return false;
  if (UNSAID.has(c.category)) return false;
  const acts = CLAIMED_ACTS[c.category];
  if (!acts) return true;
  let confirm = confirmers.get(c.category);
  if (!confirm) {
    confirm = lineActs().confirmer(acts, (text) => categoriesOf(text).has(c.category));
    confirmers.set(c.category, confirm);
  }
  return confirm(c.line.text);
}

/* ---------- strengths, weaknesses, suggestions ---------- */

interface NarrativeContext {
  lines: LineFeatures[];
  contributions: Contribution[];
  totals: Totals;
  scores: Record<Dimension, number>;
  kind: ScenarioKind;
  scenario: ScenarioDefinition | undefined;
  objectives: ObjectiveResult[] | undefined;
  totalWords: number;
  /** Learner words as a reader counts them (split on spaces), for sentences that state a count. */
  spokenWords: number;
  gate: ClaimGate;
}

const STRENGTH_TEXT: Partial<
  Record<Category, (top: Contribution, all: Contribution[], ctx: NarrativeContext) => string | undefined>
> = {
  specifics: (_, all) => {
    // Numbers and dates first: they carry more than names.
    const items = all
      .flatMap((c) => c.quote.split(', '))
      .sort((a, b) => Number(/\d/.test(b)) - Number(/\d/.test(a)));
    return `You used concrete specifics — ${quoteList(items)} — which makes your points hard to misread.`;
  },
  // The plainest line to show is the one with the most in it: "From January my rate is 35 pounds a lesson"
  // rather than "There's something I wanted to let you know".
  direct: (top, all) => {
    const words = (c: Contribution): number => Math.min(14, c.quote.split(/\s+/).length);
    const shown =
      [...all].sort(
        (a, b) => Number(/\d/.test(b.quote)) - Number(/\d/.test(a.quote)) || words(b) - words(a),
      )[0] ?? top;
    return `You spoke plainly, without hedging: ${q(shown.quote, 80)}.`;
  },
  answers: (top) => `You answered the other person's questions head-on, for example ${q(top.quote, 70)}.`,
  structure: (_, __, ctx) =>
    `Your sentences were a readable length (about ${averageSentenceWords(ctx)} words on average), so each point was easy to follow.`,
  acknowledgement: (top) =>
    `You acknowledged the other person's side before making your own point: ${q(top.quote, 70)}.`,
  emotion: (top) => `You named how they were feeling (${q(top.quote, 60)}), which shows you were listening.`,
  questions: (top) =>
    `You asked ${top.reason.includes('open question') ? 'open questions' : 'about their side'}, e.g. ${q(top.quote, 70)}, which invites them to say more.`,
  apology: (top) => `You apologised where it was due: ${q(top.quote, 70)}.`,
  tone: (top) =>
    top.reason.startsWith('keeps a courteous')
      ? `You kept a courteous tone, e.g. ${q(top.quote, 70)}.`
      : undefined,
  reasons: (top) => `You backed your position with reasons: ${q(top.quote, 70)}.`,
  evidence: (top) => `You supported your case with evidence: ${q(top.quote, 70)}.`,
  benefits: (top) => `You framed your proposal around what the other side gains: ${q(top.quote, 70)}.`,
  asks: (top) =>
    `You made a clear${top.reason.includes('concrete') ? ', concrete' : ''} ask: ${q(top.quote, 80)}.`,
  objections: (top) =>
    top.reason.includes('an acknowledgement')
      ? `When they pushed back, you acknowledged it instead of brushing it aside: ${q(top.quote, 70)}.`
      : `When they pushed back, you answered the objection instead of dropping it: ${q(top.quote, 70)}.`,
  closing: (top) => `You closed with a summary or a next step: ${q(top.quote, 70)}.`,
  relevance: (top) => `You worked toward what this scenario asks of you when you said ${q(top.quote, 80)}.`,
};

function strengths(ctx: NarrativeContext): string[] {
  const candidates = (Object.keys(STRENGTH_TEXT) as Category[])
    .map((category) => ({ category, total: ctx.totals[category] }))
    .filter(({ category, total }) => total.capped >= 0.6 && total.capped / CATEGORIES[category].cap >= 0.25)
    .filter(
      ({ category }) =>
        category !== 'structure' ||
        (averageSentenceWords(ctx) >= 8 && ctx.totals.hedges.raw + ctx.totals.fillers.raw < 1),
    )
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
  // A kind with nothing it may truly say (see `confirmed`) leaves its place to the next one.
  const out: string[] = [];
  for (const { category, total } of ordered) {
    if (out.length >= room) break;
    if (!ctx.gate.says(`strength:${category}`)) continue;
    // A question is not a stated position, an acknowledgement or evidence: it is praised as a question.
    // Praise quotes a line worth repeating: not one buried in fillers and hedges ("So um, I kind of…").
    const top = total.top.find(
      (c) =>
        !hostile(c.line) &&
        !(STATEMENT_ONLY.has(category) && asked(c)) &&
        !buried(c.line) &&
        confirmed(c) &&
        // A thank-you is courtesy, not "acknowledging the other person's side".
        !(category === 'acknowledgement' && WEAK_ACKNOWLEDGEMENT.test(c.quote)),
    );
    const said = top && STRENGTH_TEXT[category]?.(top, total.top, ctx);
    if (said) out.push(said);
  }
  // Below ~10 words there is too little to praise honestly; otherwise two, where two moments earned points.
  if (out.length < 2 && ctx.totalWords >= SHORT_TRANSCRIPT_WORDS) {
    const best = [...DIMENSIONS].sort((a, b) => ctx.scores[b] - ctx.scores[a]);
    for (const dimension of best) {
      if (out.length >= 2) break;
      const top = ctx.contributions
        .filter(
          (c) =>
            CATEGORIES[c.category].dimension === dimension &&
            CATEGORIES[c.category].effect === 'earned' &&
            // A best moment worth naming: a real move, in a line that neither hedges nor gives in.
            !['tone', 'structure'].includes(c.category) &&
            c.points >= 0.6 &&
            c.line.hedges.length + c.line.fillers.length + c.line.caving.length === 0 &&
            !hostile(c.line) &&
            ctx.gate.says(`strength:${c.category}`) &&
            confirmed(c),
        )
        .sort((a, b) => b.points - a.points)[0];
      // A "best moment" only where that dimension scored at least middling: no clarity praise at 0.
      if (top && ctx.scores[dimension] >= 4) {
        // "When you said …" quotes the learner's own words: a list of what was found in a line is not one.
        const words = wordsSaid(top);
        const text = `Your best moment for ${dimension} was when you said ${q(words, 60)}: it ${top.reason.replace(/:.*$/, '')}.`;
        if (!out.some((said) => said.includes(words.slice(0, 30)))) out.push(text);
      }
    }
  }
  return out;
}

const STATEMENT_ONLY = new Set<Category>(['direct', 'acknowledgement', 'reasons', 'evidence']);
/** The quoted words are, or end, a question ("…so I can see exactly what went wrong?"). */
function asked(c: Contribution): boolean {
  return /\?\s*$/.test(c.quote) || c.line.text.includes(`${c.quote}?`);
}

/** The learner's own words behind a contribution: its quote where they said it so, else the sentence it came from. */
function wordsSaid(c: Contribution): string {
  if (c.line.text.includes(c.quote)) return c.quote;
  const first = c.quote.split(/, | and |\|/)[0] ?? '';
  const sentence = c.line.analysed.sentences.find((s) => first && s.text.includes(first));
  return (sentence?.text ?? c.line.text).trim();
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
  /** The kind's expectation, when the weakness is a move it expects and never saw. */
  expectation?: Expectation;
}

/**
 * Whether a move happened anywhere in the transcript, read broadly: the rubric's cue, or the line-act
 * classifier's wide reading, the one that misses almost none of the corpus's lines of that act
 * (text/line-acts.ts). The coach says a move never happened only when neither finds it in any line.
 */
function happened(move: Move, lines: LineFeatures[]): LineFeatures | undefined {
  const where = move === 'closing' ? lines.slice(-3) : lines;
  const reader = lineActs();
  return where.find((l) => MOVE_SEEN[move](l) || MOVE_ACTS[move].some((act) => reader.mayDo(l.text, act)));
}

/**
 * Figures are things in the text, not an act to guess at: any number, amount, date or time wink-nlp or the
 * figure reader finds, in the line as typed or in its one spelling ("tonihgt" is still tonight).
 */
function namesAFigure(text: string): boolean {
  const found = (t: string): boolean =>
    extractFigures(t).length > 0 ||
    analyseText(t).entities.some((e) => /^(CARDINAL|MONEY|PERCENT|DATE|TIME|DURATION|ORDINAL)$/.test(e.type));
  return found(text) || found(lineActs().canonical(text));
}

/** The acts of a learner's line (data/learner-lines) that count as each move of the rubric. */
const MOVE_ACTS: Record<Move, LineAct[]> = {
  specifics: [],
  acknowledgement: ['empathy', 'apology'],
  questions: ['open-question', 'closed-question'],
  reasons: ['reason'],
  asks: ['ask', 'closed-question'],
  closing: ['close'],
  apology: ['apology'],
};

/** A question that names a day or a time: the learner proposes when the next step happens. */
function proposesWhen(l: LineFeatures): boolean {
  return l.analysed.sentences.some(
    (s) =>
      s.isQuestion &&
      l.analysed.entities.some((e) => /^(DATE|TIME)$/.test(e.type) && e.first >= s.first && e.last <= s.last),
  );
}

const MOVE_SEEN: Record<Move, (l: LineFeatures) => boolean> = {
  // The claim is "no concrete numbers or dates": a name is a specific, but not one it denies.
  specifics: (l) => namesAFigure(l.text),
  acknowledgement: (l) => l.acknowledgements.length + l.emotionsNamed.length + l.apologies.length > 0,
  questions: (l) => l.openQuestions.length + l.closedQuestions.length > 0,
  reasons: (l) => l.reasons.length + l.evidence.length > 0,
  asks: (l) => l.asks.length > 0,
  // "Would it help if I came back on Monday at 3?" proposes the next step as a question.
  closing: (l) => l.summaries.length + l.nextSteps.length > 0 || proposesWhen(l),
  apology: (l) => l.apologies.length > 0,
};

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
  const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const hedgeCount = ctx.lines.reduce((n, l) => n + l.hedges.length, 0);
  const fillerCount = ctx.lines.reduce((n, l) => n + l.fillers.length, 0);
  // A move the gate does not let the coach deny is taken as seen: nothing is said about it.
  const seen = (move: Move): boolean =>
    !ctx.gate.says(`absence:${move}`) || happened(move, ctx.lines) !== undefined;

  // One hedge or one filler in a conversation is how people talk, not a habit to coach (a hedged ask has
  // its own weakness): these are said from the second one on.
  if (hedgeCount >= 2)
    cost(
      'hedges',
      `You hedged ${count(hedgeCount, 'time')} (${quotes('hedges')}), which makes your position sound optional before it has been heard.`,
    );
  if (fillerCount >= 2)
    cost(
      'fillers',
      `Filler words (${quotes('fillers')}) came up ${count(fillerCount, 'time')} and diluted your key points.`,
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
  const paced = top('pace');
  const pace = paced && spokenPace(paced.line);
  if (pace)
    cost(
      'pace',
      `You spoke ${q(paced.quote, 50)} at ${pace.wpm} words a minute, ${pace.fast ? 'faster' : 'slower'} than the ${EASY_PACE} that a listener follows easily.`,
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
  // Claims about the whole conversation only where the whole conversation bears them out.
  const ignored = top('ignoredFeelings');
  if (ignored && !seen('acknowledgement'))
    cost(
      'ignoredFeelings',
      `When they said how they felt, you never acknowledged it (you replied ${q(ignored.quote, 50)}).`,
    );
  if (!seen('reasons'))
    cost('unsupported', `You made demands without a reason behind them (${quotes('unsupported')}).`);
  cost(
    'offTopic',
    `Some of your lines left the conversation (${quotes('offTopic')}), so it never got to what it was about.`,
  );
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

  if (ctx.totalWords < SHORT_TRANSCRIPT_WORDS * 1.5) {
    const longest = [...ctx.lines].sort((a, b) => b.words - a.words)[0]?.text ?? '';
    list.push({
      key: 'tooShort',
      severity: 3,
      text: `You said only ${count(ctx.spokenWords, 'word')} in total over ${count(ctx.lines.length, 'turn')} (your longest reply: ${q(longest, 50)}), which is not enough for the other person to know your position.`,
    });
  }
  // What this kind of conversation expects (kinds.ts), where it never happened.
  const partnerFelt = ctx.lines.some((l) => l.partner?.emotional);
  for (const [move, expectation] of Object.entries(KINDS[ctx.kind].expects) as Array<[Move, Expectation]>) {
    if (seen(move)) continue;
    const severity = expectation.severity + (move === 'acknowledgement' && partnerFelt ? 0.3 : 0);
    list.push({ key: move, severity, text: expectation.weakness, expectation });
  }

  list.sort((a, b) => b.severity - a.severity);
  const chosen = list.slice(0, 4);
  if (chosen.length < 2) {
    const byScore = [...DIMENSIONS].sort((a, b) => ctx.scores[a] - ctx.scores[b]);
    for (const [rank, dimension] of byScore.entries()) {
      if (chosen.length >= 2) break;
      const place = rank === 0 ? 'your lowest-scoring area' : 'your next lowest';
      chosen.push({
        key: `lowest-${dimension}`,
        severity: 0,
        text: lifted(
          `${capitalise(dimension)} was ${place} at ${ctx.scores[dimension]}/10`,
          liftFor(dimension, ctx).noun,
        ),
      });
    }
  }
  return chosen;
}

/**
 * What lifts each dimension, as a noun phrase for weaknesses and an instruction for suggestions: the first
 * move of the dimension that the learner may not have made (its rubric category earned nothing and no
 * line may do its act), so the advice never asks for what they already did; where they made them all,
 * more of the same.
 */
const LIFTS: Record<
  Dimension,
  Array<{ categories: Category[]; acts: LineAct[]; noun: string; action: string }>
> = {
  clarity: [
    {
      categories: ['specifics'],
      acts: ['figures'],
      noun: 'one concrete detail per point (a number, a date, a name)',
      action: 'add one concrete detail per point: a number, a date or a name.',
    },
    {
      categories: ['direct', 'answers'],
      acts: [],
      noun: 'a one-sentence answer up front',
      action: 'answer in your first sentence, then explain.',
    },
  ],
  empathy: [
    {
      categories: ['emotion', 'acknowledgement', 'apology'],
      acts: ['empathy', 'apology'],
      noun: 'naming what the other person feels',
      action: 'name what the other person feels before you make your point.',
    },
    {
      categories: ['questions'],
      acts: ['open-question'],
      noun: 'asking what they need',
      action: 'ask one open question about what they need.',
    },
  ],
  persuasion: [
    {
      categories: ['asks'],
      acts: ['ask'],
      noun: 'one clear ask: what you want, and by when',
      action: 'make one clear ask: what you want, and by when.',
    },
    {
      categories: ['reasons', 'evidence'],
      acts: ['reason'],
      noun: 'a reason behind each point',
      action: 'give the reason behind each point.',
    },
    {
      categories: ['benefits'],
      acts: [],
      noun: 'saying what your proposal means for them',
      action: 'say what your proposal means for them.',
    },
  ],
};
/** Where they may have made every move: a step further, which claims nothing about what they did not do. */
const ONE_STEP_FURTHER: Record<Dimension, string> = {
  clarity: 'go one step further: open with the one sentence you want them to remember.',
  empathy: 'go one step further: name the feeling you heard, in their words, and ask what would help.',
  persuasion: 'go one step further: for your main point, say what it gets them, in their terms.',
};

const lifted = (head: string, noun: string | undefined): string =>
  noun ? `${head}: ${noun} would lift it.` : `${head}.`;

function liftFor(dimension: Dimension, ctx: NarrativeContext): { noun?: string; action: string } {
  const reader = lineActs();
  const missing = LIFTS[dimension].find(
    (lift) =>
      lift.categories.every((c) => ctx.totals[c].raw === 0) &&
      !ctx.lines.some((l) => lift.acts.some((act) => reader.mayDo(l.text, act))),
  );
  return missing ?? { action: ONE_STEP_FURTHER[dimension] };
}

/** Advice for each weakness that comes from a cost; missing moves carry their own (kinds.ts). */
const COST_ADVICE: Partial<Record<Category | 'tooShort', string>> = {
  rambling:
    'Lead with your main point in one sentence of under 20 words, then add a single supporting detail.',
  evasion:
    'When asked a direct question, answer it in your first sentence — a number, a yes or no, or a clear position — then explain.',
  tooShort:
    'Reply in at least two full sentences: acknowledge what they said, then state what you want from the conversation.',
  fragments: 'Turn one-word replies into a full sentence that states your position and what you want next.',
  ignoredFeelings:
    'When they share a feeling, reflect it back before moving on: "It sounds like this has been really frustrating — let\'s fix it."',
  unsupported:
    'Follow each ask with "because…" and one fact — a result, a figure or a date — that makes it easy to say yes.',
  caving:
    'Before conceding, ask for something in return or for time to think: "Let me think about it and come back to you tomorrow."',
  offTopic:
    'Stay with the situation in front of you: answer what they just said, then bring in your own point about it.',
  threats:
    'Replace ultimatums with your real interest: say what you need and why, then ask what they can do.',
  ignoredObjections:
    'When they object, acknowledge it, answer with a reason and offer an option: "I understand the concern — what if we…?"',
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
    // Only a rewrite that changed the wording that stung is an example of losing the edge.
    const tightened = tightenText(sentence);
    const better = tightened.text;
    if (!(tightened.toneFixes.length > 0 && better !== sentence.trim() && better.length > 3))
      return undefined;
    const [after, before] = aroundChange(better, sentence.trim());
    return `say ${q(after, 90)} instead of ${q(before, 90)}`;
  };
  // The number of the hedged ask itself, never the first number said anywhere ("14 months" is no ask).
  const figure = ctx.totals.hedgedAsks.top[0]?.line.specifics.find((s) => /\d/.test(s));
  const calming = acknowledgementFor(ctx.kind, KINDS[ctx.kind].emotional);
  let offeredOpening = false;

  for (const w of found) {
    if (w.expectation) {
      push(
        figure
          ? w.expectation.suggestion.replace('{figure}', figure)
          : (w.expectation.suggestionWithoutFigure ?? w.expectation.suggestion),
      );
      continue;
    }
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
      case 'dismissive':
      case 'blame':
      case 'orders':
      case 'harsh':
      case 'hostileQuestions': {
        // An accusing question or a harsh line has no neutral version to offer, only a better opening.
        const example = w.key === 'harsh' || w.key === 'hostileQuestions' ? undefined : rewriteOf(w.key);
        const opening = offeredOpening ? '' : `, and open with something like ${q(calming)}`;
        if (example) push(`Keep the point but lose the edge: ${example}${opening}.`);
        else if (!offeredOpening)
          push(`Open with an acknowledgement such as ${q(calming)} before you state what needs to change.`);
        offeredOpening = true;
        break;
      }
      case 'pace': {
        const pace = spokenPace(ctx.totals.pace.top[0]!.line);
        push(
          pace?.fast
            ? 'Slow down to about 150 words a minute: finish each sentence, pause for a breath, then go on.'
            : 'Keep a steady pace of about 140 words a minute: know your first sentence before you start speaking.',
        );
        break;
      }
      case 'hedgedAsks':
        push(
          `State the ask as a clear question${figure ? ' with your number' : ''}: ${q(askFor(ctx.kind, figure))}`,
        );
        break;
      default: {
        const advice = COST_ADVICE[w.key as Category | 'tooShort'];
        if (advice) push(advice);
        const dimension = w.key.replace('lowest-', '') as Dimension;
        if (DIMENSIONS.includes(dimension)) push(`To raise ${dimension}, ${liftFor(dimension, ctx).action}`);
      }
    }
  }
  // The scenario's first unmet objective, in its own words (not a quotation of the learner).
  // Only an objective no line did: one the words cannot settle is not "missed".
  const missed = ctx.objectives?.find((o) => !o.met && !o.unsure);
  if (missed && out.length < 4)
    push(
      `Next time, work on this objective: ${lowerFirst(missed.objective).replace(/\.$/, '')}${missed.example ? `. What a strong answer does: ${lowerFirst(missed.example).replace(/\.$/, '')}` : ''}.`,
    );
  if (out.length < 2) {
    push(KINDS[ctx.kind].expects.closing?.suggestion ?? 'Close by naming the next step and its date.');
    const lowest = [...DIMENSIONS].sort((a, b) => ctx.scores[a] - ctx.scores[b])[0] ?? 'clarity';
    push(`To raise ${lowest}, ${liftFor(lowest, ctx).action}`);
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

/**
 * A rewrite and its original, both cut to where they differ: two long sentences that change near their end
 * would otherwise be quoted as the same words, cut off before the change.
 */
export function aroundChange(after: string, before: string): [string, string] {
  let at = 0;
  while (at < after.length && at < before.length && after[at] === before[at]) at++;
  if (at <= 60) return [after, before];
  const start = before.lastIndexOf(' ', at - 30);
  return start <= 0 ? [after, before] : [`…${after.slice(start + 1)}`, `…${before.slice(start + 1)}`];
}
