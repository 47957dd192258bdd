import type { ChatTone, ScenarioCategory, ScenarioDefinition } from '@parley/contracts';
import { deriveState, sentenceKey, splitSentences, type ChatLine, type Phase } from './conversation-state';
import {
  AFTER_CLOSE_ASIDE,
  AFTER_CLOSE_LEAVING,
  AFTER_CLOSE_POINT,
  AFTER_CLOSE_QUESTION,
  AFTER_CLOSE_THANKS,
  AFTER_CLOSE_WORD,
  CLOSE,
  OWN_CLOSE,
} from './phrase-bank';
import { detectInjection, isIdentityProbe, sanitiseReply, type Internals } from './guard-rails';
import { analyseMessage, pushesBack, refuses, type MessageAnalysis } from './message-analysis';
import { learnerAsked, offTopicTurn, planMoves } from './move-selection';
import type { Move } from './moves';
import { personaProfile } from '../scenario/persona-profile';
import { ASKS_FOR_ASK, FILLER, WRITES_IT_UP, realise } from './phrasing';
import { SAID_WHAT_THEY_DO } from '../scenario/agenda-bank';
import { lineActs } from '../text/line-acts';
import { overlap } from '../text/nlp';
import { isNegotiable } from '../text/figures';
import { createRng, hashString } from '../text/prng';

/**
 * The builtin role-play partner: an in-character engine driven by the scenario's persona, goals, firm
 * positions and the chosen tone. Pure and deterministic — the same scenario, tone, history and seed
 * always give the same reply — with no network and no state outside its arguments.
 *
 * Each turn: analyse the learner's latest message (nlp), derive where the conversation stands from
 * the whole history (state machine), plan the persona's moves (reaction, substance, agenda), phrase
 * them in the persona's voice without repeating itself, and check the result (guard rails).
 */

/** An instance told: words quoted ('this is amateur hour'), or what happened at a given time. */
const TELLS_AN_INSTANCE =
  /(?:^|[\s(])['"“‘][^'"“”‘’]{4,}['"”’](?=[\s.,;:!?)]|$)|\b(?:last (?:week|month|time|year|night|weekend|christmas|summer|winter|spring|autumn|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|in my last (?:job|role|team)|yesterday|the other day|this morning|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|for example|for instance)\b/i;

export interface ReplyInput {
  scenario: ScenarioDefinition;
  tone: ChatTone;
  messages: ChatLine[];
  seed?: number;
}

export interface ReplyPlan {
  text: string;
  moves: Move[];
  phase: Phase;
  turn: number;
  analysis: MessageAnalysis | null;
}

const TONE_SEED: Record<ChatTone, number> = { friendly: 11, neutral: 23, tough: 37 };

export function generateReply(input: ReplyInput): string {
  return planReply(input).text;
}

/** The reply with the reasoning behind it: the moves chosen and the phase the conversation is in. */
export function planReply(input: ReplyInput): ReplyPlan {
  const { scenario, tone } = input;
  const profile = personaProfile(scenario);
  const messages = input.messages.filter(
    (m) => (m.sender === 'user' || m.sender === 'ai') && typeof m.content === 'string',
  );
  const last = messages[messages.length - 1];
  const baseSeed = input.seed ?? hashString(scenario.id);

  if (!last || last.sender !== 'user' || last.content.trim() === '') {
    return nudge(input, messages, baseSeed);
  }

  const previous = [...messages].reverse().find((m) => m.sender === 'ai')?.content ?? '';
  const analysis = backToIt(
    answerNotPushback(
      answerNotAgreement(minimalAnswer(spokenBack(analyseMessage(last.content)), previous), previous),
      previous,
    ),
  );
  const closedAt = messages.findIndex((m) => m.sender === 'ai' && closes(m.content));
  const closed = closedAt >= 0;
  if (closed && !newPoint(analysis, scenario))
    return afterClose(input, messages, closedAt, analysis, baseSeed);
  const state = deriveState(profile, messages, analysis);
  const rng = createRng(baseSeed, state.turn, hashString(analysis.text), TONE_SEED[tone]);
  const planned = planMoves({
    profile,
    tone,
    state,
    latest: analysis,
    injection: detectInjection(last.content) || stepsOut(analysis, profile.vocabulary),
    identityProbe: isIdentityProbe(last.content),
    chance: () => rng.next(),
  });
  // After its one goodbye the persona answers a new point briefly: no second closing, no new agenda.
  const moves = closed ? planned.filter((m) => !AFTER_CLOSE_DROPS.has(m.kind)) : planned;
  const learner = [...state.earlier, analysis];
  const given = {
    // "I was hoping to get to 15": a bare number in what the learner wants is their figure too.
    figure: learner.some(
      (a) =>
        a.figures.some((f) => f.kind === 'money' || f.kind === 'percent') ||
        (a.figures.some((f) => f.kind === 'number') &&
          /\b(?:hop(?:e|ed|ing)|want(?:ed)?|asking|looking for|get to|expect(?:ed|ing)?|need)\b/i.test(
            a.text,
          )),
    ),
    reasons: learner.some((a) => a.reasons || lineActs().actsOf(a.text).has('reason')),
    // "From January my rate is going up from 30 to 35 pounds" says what the learner wants as a change of
    // terms: "What would you like to happen?" after it asks for what was said.
    ask: learnerAsked(learner) || learner.some(changesTerms),
    about: learner.some((a) => SAID_WHAT_THEY_DO.test(a.text)),
    result: learner.some(
      (a) =>
        a.figures.length > 0 &&
        /\b(?:cut|saved|grew|increased|reduced|raised|improved|doubled|halved|won|delivered|rebuilt|built|launched|led|lifted)\b/i.test(
          a.text,
        ),
    ),
    motive: learner.some((a) =>
      /\b(?:applying|applied|apply|want (?:this|the) (?:role|job))\b[^.?!]*\bbecause\b/i.test(a.text),
    ),
    example: learner.some((a) => TELLS_AN_INSTANCE.test(a.text)),
    recommended: learner.some((a) =>
      /\b(?:my recommendation is|i(?:'d| would)? recommend (?:we|you|that|to)|the bottom line is)\b/i.test(
        a.text,
      ),
    ),
    writes: /\b(?:i'?ll|i will|let me|we'?ll)\b/i.test(analysis.text) && WRITES_IT_UP.test(analysis.text),
    askedJustNow: ASKS_FOR_ASK.test(previous) && !analysis.question && !analysis.proposal,
    // "…and I'll put a note so it doesn't happen again" has answered "What if it goes wrong again?".
    prevention: learner.some((a) =>
      /\b(?:(?:doesn'?t|won'?t|never|not) (?:happen|go wrong) again|prevent|stop (?:it|this) (?:from )?happening)\b/i.test(
        a.text,
      ),
    ),
  };
  const draft = realise(moves, { profile, tone, rng, said: state.said, given });
  if (closed) {
    const brief = capitalFirst(splitSentences(draft).slice(0, 2).join(' '));
    if (!brief || closes(brief)) return afterClose(input, messages, closedAt, analysis, baseSeed);
    return { text: brief, moves, phase: 'resolving', turn: state.turn, analysis };
  }
  const drafted = noInvitationWithGoodbye(
    capitalFirst(
      sanitiseReply(draft, internalsOf(scenario), fallbackLine(profile.category, state.said, rng.int(100))),
    ),
  );
  // "Can you tell me your order number?": the persona gives the number it already named, then goes on.
  const known = identifierAsked(analysis, messages, scenario);
  const text =
    known && !drafted.includes(known.id)
      ? [
          `Sure, it's ${known.noun} ${known.id}.`,
          ...splitSentences(drafted).filter((s) => s.endsWith('?')),
        ].join(' ')
      : drafted;
  return { text, moves, phase: state.phase, turn: state.turn, analysis };
}

const CLOSING_LINES = new Set(
  [...Object.values(CLOSE), OWN_CLOSE].flatMap((c) => [...c.yes, ...c.no]).map(sentenceKey),
);
const FAREWELL_WORDS =
  /\b(?:let's leave it there|leave it there for now|that will do for today|thanks for your time|thank you for your time|(?:we'll|we will) be in touch|you will hear from us|talk soon|take care|goodbye|we'll talk again soon|that's all my questions|we're done here for today|that's all for now)\b/i;
/** Whether a line of the persona's closed the conversation (a walk-out has its own way back). */
function closes(line: string): boolean {
  return FAREWELL_WORDS.test(line) || splitSentences(line).some((s) => CLOSING_LINES.has(sentenceKey(s)));
}

/** Lines that invite the learner to go on: they contradict a goodbye in the same reply. */
const INVITATION =
  /^(?:okay\.?\s*)?(?:keep going|let's keep going|go on|and then|i am still listening|what else|tell me what you propose|where do you want to go from here|so what's next|what happens now|back to it, then|so, where does that leave us)[.?!]*$/i;

/** "Keep going. … Let's leave it there.": a reply that closes does not also ask the learner to go on. */
function noInvitationWithGoodbye(text: string): string {
  if (!closes(text)) return text;
  const kept = splitSentences(text).filter((s) => !INVITATION.test(s.trim()));
  return kept.length > 0 ? kept.join(' ') : text;
}

/**
 * The persona has closed the conversation once and does not close it again: a new point gets a short
 * answer, anything else a word, never the same one twice and never another goodbye.
 */
const AFTER_CLOSE_DROPS = new Set<Move['kind']>([
  'close',
  'wrap-up',
  'summarise',
  'not-so-fast',
  'pursue-goal',
  'press',
]);

/** A question, an offer or a figure of some substance, about the matter at hand. */
function newPoint(analysis: MessageAnalysis, scenario: ScenarioDefinition): boolean {
  return (
    !analysis.closing &&
    // A time the learner will do something by ("tonight") is a goodbye's detail, not a new point.
    (analysis.question !== null || analysis.proposal || analysis.figures.some(isNegotiable)) &&
    analysis.words >= 4 &&
    !offTopicTurn({ latest: analysis, profile: personaProfile(scenario) })
  );
}

function afterClose(
  input: ReplyInput,
  messages: ChatLine[],
  closedAt: number,
  analysis: MessageAnalysis,
  seed: number,
): ReplyPlan {
  const since = messages.slice(closedAt + 1).filter((m) => m.sender === 'ai');
  const said = new Set(
    messages.filter((m) => m.sender === 'ai').flatMap((m) => splitSentences(m.content).map(sentenceKey)),
  );
  const rng = createRng(seed, messages.length, 0xc105e);
  const aside = offTopicTurn({ latest: analysis, profile: personaProfile(input.scenario) });
  const first = aside
    ? AFTER_CLOSE_ASIDE
    : newPoint(analysis, input.scenario) && !since.some((m) => m.content.split(' ').length > 3)
      ? AFTER_CLOSE_POINT
      : analysis.thanks
        ? AFTER_CLOSE_THANKS
        : analysis.question
          ? AFTER_CLOSE_QUESTION
          : analysis.closing
            ? AFTER_CLOSE_LEAVING
            : undefined;
  const banks = [...(first ? [first[input.tone]] : []), AFTER_CLOSE_WORD[input.tone]];
  const text =
    banks
      .flatMap((bank) => rng.shuffle(bank))
      .find((line) => !splitSentences(line).every((s) => said.has(sentenceKey(s)))) ??
    fallbackLine(input.scenario.category, said, rng.int(100));
  const turn = messages.filter((m) => m.sender === 'user').length;
  return { text, moves: [], phase: 'resolving', turn, analysis };
}

/**
 * The partner never says the learner's words back at length, and never their fillers: the quote is
 * dropped, and only hedges that carry meaning ("soon", "maybe") may be asked about.
 */
function spokenBack(analysis: MessageAnalysis): MessageAnalysis {
  return {
    ...analysis,
    quote: null,
    hedges: analysis.hedges.filter((h) => !FILLER.test(h)),
  };
}
/**
 * "ok", "fine", "sure": a yes to a yes-or-no question is an answer, but after anything else it says
 * nothing, and the partner asks for the substance instead of taking it as agreement.
 */
function minimalAnswer(analysis: MessageAnalysis, previous: string): MessageAnalysis {
  if (analysis.words > 2 || analysis.figures.length > 0 || analysis.closing || analysis.thanks)
    return analysis;
  const lastQuestion =
    splitSentences(previous)
      .filter((s) => s.endsWith('?'))
      .pop() ?? '';
  const yesNo = /^(?:are|is|do|does|did|can|could|will|would|have|has|shall|should)\b/i.test(lastQuestion);
  if (yesNo && analysis.agreement) return analysis;
  return { ...analysis, agreement: false, vague: true };
}

/**
 * "Yes, so the company was bought…" in answer to "What happened there?": a yes that opens the answer to
 * an open question agrees to nothing. Only words of agreement themselves ("that works", "deal") do.
 */
function answerNotAgreement(analysis: MessageAnalysis, previous: string): MessageAnalysis {
  if (!analysis.agreement || analysis.words <= 2) return analysis;
  // "Walk me through your background." asks as surely as a question does: "Sure. I've been…" answers it.
  const lastQuestion =
    splitSentences(previous)
      .filter((s) => s.endsWith('?') || PROMPT.test(s))
      .pop() ?? '';
  const agrees = /\b(?:agree|agreed|deal|works|sounds good|fine by me|happy with|fair enough|go with)\b/i;
  if (!OPEN_QUESTION.test(lastQuestion) || agrees.test(analysis.text)) return analysis;
  return { ...analysis, agreement: false };
}

const PROMPT =
  /^(?:(?:so|and|okay|ok|right|well|now),?\s+)?(?:tell me|walk me|talk me|take me|describe|give me)\b/i;
const OPEN_QUESTION =
  /^(?:(?:so|and|okay|ok|right|well),?\s+)?(?:what|how|why|when|where|who|which|tell me|walk me|talk me)\b/i;

/**
 * "No, I don't want a freeze. I've moved and I won't be coming back." in answer to "Why does this matter
 * to you?": a no or a won't inside the answer to an open question is the learner's story, not a refusal of
 * anything the partner said. Only words of disagreement themselves push back.
 */
function answerNotPushback(analysis: MessageAnalysis, previous: string): MessageAnalysis {
  if (!analysis.pushback && !analysis.refusal) return analysis;
  const lastQuestion =
    splitSentences(previous)
      .filter((s) => s.endsWith('?'))
      .pop() ?? '';
  // Without its opening "no" and its "I won't be coming" (what the learner will not be doing), does it
  // still disagree or refuse?
  const core = analysis.text
    .toLowerCase()
    .replace(/^\s*(?:no|nope)\b[,.!]?\s*/, '')
    .replace(/\bi (?:won'?t|will not) be \w+ing\b/g, '');
  if (!OPEN_QUESTION.test(lastQuestion)) return analysis;
  return {
    ...analysis,
    pushback: analysis.pushback && pushesBack(core),
    refusal: analysis.refusal && refuses(core),
  };
}

/** "Anyway, about the offer." brings the learner back: the partner takes it up rather than asking what it means. */
function backToIt(analysis: MessageAnalysis): MessageAnalysis {
  if (!/^(?:anyway|ok(?:ay)?|so|right),? (?:about|back to)\b/i.test(analysis.text.trim())) return analysis;
  return { ...analysis, vague: false, hedges: [], clarification: false, returning: true };
}

const IDENTIFIER =
  /\b(order|account|invoice|ticket|reference|case|booking|policy|confirmation|claim|tracking)\s*(?:number|no\.?|#|id|code)\b/i;

/** An order, account or booking number the learner asks for and the persona already has in its own words. */
function identifierAsked(
  analysis: MessageAnalysis,
  messages: ChatLine[],
  scenario: ScenarioDefinition,
): { noun: string; id: string } | null {
  const noun = analysis.question ? IDENTIFIER.exec(analysis.question.text)?.[1]?.toLowerCase() : undefined;
  if (!noun) return null;
  const own = [...messages.filter((m) => m.sender === 'ai').map((m) => m.content), scenario.description].join(
    ' ',
  );
  const id = new RegExp(`\\b${noun}\\s+(?:number\\s+|no\\.?\\s*|#)?([A-Z0-9-]*\\d[A-Z0-9-]*)`, 'i').exec(
    own,
  )?.[1];
  return id ? { noun, id } : null;
}

const ABBREVIATION_END = /\b(?:[ap]\.m|e\.g|i\.e|etc|vs|approx|incl|mr|mrs|ms|dr|st)\.$/i;
/** "next month. Noted." → "Next month. Noted." */
function capitalFirst(text: string): string {
  // "from 7 a.m. on weekdays": a full stop that ends an abbreviation ends no sentence.
  const capitalised = text.replace(
    /(^|[.!?]\s+)([a-z])/g,
    (whole, before: string, letter: string, at: number) =>
      ABBREVIATION_END.test(text.slice(0, at + 1)) ? whole : before + letter.toUpperCase(),
  );
  // The same sentence twice behind different lead-ins ("To be honest, X. Honestly, X.") is said once.
  const seen = new Set<string>();
  return splitSentences(capitalised)
    .filter((sentence) => {
      const core = sentenceKey(sentence.replace(LEAD_IN, ''));
      if (core.length > 12 && seen.has(core)) return false;
      seen.add(core);
      return true;
    })
    .join(' ');
}
const LEAD_IN =
  /^(?:to be honest|honestly|for what it is worth|the thing is|you should know that|well|simply put|fair question)[,:.]?\s*/i;

/** The persona's first line: the scenario's opening, warmer or curter to suit the tone. */
export function generateOpening(scenario: ScenarioDefinition, tone: ChatTone, seed?: number): string {
  const opening = scenario.openingLine.replace(/\s+/g, ' ').trim();
  const rng = createRng(seed ?? hashString(scenario.id), TONE_SEED[tone], 0x0be11);
  const sentences = splitSentences(opening);
  if (tone === 'neutral') return opening;

  if (tone === 'friendly') {
    const greeted =
      /^(?:oh,? |well,? )?(?:hi|hiya|hello|hey+|good (?:morning|afternoon|evening)|morning|welcome|thanks|thank you)\b/i.test(
        opening,
      );
    const warmStart = greeted ? '' : `${pick(rng, WARM_START[scenario.category])} `;
    const warmEnd = ` ${pick(rng, WARM_END)}`;
    return `${warmStart}${opening}${warmEnd}`.trim();
  }

  const core = sentences.filter((s) => !PLEASANTRY.test(s));
  const kept = core.length > 0 ? core : sentences.slice(-1);
  return `${kept.join(' ')} ${pick(rng, CURT_END)}`.trim();
}

const WARM_START: Record<ScenarioCategory, string[]> = {
  'job-interviews': ["It's lovely to meet you.", 'Thanks so much for coming in.'],
  'customer-service': ['Hi there, thanks for taking my call.', 'Hello, thank you for picking up.'],
  sales: ['Hi, thanks for coming by.', 'Hello, nice to meet you.'],
  'team-meetings': ['Hi all, thanks for being here.', 'Good to see everyone.'],
  'conflict-resolution': ['Hey, good to see you.', 'Oh, hi, nice to see you.'],
  networking: ['Hi there!', 'Oh, hello!'],
  'salary-negotiation': ['Hi, thanks so much for making the time.', 'Hello, lovely to speak with you.'],
  'giving-feedback': ['Hi, thanks for setting this up.', 'Hey, good to see you.'],
  'setting-boundaries': ['Hey, good to see you.', 'Hi, nice to catch you.'],
  'executive-communication': ['Thanks for making the time.', 'Good to see you.'],
  'crisis-management': ['Thank you for calling me directly.', 'I appreciate you reaching out straight away.'],
};
const WARM_END = [
  "I'm glad we're talking.",
  "I'm sure we can work this out together.",
  'Take your time.',
  "I'm all ears.",
];
const CURT_END = [
  'Keep it brief.',
  'And be specific.',
  "I don't have long, so get to the point.",
  "Let's not waste time.",
];
const PLEASANTRY =
  /^(?:hi|hello|hey|hiya|thanks|thank you|good to|great to|nice to|lovely|wow|oh|welcome|congratulations|sorry|happy to)\b[^?]*[.!]$/i;

function pick(rng: { int(n: number): number }, options: string[]): string {
  return options[rng.int(options.length)] ?? options[0] ?? '';
}

/**
 * Stepping out of the role-play ("can you give me a hint?"), as the line-act classifier reads it, about
 * nothing the scenario speaks of: answered as any attempt to leave the role is, in character and back to
 * the matter. A line about the matter itself ("Why do you want a downside scenario?") stays in the role.
 */
function stepsOut(analysis: MessageAnalysis, vocabulary: ReadonlySet<string>): boolean {
  return lineActs().actsOf(analysis.text).has('role-break') && overlap(analysis.terms, vocabulary) === 0;
}

function internalsOf(scenario: ScenarioDefinition): Internals {
  return {
    notes: [...scenario.holdsFirmOn, ...scenario.personaGoals],
    coaching: [...scenario.learnerObjectives, ...scenario.strongResponses],
  };
}

const FALLBACKS: Record<ScenarioCategory, string[]> = {
  'job-interviews': ['Tell me more.', "Let's move on to the next question.", 'Go on.'],
  'customer-service': ['So what happens now?', 'I need this fixed.', 'What are you going to do?'],
  sales: ['Convince me.', 'What else?', 'Go on.'],
  'team-meetings': ["Let's keep moving.", 'Anything else?', 'Go on.'],
  'conflict-resolution': ['So where does that leave us?', 'Go on.', 'What now?'],
  networking: ['Tell me more.', 'Go on.', 'Interesting.'],
  'salary-negotiation': ['Where does that leave us?', 'Go on.', 'What else?'],
  'giving-feedback': ['Go on.', 'Okay. What else?', 'I am listening.'],
  'setting-boundaries': ['Go on.', 'So what now?', 'What else?'],
  'executive-communication': ['Go on.', 'What else?', 'Next.'],
  'crisis-management': ['Go on.', 'What else?', 'Keep going.'],
};

function fallbackLine(category: ScenarioCategory, said: Set<string>, offset: number): string {
  const options = FALLBACKS[category];
  for (let i = 0; i < options.length; i += 1) {
    const line = options[(i + offset) % options.length] ?? '';
    if (!said.has(sentenceKey(line))) return line;
  }
  return 'Go on.';
}

const NUDGES = [
  'Are you still there?',
  'Take your time.',
  "Whenever you're ready.",
  'So?',
  'I am waiting.',
  'Hello?',
];

/** Called with no new learner message: the persona prompts, without repeating itself. */
function nudge(input: ReplyInput, messages: ChatLine[], seed: number): ReplyPlan {
  const said = new Set(
    messages.filter((m) => m.sender === 'ai').flatMap((m) => splitSentences(m.content).map(sentenceKey)),
  );
  const rng = createRng(seed, messages.length, 0x5eed);
  const options = rng.shuffle(NUDGES);
  const text =
    options.find((o) => !said.has(sentenceKey(o))) ??
    fallbackLine(input.scenario.category, said, rng.int(10));
  const turn = messages.filter((m) => m.sender === 'user').length;
  return { text, moves: [], phase: turn <= 1 ? 'opening' : 'exploring', turn, analysis: null };
}

/** A new figure for what the persona pays or gets, said as a change: "going up from 30 to 35 pounds". */
function changesTerms(a: MessageAnalysis): boolean {
  return (
    a.figures.some((f) => f.kind === 'money' || f.kind === 'percent') &&
    /\b(?:going (?:up|down)|goes (?:up|down)|(?:is|are) rising|will (?:be|go up|rise|change)|(?:new|higher|lower) (?:rate|price|fee|rent|charge)|from [^.?!]{1,20} to\b)/i.test(
      a.text,
    )
  );
}
