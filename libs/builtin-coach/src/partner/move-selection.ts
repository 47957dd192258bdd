import type { ScenarioCategory } from '@parley/contracts';
import { mentioned, sentenceKey, splitSentences } from './conversation-state';
import { extractFigures, isNegotiable, type Figure } from '../text/figures';
import {
  questionKind,
  recentTerms,
  toldAsPast,
  type MessageAnalysis,
  type Question,
} from './message-analysis';
import type { AnswerContent, ApologyResponse, Concern, Move, SpecificsFocus, TurnContext } from './moves';
import { WRAP_UP_MARK } from './moves';
import {
  anchorsFor,
  comparableTo,
  figureMove,
  figureMoves,
  turnedDown,
  offerFigure,
  inScale,
  offerLike,
  openOffer,
} from './negotiation';
import { analyseText, contentTerms, overlap, readText } from '../text/nlp';
import { lineActs } from '../text/line-acts';
import { ASKS_FOR_ASK, FILLER } from './phrasing';
import {
  conditionMet,
  type FirmPosition,
  type PersonaFact,
  type PersonaGoal,
} from '../scenario/persona-profile';
import { SAID_WHAT_THEY_DO, STATED_ASK } from '../scenario/agenda-bank';
import { GO_ON } from './phrase-bank';

/**
 * Deciding what the persona does this turn: a reaction to what the learner just did (an apology,
 * empathy, rudeness...), a core move answering the substance (a figure, a question, pushback, a
 * proposal), and a forward move that advances the persona's own agenda for the current phase.
 */

export function planMoves(ctx: TurnContext): Move[] {
  const { latest, state, tone } = ctx;
  const moves: Move[] = [];

  if (state.walkedOut) {
    if (!latest.apology) return [{ kind: 'after-walk-out', apology: false }];
    moves.push({ kind: 'after-walk-out', apology: true });
    return [...moves, ...forward(ctx, moves)];
  }
  if (ctx.injection)
    return [
      { kind: 'deflect-injection', identity: ctx.identityProbe, pending: waitingQuestion(ctx) },
      ...forward(ctx, []),
    ];
  if (latest.hostility > 0) {
    const strikes = state.hostility + 1;
    if (strikes >= 3 || (latest.hostility === 2 && strikes >= 2 && tone === 'tough'))
      return [{ kind: 'walk-out' }];
    moves.push({ kind: 'hostility', level: latest.hostility === 2 ? 2 : 1, warned: strikes >= 2 });
    if (latest.hostility === 2) return moves;
  }

  // Reactions: what the learner did, socially.
  // Greeted back after the persona's own hello ("Oh hi, you're still up"), it does not say hello again.
  if (latest.greeting && state.turn <= 1 && !GREETS.test(state.personaLines[0] ?? ''))
    moves.push({ kind: 'greet' });
  // "I'm Dr Adebayo… we made a mistake" brings bad news: no "Nice to meet you" to that.
  // "Mind if I grab a coffee next to you? I'm Tanvi." asks only leave, and is met as well as answered.
  if (
    latest.introduction &&
    state.turn <= 5 &&
    (!latest.question || PERMISSION.test(latest.question.text.toLowerCase())) &&
    !BAD_NEWS.test(latest.text)
  )
    moves.push({ kind: 'meet', name: latest.introduction });
  if (latest.apology)
    moves.push({ kind: 'apology', response: apologyResponse(ctx), sorry: /\bsorry\b/i.test(latest.text) });
  else if (
    ctx.profile.own &&
    latest.hostility === 0 &&
    FAMILY_HARDSHIP.test(latest.text) &&
    !state.personaLines.some((line) => /\bsorry\b/i.test(line))
  )
    moves.push({ kind: 'condolence' });
  else if (ctx.profile.close && latest.hostility === 0 && AFFECTION_SAID.test(latest.text))
    moves.push({ kind: 'affection' });
  else if (latest.empathy && latest.hostility === 0)
    moves.push({
      kind: 'empathy',
      disclose: disclosure(ctx),
      // Sympathy alone, not a line that also explains or concedes something of substance.
      bare: !latest.reasons && latest.figures.length === 0 && latest.words < 15,
    });

  // "Thank you for having me. Sorry, I'm a little nervous": nothing said yet to answer the first
  // question, which the persona asks again, kindly, rather than pressing on as if it had been answered.
  // "Hi, can I help you?" is asked again without its hello; "Monday went great, right?" asks nothing.
  // "You wanted to talk — what is on your mind?" is asked again as its question alone.
  const pending = pendingQuestion(ctx)
    ?.replace(/^(?:hi|hello|hey)(?: there)?\b[,!.]?\s*/i, '')
    .replace(/^.*\s[—–]\s(?=\S)/, '');
  if (
    state.turn <= 1 &&
    pending &&
    !/,\s*(?:right|yeah|yes|no|eh|ok(?:ay)?)\?$/i.test(pending) &&
    !TAG_QUESTION.test(pending) &&
    !latest.question &&
    onlyManners(latest.text)
  )
    return [
      ...moves,
      {
        kind: 'settle',
        question: pending,
        // "Thanks for calling back" is answered; "thank you for having me" is a guest's manners.
        thanked: latest.thanks && !latest.apology && !GUEST_THANKS.test(latest.text),
      },
    ];

  const answered = core(ctx);
  const noted = noteFigure(ctx, answered);
  // A figure said back is the acknowledgement, and a rebuke leaves nothing to nod at.
  const substance =
    noted.length > 0 ||
    moves.some((m) => m.kind === 'condolence') ||
    latest.hostility > 0 ||
    answered.some((m) => m.kind === 'figure' && m.verdict === 'note')
      ? answered.filter((m) => !(m.kind === 'acknowledge' && !m.quote))
      : answered;
  moves.push(...noted, ...substance);
  // In an own scenario, news about the matter that argues with nothing of the persona's leaves it nothing to
  // react with.
  const nothing = moves.length === 0 && ctx.profile.own && overlap(latest.terms, ctx.profile.vocabulary) > 0;
  const planned = [...moves, ...forward(ctx, moves, nothing)];
  // "Mum's fine, don't worry.", "So I've been supervisor for six months now": early on, a line that asks
  // nothing and gives the persona nothing to weigh is heard, and the learner is asked to go on, not
  // pressed with a stock question about a proposal not yet made.
  // So is a short answer to the persona's first question ("She's grand, honestly."), which says nothing yet
  // of what the learner came to talk about.
  const heardOnly = planned.every((m) => m.kind === 'acknowledge' || m.kind === 'press');
  const answeredFirst =
    state.turn <= 1 &&
    !!pendingQuestion(ctx) &&
    latest.words <= 12 &&
    !latest.proposal &&
    latest.figures.length === 0;
  if (
    (planned.length === 0 || (heardOnly && answeredFirst)) &&
    state.turn <= 2 &&
    !latest.question &&
    latest.hostility === 0
  )
    return [{ kind: 'press', line: GO_ON[ctx.tone][Math.floor(ctx.chance() * GO_ON[ctx.tone].length)]! }];
  // "What happens next?" in a reply that closes: the close is the answer.
  return planned.some((m) => m.kind === 'close')
    ? planned.filter((m) => !(m.kind === 'answer' && m.content.kind === 'next-step'))
    : planned;
}

/**
 * An illness, a death or a loss told of the learner's own family or self: "Dad's cancer is back", "my mum
 * had a fall and she's in hospital", "I've been diagnosed with…". In an own scenario the listener is the
 * learner's own person, and hears it as news about someone they know.
 */
const FAMILY_HARDSHIP =
  /\b(?:i (?:lost|'ve lost|have lost) my job|(?:i was|i'?ve been|i got|i have been) (?:made redundant|laid off|let go)\b)|\b(?:(?:my|our) (?:dad|mum|mom|father|mother|son|daughter|wife|husband|partner|kids?|baby|gran|grandma|grandad|brother|sister|family)|(?:dad|mum|mom|father|mother|son|daughter|wife|husband|partner|gran|grandma|grandad|brother|sister)'s|i'?ve been|i am|i'?m)\b[^.!?]{0,40}\b(?:cancer|chemo\w*|stroke|tumou?r|dementia|diagnos\w+|in hospital|passed away|died|dying|terminal|surgery|miscarriage|heart attack|had a fall)\b/i;
/** Sentences of manners only: hello, thanks, a small sorry, nerves, looking forward to it. */
const MANNERS =
  /^\W*(?:(?:(?:hi|hello|hey|dear)(?: [a-z]+$)?|(?:good )?(?:morning|afternoon|evening)|thanks?|thank you|sorry|nice|pleased|great|lovely|glad|so|um|erm|well|and|oh|yes|okay|ok)\b[\s,!.]*)*(?:(?:thanks?|thank you)(?: (?:so|very) much)? for (?:having|seeing|meeting|inviting) (?:me|us)(?: (?:in|over|today|here|this (?:morning|afternoon)))*|(?:thanks?|thank you)(?: (?:so|very) much)? for (?:calling|ringing|getting|picking|making|taking|coming|agreeing|finding|fitting)\b[^.?!,]{0,40}|i know you(?:'re| are) (?:busy|swamped|short on time)|i know you didn'?t have to|i (?:really )?appreciate (?:it|that|this|your time)|(?:nice|pleased|great|lovely|good) to (?:meet|see) you|i(?:'?m| am) (?:(?:honestly|really|rather|a (?:little|bit)|quite|so|very|pretty|super|bit) )*(?:nervous|excited|glad|happy|pleased)[^.?!]*|i'?ve never (?:\w+ ){1,3}(?:anything like this|this|one of these)(?: \w+){0,3} before|i'?ve never been called in(?:to \w+)? before|i'?ve been looking forward to (?:this|it|today|meeting you)[^.?!]*|hi|hello|good (?:morning|afternoon|evening))?[\s,!.]*$/i;
const PROPOSES_WITH_WE =
  /^(?:\W*\w+,\s*)?(?:so,? |ok,? |okay,? |then,? )?(?:can|could|shall) we\b(?! (?:talk|chat|discuss|go over|look at)\b(?! (?:again|later|soon|tomorrow|tonight|next|in|on|after|then)\b))/i;
/**
 * A suggestion put as a question: "would it help if we did a rota?", "maybe next time he asks you could say
 * you need to check first?", "what if I came up on the 20th?".
 */
const SUGGESTS_AS_QUESTION =
  /\b(?:what if (?:we|i|you)|how about|would it help if|i could (?!have\b|not\b|never\b|be\b|see\b|tell\b|imagine\b|understand\b|hear\b)[a-z]+\b|(?:maybe|perhaps)\b(?:\s+[\w']+){0,5}?\s+(?:you|we|i) (?:could|can|pay|do|try|say|keep|leave|take|split|give|put|move|swap|come))\b/i;
const GUEST_THANKS = /\bfor (?:having|seeing|meeting|inviting) (?:me|us)\b/i;
function onlyManners(text: string): boolean {
  const sentences = splitSentences(text).flatMap((s) => s.split(/,\s*/));
  return sentences.length > 0 && sentences.every((s) => MANNERS.test(s.trim()));
}

/**
 * Whether the persona has asked the learner for something: only then is "I can't" a no to it. "I've been
 * watering it alone and I can't keep that up", with nothing asked, is the learner's own limit.
 */
function personaAsked(ctx: TurnContext): boolean {
  return ctx.state.personaLines.some((line) => PERSONA_REQUEST.test(line));
}
const PERSONA_REQUEST =
  /\b(?:can|could|would|will) you\b|\b(?:i|we) (?:just |really |would |'d )?(?:need|want|would like|'d like|expect|insist)\b|\b(?:i'?m|we'?re|i am|we are) (?:asking|hoping|looking)\b|\bhelp (?:me|us)\b|\bplease\b|\bhow can you help\b/i;

/** The persona's last question, if its last line asked one: what a redirect can ask again. */
function pendingQuestion(ctx: TurnContext): string | null {
  const last = ctx.state.personaLines.at(-1) ?? '';
  return (
    splitSentences(last)
      .filter((s) => s.endsWith('?'))
      .pop() ?? null
  );
}

/** The last question the persona asked in the conversation, answered or not. */
function previousQuestion(ctx: TurnContext): string | null {
  for (const line of [...ctx.state.personaLines].reverse()) {
    const asked = splitSentences(line)
      .filter((s) => s.endsWith('?'))
      .pop();
    if (asked) return asked;
  }
  return null;
}

/** The question a redirect can ask again: the one just asked, or else the last one asked. */
function waitingQuestion(ctx: TurnContext): string | null {
  return pendingQuestion(ctx) ?? previousQuestion(ctx);
}

/** A turn about something else entirely: small talk on a subject the scenario never mentions. */
export function offTopicTurn(ctx: Pick<TurnContext, 'latest' | 'profile'>): boolean {
  const { latest, profile } = ctx;
  // "…still drinking too much coffee. How are you finding the new role?": asking after them is no detour.
  if (latest.question?.kind === 'wellbeing') return false;
  const shared = overlap(latest.terms, profile.vocabulary);
  const smallTalk = latest.smallTalk.some((w) => !profile.vocabulary.has(w.split(' ').pop() ?? w));
  return smallTalk && shared <= 1;
}

function apologyResponse(ctx: TurnContext): ApologyResponse {
  const { tone, profile, state, latest } = ctx;
  if (latest.minorApology) return 'minor';
  // "I'm sorry. You waited an hour and a half, the food came cold…": an apology that names what happened
  // is the one a persona who wants "an apology for what actually happened" was waiting for.
  if (specificApologyMeets(ctx)) return 'accept';
  // A friendly person takes an apology as meant, and after the second waves the next away ("No
  // worries."); only a cooler one tires of them.
  if (tone === 'friendly') return state.apologies >= 2 ? 'minor' : 'accept';
  if (state.apologies >= 2) return 'enough';
  if (tone === 'tough') return profile.stakes === 'low' && state.apologies === 0 ? 'partial' : 'cold';
  return profile.stakes === 'low' ? 'accept' : 'partial';
}

/** The persona's demand for an apology, met by one that says what it is for. */
function specificApologyMeets(ctx: TurnContext): FirmPosition | null {
  const { latest, state } = ctx;
  if (!latest.apology || latest.minorApology || latest.words < 15 || state.apologies > 0) return null;
  return (
    ctx.profile.positions.find(
      (p) =>
        APOLOGY_DEMAND.test(p.statement ?? '') &&
        !state.concessions.has(p.index) &&
        !state.yielded.has(p.index),
    ) ?? null
  );
}
const APOLOGY_DEMAND =
  /\b(?:wants?|needs?|expects?|insists? on|deserves?) (?:a |an |a proper |a real |a genuine |a sincere )?(?:apolog\w+|sorry)\b/i;

/** Trust earned: empathy lets the persona say personal things it would otherwise keep back. */
function personalOk(ctx: TurnContext): boolean {
  const shown = ctx.state.empathy + (ctx.latest.empathy ? 1 : 0);
  return ctx.tone === 'tough' ? shown >= 2 : shown >= 1;
}

/** After empathy the persona opens up a little: a public fact, or a personal one once trust builds. */
function disclosure(ctx: TurnContext): PersonaFact | null {
  const { profile, state, latest } = ctx;
  const personal = personalOk(ctx);
  // What the persona shares is about what was just said: not who it is ("I'm a recruiter at …") out of nowhere.
  const candidates = profile.facts.filter(
    (f) =>
      (f.sensitivity === 'public' || (personal && f.sensitivity === 'personal')) &&
      !mentioned(state, f.statement) &&
      // One shared word ("books", "members") is not what was said: the fact must be about it.
      (overlap(latest.terms, f.terms) >= 2 || f.sensitivity === 'personal'),
  );
  candidates.sort(
    (a, b) =>
      overlap(latest.terms, b.terms) - overlap(latest.terms, a.terms) ||
      (a.sensitivity === 'personal' ? -1 : 0) - (b.sensitivity === 'personal' ? -1 : 0),
  );
  return candidates[0] ?? null;
}

/* ---------- core: the substance of the learner's message ---------- */

function core(ctx: TurnContext): Move[] {
  const { latest, state, profile } = ctx;
  const found = offerFigure(ctx, latest);
  const offer = found && offerLike(ctx, latest, found) ? found : null;

  // "Cool, I'll stick it on the fridge tonight" to the persona's yes to the learner's proposal settles it.
  const settles =
    latest.agreement &&
    latest.words >= 3 &&
    !latest.question &&
    !latest.pushback &&
    (state.phase === 'resolving' ||
      (!!state.earlier.at(-1)?.proposal && TOOK_IT.test(state.personaLines.at(-1) ?? '')));
  if (latest.closing || settles) {
    const settled = offer ? figureMoves(ctx, offer).filter((m) => m.kind === 'figure') : [];
    // "8% isn't enough" and "Okay, I'm interested" in one breath contradict each other.
    const held = settled.some((m) => m.kind === 'figure' && m.verdict !== 'accept' && m.verdict !== 'note');
    return [...settled, ...closingMoves(ctx, held)];
  }
  if (latest.question?.kind === 'clarify' || (latest.clarification && !latest.question)) {
    return [{ kind: 'clarify', restate: lastPoint(ctx) }];
  }
  if (latest.returning && !latest.question && !offer) {
    const waiting = waitingQuestion(ctx);
    if (waiting) return [{ kind: 'resume', question: waiting }];
  }
  if (!offer && offTopicTurn(ctx)) return [{ kind: 'off-topic', subject: '', pending: waitingQuestion(ctx) }];
  // "I've got my timesheets if you need them", "I can email both over today": the persona takes them.
  if (!latest.question && !offer && OFFERED_IF_NEEDED.test(latest.text))
    return [
      {
        kind: 'answer',
        question: { kind: 'request', text: latest.text, terms: latest.terms, declarative: true },
        content: { kind: 'yes-please' },
      },
    ];
  // "Here is my card. If anything is not right tonight, call me directly.": the persona takes it.
  if (!latest.question && !offer && HANDS_CONTACT.test(latest.text))
    return [
      {
        kind: 'answer',
        question: { kind: 'request', text: latest.text, terms: latest.terms, declarative: true },
        content: { kind: 'remark', text: "Thank you. I'll keep it." },
      },
    ];
  // "It's about the dishes", "We need to talk about the 600 quid": the learner names what they came about;
  // the persona hears them out on it, by name.
  // ("Got a minute?" asks only for the time to say it.)
  const asksOnlyTime =
    !latest.question ||
    PERMISSION.test(latest.question.text.toLowerCase()) ||
    ASKS_TO_TALK.test(latest.question.text);
  // (Later on, "It's about the juniors" explains; it names no new topic.)
  // ("I wanted to talk about the £450 you kept" names a topic with a figure in it; it offers nothing.)
  const topicSaid =
    state.turn <= 2 && asksOnlyTime && (!latest.proposal || ASKS_TO_TALK.test(latest.text))
      ? ANNOUNCED_TOPIC.exec(latest.text)
      : null;
  const announced = topicSaid && (!offer || topicSaid[0].includes(offer.text)) ? topicSaid : null;
  // "I wanted to talk about the carrier report. It came in late again on Friday…" names the topic and
  // says it: the persona answers what was said, not the announcement.
  const saidAfter = announced
    ? (latest.text.slice(announced.index + announced[0].length).match(/\p{L}+/gu)?.length ?? 0)
    : 0;
  const topic = saidAfter >= 6 ? null : announced;
  const named = (topic?.[1] ?? topic?.[2] ?? topic?.[3] ?? topic?.[4] ?? '')
    .replace(TOPIC_TAIL, '')
    // "my deposit" is, in the persona's mouth, "your deposit".
    .replace(/\b(?:my|your|our)\b/gi, (w) => ({ my: 'your', your: 'my', our: 'your' })[w.toLowerCase()] ?? w)
    .replace(/\s+(?:for|with|from|on|in|at|that|which|who|because|since|and|but|so)\b.*$/i, '')
    // "the £450 you kept": the thing, without the clause that says what was done with it.
    .replace(/\s+(?:you|i|we|they|he|she)\s+\w+.*$/i, '');
  const subject = !topic ? null : named.split(/\s+/).length <= 4 ? named : nounPhrase(named);
  // "I've got something I need to say, and it's not easy": the persona hears them out.
  const news = asksOnlyTime && !offer && !latest.proposal && ANNOUNCED_NEWS.test(latest.text);
  if (news && !subject)
    return [
      {
        kind: 'answer',
        question: { kind: 'request', text: latest.text, terms: latest.terms, declarative: true },
        content: { kind: 'sure' },
      },
    ];
  if (subject)
    return [
      {
        kind: 'answer',
        question: { kind: 'request', text: topic![0], terms: latest.terms, declarative: true },
        content: { kind: 'sure', subject },
      },
    ];

  if (offer) {
    const moves = figureMoves(ctx, offer);
    if (moves.length > 0 && !notedAgain(ctx, offer, moves)) return moves;
  }
  const open = openOffer(ctx);
  // A reason backs the learner's open offer only where there is something to negotiate: a 40% growth
  // figure from an interview answer is not an offer to defend.
  const negotiating =
    profile.positions.some((p) => p.anchor) ||
    profile.openingFigures.some(isNegotiable) ||
    open?.kind === 'money';
  if (open && negotiating && latest.reasons && !latest.question && !latest.figures.some(isNegotiable)) {
    const moves = figureMoves(ctx, open);
    if (moves.length > 0 && !notedAgain(ctx, open, moves)) return moves;
  }

  // "I'd suggest X. Does that work?": the question asks about the proposal, so answer the proposal.
  const aboutProposal =
    /^(?:does|would|will|is|how does|can) (?:that|this|it)(?: (?:plan|idea|approach|proposal|option|arrangement))? (?:work|sound|suit|help|do|sort (?:it|this|things|you|that)|settle (?:it|this|things)|cover (?:it|this|that)|make (?:up for )?(?:it|this|that|things) (?:right|better)|be (?:ok|okay|alright|fair|acceptable|enough))\b|^(?:is|are) (?:that|this|it) (?:ok|okay|alright|all right|fine|acceptable|fair|something you (?:could|can|would|might) (?:support|accept|agree to|live with|get behind|back|go for|consider))\b|^(?:so,? |and )?(?:how (?:would|do) you feel about (?:that|this|it)|what do you (?:think|reckon) (?:of|about) (?:that|this|it))\??$/i;
  // "Does that plan work for you?" may point back at the plan of a turn or two ago.
  const planOnTable =
    latest.proposal || latest.commitment || state.earlier.slice(-2).some((a) => a.proposal || a.commitment);
  if (
    planOnTable &&
    latest.question &&
    (aboutProposal.test(latest.question.text) || STANDS.test(latest.question.text))
  )
    return proposalMoves(ctx);
  // "Would Wednesday morning still work for them?": a time or plan put forward as a question.
  if (
    latest.question &&
    (planOnTable || latest.figures.length > 0) &&
    /^(?:would|will|does|could) [^?]{2,40}? (?:still )?(?:work|suit|help|be (?:ok|okay|enough|fine|possible))\b/i.test(
      latest.question.text,
    )
  )
    return proposalMoves(ctx);
  // "Can you get me the other 80 by the end of the month?": asked to do something by a date or for an
  // amount, the persona weighs it as a proposal, unless it is a thing it simply promises.
  if (
    latest.question?.kind === 'request' &&
    ASKED_TO_DO.test(latest.question.text) &&
    extractFigures(latest.question.text).some((f) => f.kind !== 'duration') &&
    !pledge(latest.question.text)
  )
    return proposalMoves(ctx);

  if (
    latest.question &&
    /^(?:how would|would) (?:a|an|the|some)\b.*\b(?:sound|work|help|suit you)\b/i.test(latest.question.text)
  )
    return proposalMoves(ctx);
  // "Could you check with me before you post them?", "Next time, can you tell me the day before?": asked to
  // do things differently from now on, the persona weighs it as a proposal, not as a question it cannot answer.
  if (
    latest.question?.kind === 'request' &&
    latest.hostility === 0 &&
    FROM_NOW_ON.test(latest.question.text) &&
    !EMBEDDED_QUESTION.test(latest.question.text.toLowerCase()) &&
    !pledge(latest.question.text)
  )
    return proposalMoves(ctx);
  // "If I do extra conditioning before practice, would that help?": what the learner would do, put to the
  // persona as a question, is weighed as a proposal.
  if (latest.question && OFFER_ON_CONDITION.test(latest.question.text.replace(LEAD_IN, '')))
    return proposalMoves(ctx);
  const proposalQuestion =
    /^(?:(?:could|can|would|will) [^?]{2,60}\binstead\b|how about|what about|what if|shall we|(?:do you want to|would you like to|do you fancy|fancy) (?:have|try|split|share|set up|grab|meet|get|swap|take turns|agree|keep|go halves|do)\b|why (?:don'?t|do not) (?:you|we)|why not|(?:maybe|perhaps) (?:we|you|i) (?:can|could)|we could|would you be open|(?:could|can) we (?!talk|discuss|go over|chat|start|begin|look at(?! \w+ing\b)(?! (?:it|this|that|things) again\b)|ask (?:you|a|one|some|about|if|whether|what|how|why|when|who)\b)\w+)\b/i;
  if (
    latest.proposal &&
    latest.question &&
    // "Okay, how about Friday?" leads in before the comma; "Could we agree that you run the floor and I
    // run the numbers, and…" proposes from its first word.
    (proposalQuestion.test(latest.question.text.replace(LEAD_IN, '')) ||
      proposalQuestion.test(latest.question.text.replace(/^.*?,\s*/, '')))
  ) {
    return proposalMoves(ctx);
  }
  // "Would you be willing to mention my part in the follow-up email?" asks for exactly what would move
  // the persona: it is weighed as a proposal, not answered with the stance it would change.
  if (
    latest.question &&
    /^(?:would|could|will) you (?:be willing|consider|agree|be open)\b/i.test(latest.question.text) &&
    metCondition(ctx)
  )
    return proposalMoves(ctx);
  // "Try it for two weeks?", "So Friday for the full amount?": the learner's own proposal, said as a
  // question to check it stands, is weighed as a proposal, not put off as a question with no answer.
  // "Got a sec?" is said the same way, but asks leave to talk.
  if (
    latest.question?.declarative &&
    latest.hostility === 0 &&
    !PERMISSION.test(latest.question.text.toLowerCase())
  )
    return proposalMoves(ctx);
  // "Could you pay the 67.50 by Friday and set up a standing order for the 1st?" asks for terms too long
  // to promise back word for word: they are weighed as a proposal, not dodged.
  if (
    latest.question?.kind === 'request' &&
    /^(?:\W*\w+,\s*)?(?:could|can|would|will) you\b/i.test(latest.question.text) &&
    latest.figures.length > 0 &&
    !pledge(latest.question.text) &&
    // "Could you tell me what the first ninety days look like?" asks to be told, not for terms.
    !EMBEDDED_QUESTION.test(latest.question.text.toLowerCase()) &&
    latest.hostility === 0
  )
    return proposalMoves(ctx);
  // "Can we talk again in June?", "Could we try it for a month?": a proposal put as a question is weighed,
  // unless it runs into a position the persona holds, which its answer states ("Could we start later?").
  if (
    latest.question &&
    latest.proposal &&
    latest.hostility === 0 &&
    PROPOSES_WITH_WE.test(latest.question.text)
  ) {
    const against = positionFor(ctx, latest.terms, 1);
    if (!(against && conflicts(against))) return proposalMoves(ctx);
  }
  // "maybe next time you could order early?" suggests: it is weighed (or held against a position), never
  // answered as if it asked about the persona.
  if (latest.question && latest.hostility === 0 && SUGGESTS_AS_QUESTION.test(latest.question.text))
    return proposalMoves(ctx);
  if (latest.question)
    return [{ kind: 'answer', question: latest.question, content: answer(ctx, latest.question) }];
  if (latest.pushback || (latest.refusal && personaAsked(ctx))) return pushbackMoves(ctx);
  // The learner's own limit, with nothing asked of them, is met by a position it runs into, if any.
  if (latest.refusal) {
    const held = pushbackMoves(ctx);
    if (held.length > 0 && held[0]?.kind !== 'counterpoint') return held;
  }
  if (latest.rambling) return [{ kind: 'steer', quote: latest.quote }];
  if (latest.vague) {
    return [
      {
        kind: 'ask-specifics',
        focus: specificsFocus(ctx),
        hedge: latest.hedges[0]?.replace(/\bi\b/g, 'I') ?? null,
        again: state.vagueStreak > 0,
      },
    ];
  }
  if (latest.commitment || latest.proposal) return proposalMoves(ctx);

  // Pleasantries around substance ("Thanks for taking the call. A bucket exposed 38,000 records...") do not hide it.
  const numeric = latest.figures.filter((f) => ['money', 'percent', 'number', 'duration'].includes(f.kind));
  const substantive = numeric.length > 0 && latest.words >= 10;
  // "Thank you. I can see the block; it was triggered by the first payment abroad." thanks in passing.
  const thanksInPassing =
    latest.sentences.length > 1 &&
    latest.sentences.slice(1).join(' ').split(/\s+/).length >= 8 &&
    !/\b(?:thanks|thank you)\b/i.test(latest.sentences.slice(1).join(' '));
  const social =
    (latest.apology || latest.empathy || latest.greeting || (latest.thanks && !thanksInPassing)) &&
    !substantive;
  // "Same rule for both rotas: whoever worked last Christmas gets priority": a statement that gives what
  // would move the persona is taken as the offer it is.
  const met = social || latest.pushback || latest.refusal ? null : metCondition(ctx);
  if (met && latest.words >= 5) return [yieldTo(ctx, met, proposalDetail(latest))];
  // A statement that runs against a firm position ("the courier delayed it") is pushback too.
  // "How you were treated in the video was not okay" names the video; it does not ask for what "I won't
  // delete the video" refuses.
  const near = positionFor(ctx, latest.terms, 2);
  // A limit on a figure ("nothing over £20 a month") is come near by a figure of its kind or by what it
  // refuses: "fourteen months of estimated readings" shares a word with it and asks for nothing.
  const nearFigure = (position: FirmPosition): boolean =>
    latest.figures.some((f) => f.kind === position.anchor?.figure.kind) ||
    !position.statement ||
    nearWhatItRefuses(position.statement, latest);
  const touched =
    social ||
    !near ||
    !!specificApologyMeets(ctx) ||
    !(near.anchor ? nearFigure(near) : !near.statement || nearWhatItRefuses(near.statement, latest))
      ? null
      : near;
  // A fact with a figure in it ("late 3 times in 4 weeks") is acknowledged by quoting it back.
  const reported = latest.figures.filter(
    (f) => latest.quote?.includes(f.text) && (f.kind !== 'date' || latest.figures.length === 1),
  );
  const sayable = reported.map((f) => sayableFigure(latest.text, f)).find((t): t is string => !!t);
  if (sayable && !social) {
    const against = touched && conflicts(touched) ? pushbackMoves(ctx, touched) : [];
    return [
      { kind: 'reported', quote: latest.quote, figure: sayable, follow: against.length === 0 },
      ...against,
    ];
  }
  // "One at $1,090 and one at $1,350" to a shopper who won't go over $1,400 keeps to the limit: heard,
  // not pushed back on.
  const kept = touched && !latest.pushback && !latest.refusal ? withinLimit(ctx, touched, latest) : null;
  if (kept) return [figureMove(kept.text, 'note')];
  if (touched && conflicts(touched) && !latest.agreement) return pushbackMoves(ctx, touched);
  // "Yes, it's about Grace" to "It's about Grace, isn't it?" confirms; it agrees to nothing.
  // So does "Yes, it's about the video" to "Are you calling because of what happened, or the views?":
  // a question of fact about the learner, or one of two things, is answered, not agreed to.
  const asked = pendingQuestion(ctx) ?? '';
  const confirms =
    TAG_QUESTION.test(state.personaLines.at(-1) ?? '') ||
    /^(?:so,? )?(?:are|is|was|were|did|do|does|have|has) (?:you|it|this|that|they|he|she|there)\b/i.test(
      asked,
    ) ||
    // "Any questions before we go on?" — "Yes, one." has one; it agrees to nothing.
    /^(?:so,? )?(?:any|anything|anyone)\b/i.test(asked) ||
    /\bor\b[^?]*\?$/i.test(asked);
  if (latest.agreement && !confirms) return [{ kind: 'agreement' }];

  // Apologies, empathy and greetings on their own were answered by the reaction.
  if (social && latest.words < 25) {
    if (latest.thanks && !latest.apology && !latest.empathy && !latest.greeting) return [{ kind: 'thanks' }];
    if (!latest.minorApology || !latest.quote || latest.introduction) return [];
  }
  // With nothing to quote, a bare "Okay." after an apology, empathy or a hello adds nothing.
  if (!latest.quote && (latest.apology || latest.empathy || latest.greeting)) return [];
  return [{ kind: 'acknowledge', quote: latest.quote }];
}

/**
 * With no figure of its own to move, the persona does not note the learner's figure again once it has
 * said it back ("80%, got it." a second time).
 */
function notedAgain(ctx: TurnContext, figure: Figure, moves: Move[]): boolean {
  const [only] = moves;
  return (
    moves.length === 1 &&
    only?.kind === 'figure' &&
    (only.verdict === 'note' || only.verdict === 'probe') &&
    ctx.state.personaLines.slice(1).some((line) => line.includes(figure.text))
  );
}

/** A commitment or proposal: accepted, considered, noted, or met with the position it runs into. */
function proposalMoves(ctx: TurnContext): Move[] {
  const { latest, state, tone } = ctx;
  const detail = proposalDetail(latest);
  const met = metCondition(ctx);
  if (met) return [yieldTo(ctx, met, detail)];
  const position = positionFor(ctx, latest.terms, 1);
  // "Fine, three percent it is then" to "I can't go beyond 3%" is within the limit: taken, not resisted.
  const inside = position && !latest.pushback && !latest.refusal ? withinLimit(ctx, position, latest) : null;
  if (inside) return [figureMove(inside.text, 'accept')];
  if (position && conflicts(position) && !state.concessions.has(position.index)) {
    const resisting = latest.pushback || latest.refusal;
    if (latest.reasons && position.concession && (tone !== 'tough' || state.pushbacks > 0)) {
      return [{ kind: 'concede', position, detail }];
    }
    if (resisting || (tone === 'tough' && !latest.reasons && overlap(latest.terms, position.terms) >= 2)) {
      return [{ kind: 'hold-firm', position, restated: mentioned(state, position.statement) }];
    }
  }
  if (latest.question || (latest.proposal && !latest.commitment)) {
    return [
      {
        kind: 'consider',
        // Someone who answers to the learner takes a plain instruction ("ping me by noon next time").
        verdict:
          latest.reasons ||
          tone === 'friendly' ||
          meetsNeed(ctx) ||
          givesWhatItWants(ctx) ||
          CHECK_IN.test(latest.text) ||
          (ctx.profile.answersToLearner &&
            !/^(?:what|how|why|when|where|who)\b/i.test(latest.question?.text ?? ''))
            ? 'accept'
            : 'maybe',
        quote: latest.quote,
        detail,
      },
    ];
  }
  const times = latest.figures.filter((f) => f.kind === 'date' || f.kind === 'time');
  const when = times[times.length - 1];
  // "I'll let you know on Wednesday how it went": a promise to tell, which is welcomed, not held to.
  if (reportsBackOnly(latest.text))
    return [{ kind: 'commitment', quote: null, when: null, specific: true, reportBack: true }];
  return [
    {
      kind: 'commitment',
      quote: latest.quote,
      when: when?.text ?? null,
      // "I'll move my car first if it's ever there" says what will be done; "I'll sort it" does not.
      specific:
        !!when ||
        latest.figures.length > 0 ||
        (latest.hedges.length === 0 && !VAGUE_PLEDGE.test(latest.text) && latest.terms.size >= 3),
    },
  ];
}
/** The learner's only promise is to tell how it goes: "I'll let you know on Wednesday how it went". */
function reportsBackOnly(text: string): boolean {
  const pledges = [...text.matchAll(/\b(?:i|we)(?:'ll| will) (\w+(?: \w+)?)/gi)];
  return pledges.length > 0 && pledges.every((m) => REPORTS_BACK.test(m[1]!));
}
/** Promises to tell ("let you know", "keep you posted"): the first words after "I'll". */
const REPORTS_BACK =
  /^(?:let you|let y'?all|keep you|update you|report back|tell you how|fill you|get back|be in touch|text you|message you)\b/i;
/** A promise that names no deed: "I'll look into it", "we'll sort it out", "I'll do better". */
const VAGUE_PLEDGE =
  /\b(?:look into|see what|sort (?:it|this|that|things)|deal with (?:it|this|that)|handle (?:it|this|that)|work on (?:it|this|that)|take care of (?:it|this|that)|make (?:it|this|that|things) right|fix (?:it|this|that|things)|do better|be better|improve|get (?:it|this|that) sorted|do something)\b/i;

/** A term without its plural ending, to match "check-ins" with "check-in". */
const stem = (t: string): string => t.replace(/(?:es|s)$/, '');

/** A proposal aimed at a problem the persona already admitted to ("a Thursday check-in" after "the data arrives late on Thursdays"). */
function meetsNeed(ctx: TurnContext): boolean {
  const proposed = new Set([...ctx.latest.terms].filter((t) => !GENERIC_TERMS.has(t)).map(stem));
  return ctx.profile.facts.some(
    (f) =>
      f.sensitivity === 'personal' &&
      mentioned(ctx.state, f.statement) &&
      [...f.terms].some((t) => proposed.has(stem(t))),
  );
}

/**
 * The learner offers what the persona came for, in its own terms: "I'd like to remake the sofa in the sage
 * linen at no cost to you" to a customer who wants "the sofa replaced in the correct fabric at no extra cost".
 */
function givesWhatItWants(ctx: TurnContext): boolean {
  if (!ctx.latest.proposal || ctx.latest.hostility > 0) return false;
  const offered = new Set([...ctx.latest.terms].filter((t) => !GENERIC_TERMS.has(t)).map(stem));
  return ctx.profile.goals.some(
    (g) => !g.anchor && [...g.terms].filter((t) => !GENERIC_TERMS.has(t) && offered.has(stem(t))).length >= 2,
  );
}

/** The persona gives ground: to an offer, with its detail; to a no with its reasons, as a no taken. */
function yieldTo(ctx: TurnContext, position: FirmPosition, detail: string | null): Move {
  // ("I can't do Saturday." then "I've done five extra shifts in six weeks.": the reasons for that no.)
  const refused =
    !ctx.latest.proposal &&
    !ctx.latest.commitment &&
    (ctx.latest.refusal || ctx.state.earlier.slice(-1).some((a) => a.refusal));
  return { kind: 'yield', position, detail: refused ? null : detail, ...(refused ? { refused } : {}) };
}

/** The specific thing on offer, to name when answering a proposal: "next Tuesday", "15 minutes". */
function proposalDetail(latest: MessageAnalysis): string | null {
  // A bare count ("the three points") is no detail of an offer to confirm back.
  const rank: Record<string, number> = { date: 0, time: 1, duration: 2, money: 3, percent: 4 };
  // "For example in October I turned down a double shift": a date in a story of what happened is no
  // term of what is proposed.
  // ("I've done five extra shifts in six weeks" tells how long it has gone on, not what is proposed.)
  const told = (f: { kind: string; text: string }): boolean => {
    if (f.kind !== 'date' && f.kind !== 'time' && f.kind !== 'duration') return false;
    return toldAsPast(splitSentences(latest.text).find((s) => s.includes(f.text)) ?? '');
  };
  const figures = latest.figures
    .filter((f) => rank[f.kind] !== undefined && !told(f))
    .sort((a, b) => (rank[a.kind] ?? 9) - (rank[b.kind] ?? 9));
  return figures[0]?.text ?? null;
}

/** A position whose condition the learner has just met ("a follow-up email crediting you"). */
function metCondition(ctx: TurnContext): FirmPosition | null {
  const { latest, state } = ctx;
  if (latest.refusal || latest.hostility > 0) return null;
  return (
    ctx.profile.positions.find(
      (p) =>
        !state.concessions.has(p.index) &&
        !state.yielded.has(p.index) &&
        // Learners meet a condition over a turn or two ("it matters because…", then "a follow-up email?").
        conditionMet(p, recentTerms(latest, state.earlier)),
    ) ?? null
  );
}

/**
 * A figure the learner gave that the planned reply would otherwise pass over: a date or time they
 * promised is held to, by quoting the learner when the quote carries it.
 */
function noteFigure(ctx: TurnContext, planned: Move[]): Move[] {
  const { latest } = ctx;
  if (latest.question || latest.apology || latest.empathy || latest.greeting || latest.thanks) return [];
  const mentionedIn = (m: Move): string => {
    if (m.kind === 'figure' || m.kind === 'reported') return m.figure;
    if (m.kind === 'commitment') return `${m.quote ?? ''} ${m.when ?? ''}`;
    if ('quote' in m) return m.quote ?? '';
    if ('detail' in m) return m.detail ?? '';
    return '';
  };
  if (
    planned.some((m) =>
      ['figure', 'reported', 'off-topic', 'close', 'summarise', 'ask-specifics'].includes(m.kind),
    )
  )
    return [];
  const said = planned.map(mentionedIn).join(' ');
  if (latest.figures.some((f) => said.includes(f.text))) return [];
  // "from two days to about nine hours": the figure it came to is the news, not the one it left.
  const fromTo = /\bfrom\b[^.?!]{1,40}?\bto\s+(?:about |around |roughly |just |under |over )?$/i;
  // A figure the persona has already said back ("4%. Right.") is not noted a second time.
  const fresh = latest.figures.filter(
    (f) => !ctx.state.personaLines.slice(1).some((line) => line.includes(f.text)),
  );
  const figures = [...fresh].sort(
    (a, b) =>
      Number(fromTo.test(latest.text.slice(0, b.index))) - Number(fromTo.test(latest.text.slice(0, a.index))),
  );
  const figure =
    figures.find((f) => f.kind === 'money' || f.kind === 'percent') ??
    figures.find((f) => (f.kind === 'number' && (f.value ?? 0) >= 2) || f.kind === 'duration') ??
    (latest.commitment ? fresh.find((f) => f.kind === 'date' || f.kind === 'time') : undefined);
  if (!figure) return [];
  if (latest.quote?.includes(figure.text)) return [{ kind: 'acknowledge', quote: latest.quote, plain: true }];
  const text = sayableFigure(latest.text, figure);
  // Only a date or a time the learner promised is held to ("Friday. Noted."). Any other figure said back
  // ahead of a reply about something else ("Six weeks, got it. What did I do?") is an echo, not listening.
  const committed =
    latest.commitment && (figure.kind === 'date' || figure.kind === 'time') && !reportsBackOnly(latest.text);
  return text && committed ? [figureMove(text, 'note', { committed })] : [];
}

/** A figure as the persona may say it back: a count with its noun, anything else as written. */
function sayableFigure(message: string, figure: Figure): string | null {
  return figure.kind === 'number' ? countedThing(message, figure) : figure.text;
}

/**
 * A bare count is said with what it counts ("4 nights", "3,200 followers"), and only when the word after
 * it is a noun, so what is said back is a whole noun phrase: "two hard conversations" gives nothing
 * ("Two hard"), nor does "£200 seems fair", a year ("2024 salary") or the start of a range ("3 to 5
 * business days").
 */
export function countedThing(message: string, figure: Figure): string | null {
  if (/^(?:19|20)\d\d$/.test(figure.text)) return null;
  const rest = message.slice(figure.index + figure.text.length);
  const after = /^\s+([a-z][a-z-]*)/i.exec(rest)?.[1];
  if (!after) return null;
  // "3 diffrent formats": a slip of the fingers is read as the word it stands for ("different").
  const mended = lineActs().canonical(after).trim();
  if (mended !== after.toLowerCase() && readText(`${figure.text} ${mended}`).tokens[1]?.pos !== 'NOUN')
    return null;
  const tokens = readText(
    `${figure.text} ${after}${rest.slice(rest.indexOf(after) + after.length, rest.indexOf(after) + after.length + 40)}`,
  ).tokens;
  const next = tokens.find((t) => t.value.toLowerCase() === after.toLowerCase());
  if (next?.pos !== 'NOUN') return null;
  return `${figure.text} ${after}`;
}

function closingMoves(ctx: TurnContext, held = false): Move[] {
  const { state, tone, latest } = ctx;
  const unmet = nextGoal(ctx);
  if (state.turn < 4 && unmet && tone !== 'friendly' && !latest.agreement)
    return [{ kind: 'not-so-fast', goal: unmet }];
  const items = summaryItems(ctx);
  const promised = [...state.earlier.slice(-2), latest].filter((a) => a.commitment || a.proposal).length;
  const resisting = [...state.earlier.slice(-2), latest].some((a) => a.pushback || a.refusal);
  const satisfied =
    !held &&
    !latest.walksAway &&
    (latest.agreement ||
      (promised >= 1 && !resisting) ||
      // It has just said yes to what the learner put forward ("Sure, let's do that.").
      TOOK_IT.test(state.personaLines.at(-1) ?? '') ||
      state.earlier.slice(-2).some((a) => a.agreement) ||
      state.addressedGoals.size * 2 >= ctx.profile.goals.length);
  const moves: Move[] = [];
  const summarised = state.personaLines.some((l) =>
    /\b(?:to recap|have this right|where we've landed|to be clear, then)\b/i.test(l),
  );
  if (items.length > 0 && !summarised) moves.push({ kind: 'summarise', items });
  moves.push({ kind: 'close', satisfied });
  return moves;
}

/** What the learner has put on the record: their figures, dates and promises, from the persona's side. */
function summaryItems(ctx: TurnContext): string[] {
  const all = [...ctx.state.earlier, ctx.latest];
  const items: string[] = [];
  const anchored = (f: Figure): boolean =>
    f.kind === 'money' ||
    anchorsFor(ctx, f).length > 0 ||
    ctx.state.personaFigures.some((p) => comparableTo(p, f));
  const lastFigure = [...all]
    .reverse()
    .map((a) => offerFigure(ctx, a))
    .find((f): f is Figure => f !== null && isNegotiable(f) && anchored(f));
  // Only a figure the persona itself put on the table: it neither reads the learner's words back to them
  // nor repeats a figure it never agreed to.
  if (lastFigure && ctx.state.personaFigures.some((p) => p.value === lastFigure.value))
    items.push(lastFigure.text);
  return items.slice(0, 2);
}

/* ---------- answering questions ---------- */

interface Candidate {
  text: string | null;
  terms: Set<string>;
  hidden: boolean;
  conflict: boolean;
  source: 'position' | 'goal' | 'fact';
}

function candidates(ctx: TurnContext): Candidate[] {
  const { profile } = ctx;
  const personal = personalOk(ctx);
  return [
    ...profile.positions.map((p) => ({
      text: p.statement,
      terms: p.terms,
      hidden: p.statement === null,
      conflict: conflicts(p),
      source: 'position' as const,
    })),
    ...profile.goals.map((g) => ({
      text: g.statement,
      terms: g.terms,
      hidden: g.kind === 'hidden',
      conflict: false,
      source: 'goal' as const,
    })),
    ...profile.facts.map((f) => ({
      text: f.statement,
      terms: f.terms,
      hidden: f.sensitivity === 'confidential' || (f.sensitivity === 'personal' && !personal),
      conflict: false,
      source: 'fact' as const,
    })),
  ];
}

const SOURCE_ORDER: Record<Question['kind'], Candidate['source'][]> = {
  want: ['goal', 'position', 'fact'],
  why: ['position', 'goal', 'fact'],
  request: ['position', 'goal', 'fact'],
  opinion: ['position', 'goal', 'fact'],
  when: ['position', 'fact', 'goal'],
  'yes-no': ['fact', 'position', 'goal'],
  open: ['fact', 'goal', 'position'],
  wellbeing: ['fact', 'goal', 'position'],
  clarify: ['position', 'goal', 'fact'],
  number: ['position', 'goal', 'fact'],
};

function answer(ctx: TurnContext, asked: Question): AnswerContent {
  const { state, profile, latest } = ctx;
  const text = asked.text.toLowerCase();
  // "Can I ask how the team measures success?" is an open question about how the team measures success.
  // "Can I ask what prompted it?" asks why; an embedded question with no kind of its own is open.
  const embedded = EMBEDDED_QUESTION.exec(text);
  const inner = embedded
    ? questionKind(text.slice(embedded.index + embedded[0].length - embedded[1]!.length))
    : null;
  // "Can I ask, did you get the letter?": the question after a lead-in that asks leave to ask it.
  const led =
    /^(?:(?:can|could|may) i (?:just )?ask(?: you)?|just (?:to )?check(?:ing)?|quick question|out of interest),\s*/.exec(
      text,
    );
  const innerText = embedded
    ? text.slice(embedded.index + embedded[0].length - embedded[1]!.length)
    : led
      ? text.slice(led[0].length)
      : text;
  const question: Question = inner
    ? { ...asked, kind: inner === 'request' || inner === 'yes-no' ? 'open' : inner }
    : led
      ? { ...asked, text: asked.text.slice(led[0].length), kind: questionKind(innerText) }
      : asked;
  if (question.kind === 'wellbeing') return { kind: 'wellbeing' };
  if (/\byour (?:full )?name\b|\bwho am i (?:speaking|talking) (?:to|with)\b/.test(text))
    return { kind: 'name' };
  if (question.kind === 'number') {
    const mine = state.personaFigures[state.personaFigures.length - 1];
    if (mine)
      return { kind: 'number', figure: mine.text, asking: false, reference: REFERENCE_NUMBER.test(text) };
    // Its ask before its limit: what it is after ("Get the $3,000") is said, never first the least it would
    // take ("just $1,000 then").
    const floor = [...profile.goals.map((g) => g.anchor), ...profile.positions.map((p) => p.anchor)].find(
      (a) => a?.direction === 'floor',
    );
    return { kind: 'number', figure: floor?.figure.text ?? null, asking: !!floor };
  }

  const option = chosenOption(ctx, question);
  if (option) return { kind: 'choice', option };
  const which = whichIsSo(ctx, question);
  if (which) return { kind: 'choice', option: which, fact: true };

  const terms = question.terms.size > 0 ? question.terms : latest.terms;
  const position = positionFor(ctx, terms, 1);
  // A behaviour note guarding a topic ("only explains X if you ask open questions without blame"):
  // evade in the persona's own words until the condition is met, then say what it held back.
  // The topic a behaviour note guards: its own terms, and those of the facts it keeps back.
  const guardTerms = (p: FirmPosition): number =>
    Math.max(
      overlap(terms, p.terms),
      ...profile.facts
        .filter((f) => f.sensitivity === 'personal' && overlap(p.terms, f.terms) >= 2)
        .map((f) => overlap(terms, f.terms)),
    );
  const guard = profile.positions
    .filter((p) => p.statement === null && guardTerms(p) > 0)
    .sort((a, b) => guardTerms(b) - guardTerms(a))[0];
  if (guard && !personalOk(ctx)) {
    const guarded = guardedAnswer(ctx, guard, question);
    if (guarded) return guarded;
  }
  if (question.kind === 'why') {
    // A why gets a reason: the one the scenario gives, a related fact, or what else the persona holds.
    const about = position ?? (question.terms.size <= 1 ? recentPosition(ctx) : null);
    if (about?.reason && !mentioned(state, about.reason)) return { kind: 'reason', text: about.reason };
    const goalReason = profile.goals.find(
      (g) => g.reason && overlap(terms, g.terms) > 0 && !mentioned(state, g.reason),
    );
    if (goalReason?.reason) return { kind: 'reason', text: goalReason.reason };
    const fact = profile.facts.find(
      (f) =>
        (f.sensitivity === 'public' || (f.sensitivity === 'personal' && personalOk(ctx))) &&
        overlap(terms, f.terms) > 0 &&
        !mentioned(state, f.statement),
    );
    if (fact) return { kind: 'item', text: fact.statement, conflict: false };
    if (about) {
      const more = about.more.find((m) => !mentioned(state, m));
      if (more) return { kind: 'reason', text: more };
      if (about.statement && !mentioned(state, about.statement))
        return { kind: 'item', text: about.statement, conflict: false };
    }
    // A reason the persona already gave ("twenty-two dollars a month, that's just too much for me now")
    // is pointed back to, rather than a stock reason of its kind of scenario.
    const given = state.personaLines
      .flatMap((line) => line.split(/[.!?]\s+|,? (?:and|but|so) |; |, /))
      .find((clause) => GIVES_REASON.test(clause) && clause.split(/\s+/).length >= 3);
    if (given) return { kind: 'recap', text: given };
    return { kind: 'because' };
  }
  // "Can I have until Friday to think about it?" asks for time, and is given it, whatever the persona holds
  // firm on; so does "I need two days to think. Is that okay?".
  if (
    TIME_TO_THINK.test(question.text) ||
    (TIME_TO_THINK.test(ctx.latest.text) &&
      /^(?:is|would) (?:that|this|it) (?:be )?(?:ok|okay|alright|all right|fine)\b/i.test(question.text))
  )
    return { kind: 'pledge', text: 'Take the time you need.' };
  // "Did the courier leave a card?" asks what happened: a stance that shares its words ("I won't accept that
  // it's purely the courier's fault") is no answer, and "No, I'm afraid not" would be a false one.
  const askedWhatHappened =
    question.kind === 'yes-no' &&
    /^(?:did|was|were|has|have|had)\b/i.test(question.text.replace(LEAD_IN, ''));
  if (
    position &&
    conflicts(position) &&
    !askedWhatHappened &&
    ['request', 'yes-no', 'opinion', 'when'].includes(question.kind)
  ) {
    if (position.statement && !mentioned(state, position.statement))
      return { kind: 'item', text: position.statement, conflict: question.kind !== 'when' };
    return { kind: 'firm', position };
  }
  // "Can we talk about the base salary?": yes, to that subject by name. "Can we talk again in June?"
  // proposes a time, and names no subject.
  if (
    !led &&
    // "Could we ask the locum agency to cover two weekends?" proposes; "Can I ask about the bonus?" asks leave.
    ((/\b(?:can|could|may|shall) (?:i|we) (?:talk|ask|chat|discuss|go over|look at)\b(?! \w+ing\b)(?! (?:again|later|soon|tomorrow|tonight|next|in|on|after|before|then|properly)\b)/.test(
      text,
    ) &&
      !/\bask (?!you\b|(?:a|one|two|some|few|couple|more|about|if|whether|what|how|why|when|who)\b)[\w' ]{1,40}? to \w+/.test(
        text,
      )) ||
      /\b(?:i|we) (?:\w+ )?(?:wanted|want|would like|'d like) to (?:talk|chat) about\b/.test(
        unfilled(text),
      )) &&
    !EMBEDDED_QUESTION.test(text)
  ) {
    const rest = question.text.replace(/^.*?\b(?:talk|ask|chat|discuss|go over|look at)\b/i, '');
    // "Can I ask a couple of clarifying questions?" asks leave to ask; it names no subject.
    const questionsOnly =
      /^\s*(?:you\s+)?(?:a|an|one|two|three|some|a few|few|a couple of|couple of|more|another)\b[^?]*\bquestions?\b/i.test(
        rest,
      );
    return { kind: 'sure', subject: questionsOnly ? undefined : nounPhrase(rest) };
  }
  // "Is there anything else I can help with?": what the persona still wants, or nothing more.
  if (
    /\b(?:anything (?:else|more)|something else|is that everything|any other (?:questions?|concerns?|thing))\b/.test(
      text,
    )
  ) {
    const goal = nextGoal(ctx);
    if (goal?.statement && !mentioned(state, goal.statement))
      return { kind: 'item', text: goal.statement, conflict: false };
    // What it still wants and has already said is not asked for again as a new question.
    const open = openGoal(ctx);
    if (!open || (open.statement && mentioned(state, open.statement))) return { kind: 'nothing-else' };
  }
  // "Does that plan work for you?": yes, or not yet and what is still missing.
  if (
    question.kind === 'yes-no' &&
    /\b(?:work|works|sound (?:good|okay|ok|fair|right)|okay|ok|fine|acceptable|fair) (?:for|with|to) you\b/.test(
      text,
    )
  ) {
    const open = openGoal(ctx);
    const still = open?.statement && !open.statement.endsWith('?') && !mentioned(state, open.statement);
    return { kind: 'works', still: still ? open.statement : null };
  }
  // "What happens next?": what the persona still needs from the learner, or how it goes on from here.
  if (
    /\b(?:what happens (?:next|now)|what are the next steps|where do (?:we|i) go from here|what (?:now|do (?:we|i) do next))\b/.test(
      text,
    )
  ) {
    // Asked after the learner summed up and closed, it is what was just agreed, not a new demand.
    if (state.earlier.some((a) => a.closing)) return { kind: 'next-step', settled: true };
    const goal = openGoal(ctx) ?? nextGoal(ctx);
    if (goal?.statement && !mentioned(state, goal.statement) && !goal.statement.endsWith('?'))
      return { kind: 'item', text: goal.statement, conflict: false };
    return { kind: 'next-step' };
  }
  // Asking permission ("Can I take your name?", "Shall I start with the timeline?", "Could we take a
  // minute?") gets a yes; "Could we agree that you decide by the 15th?" proposes, and is answered as that.
  // "Would you like me to add a travel note?": the learner offers to do something for the persona.
  if (OFFERS_SERVICE.test(text) && !OFFERS_TO_TALK.test(text)) return { kind: 'yes-please' };
  // "Is this the best number to reach you on?": yes.
  if (CONTACT_CHECK.test(text)) return { kind: 'remark', text: "Yes, that's the best one." };
  // "Can I see the receipt?": the persona hands it over.
  if (ASKS_TO_SEE.test(text)) return { kind: 'pledge', text: 'Here you are.' };
  // "Could I get it in writing?" asks for something, not leave to speak.
  // "Is it okay if I connect with you on LinkedIn?": leave to do something for the persona, not to speak.
  if (PERMISSION.test(text) && ASKS_LEAVE_FOR_A_DEED.test(text)) return { kind: 'yes-please' };
  if (
    !EMBEDDED_QUESTION.test(text) &&
    !led &&
    PERMISSION.test(text) &&
    !/\b(?:can|could|may) i (?:please )?(?:get|have)\b/.test(text)
  )
    return { kind: 'sure' };

  // "Could you send me the offer in writing?": a request the persona can grant is promised, not answered
  // with whatever fact shares a word with it.
  if (question.kind === 'request' || /\b(?:could|can|shall|should) we (?:agree|say|settle on)\b/.test(text)) {
    const promise = pledge(question.text);
    if (promise) return { kind: 'pledge', text: promise };
  }
  // "What's the problem?", "What happened with your bill?": the persona tells its side, first what it has
  // not said yet.
  if (
    /\bwhat(?:'s| is| was) (?:the |your )?(?:problem|issue|matter|wrong)\b|\bwhat happened\b|\bwhat(?:'s| is) going on\b|\bwhat (?:exactly |else |precisely )?(?:is|was|got|are|were|'s) (?:broken|damaged|wrong|missing|faulty|cracked|not working|the damage)\b|\bwhat went wrong\b|\bhow bad(?:ly)? (?:is|was|are|were)\b|\bhow (?:that|this|it) (?:happened|came about)\b/i.test(
      question.text,
    )
  ) {
    // Who the persona is ("I'm a freelance accountant…") is not what went wrong; what broke or failed is
    // told before the rest of the story.
    const told = profile.facts.filter(
      (f) =>
        f.sensitivity === 'public' &&
        !mentioned(state, f.statement) &&
        !/^(?:i'?m|i am) (?:a|an|the)\b|^(?:i'?m|i am) [\w -]{0,40}?\b(?:at|of|for|with) (?:a|an|the)\b|^i (?:work|run|own|manage)\b/i.test(
          f.statement,
        ),
    );
    const fact = told.find((f) => WENT_WRONG.test(f.statement)) ?? told[0];
    if (fact) return { kind: 'item', text: fact.statement, conflict: false };
    // "I want to understand how that happened", put to someone who does not say: they will find out, not
    // name an aim of theirs instead.
    if (/\bhow (?:that|this|it) (?:happened|came about)\b/i.test(question.text)) return { kind: 'find-out' };
    const goal = nextGoal(ctx);
    if (goal?.statement && !goal.statement.endsWith('?') && !mentioned(state, goal.statement))
      return { kind: 'item', text: goal.statement, conflict: false };
  }
  // "What made you go into product?": the scenario never says, and a fact that shares a word with it
  // ("I'm a product manager…") or a stance does not answer it; the persona says so and asks its own.
  if (ASKS_WHAT_LED.test(question.text)) return { kind: 'generic' };

  // A candidate's question about the job ("Is there training?", "What does a typical week look like on your
  // team?") is one any interviewer answers in general terms: not with a fact about the interviewer or a stance
  // that shares a word with it, never with "I'm not sure".
  const jobFirst =
    profile.category === 'job-interviews'
      ? // What the question asks first: "who I'd be working with day to day" asks about the team.
        JOB_QUESTIONS.map(([pattern, concern]) => ({ at: pattern.exec(text)?.index ?? Infinity, concern }))
          .filter((m) => m.at < Infinity)
          .sort((a, b) => a.at - b.at)[0]?.concern
      : undefined;
  if (jobFirst) return { kind: 'concern', about: jobFirst };
  // "Are you upset with me?": how it feels, said for itself, never "I'd have to think about that".
  if (FEELING_QUESTION.test(innerText)) return { kind: 'concern', about: 'feeling' };
  // "Is there anyone you'd suggest I talk to?", "How do you think that came across to her?", "What surprised
  // you most?", "What would I need to show you?": asked for its own part, never a fact that shares a word.
  const own = OWN_PART.find(([pattern]) => pattern.test(innerText))?.[1];
  if (own) return { kind: 'concern', about: own };
  // In a situation the learner wrote, the persona knows nothing they have not said: asked what changed or
  // went wrong, it asks for their read rather than inventing one.
  if (profile.own && WHAT_CHANGED.test(innerText)) return { kind: 'concern', about: 'your-read' };

  const rank = SOURCE_ORDER[question.kind];
  // "In the first year" ties the question to no fact that happens to say "this year".
  const topical = new Set([...terms].filter((t) => !CALENDAR_TERMS.has(t)));
  const scored = candidates(ctx)
    .filter((c) =>
      question.kind === 'want'
        ? c.source !== 'fact' &&
          // Its own question back answers "what can I do?" only when it is about the same thing.
          (!c.text?.endsWith('?') ||
            [...topical].some((t) => c.terms.has(t) && t.length >= 5 && !GENERIC_TERMS.has(t)))
        : (c.source !== 'goal' || overlap(topical, c.terms) >= 2) &&
          !(askedWhatHappened && c.source === 'position'),
    )
    .map((c) => ({ c, score: overlap(topical, c.terms) }))
    // One common word shared ("left", "view") is a guess, not an answer: two, or one only this fact uses.
    .filter(
      ({ c, score }) =>
        (score >= 2 || [...topical].some((t) => c.terms.has(t) && t.length >= 5 && !GENERIC_TERMS.has(t))) &&
        (c.hidden || (c.text !== null && !mentioned(state, c.text))),
    )
    .sort((a, b) => b.score - a.score || rank.indexOf(a.c.source) - rank.indexOf(b.c.source));
  const best = scored[0];
  // Behaviour notes (a position with nothing to say) stop guarding their topic once trust is earned.
  if (best?.c.hidden && !(best.c.source === 'position' && personalOk(ctx))) {
    const sayable = scored.find((s) => !s.c.hidden);
    if (!sayable || sayable.score < best.score) return { kind: 'deflect' };
  }
  const pick = scored.find((s) => !s.c.hidden)?.c;
  if (pick?.text)
    return { kind: 'item', text: pick.text, conflict: question.kind === 'request' && pick.conflict };
  // Asked again about something already said: point back to it rather than repeat it.
  const strong = (c: Candidate): boolean =>
    overlap(terms, c.terms) >= 2 ||
    [...terms].some((t) => c.terms.has(t) && t.length >= 5 && !GENERIC_TERMS.has(t));
  const said = candidates(ctx).find(
    (c) =>
      !c.hidden &&
      c.text &&
      mentioned(state, c.text) &&
      strong(c) &&
      !(askedWhatHappened && c.source === 'position'),
  );
  if (said?.text && question.kind !== 'want') return { kind: 'recap', text: said.text };

  // "Did the plumber ever get my number?": what someone else did is for the persona to find out, when
  // nothing it knows says.
  if (question.kind === 'yes-no' && SOMEONE_ELSE_DID.test(question.text)) return { kind: 'find-out' };

  if (question.kind === 'when') {
    const timed = [
      ...profile.positions.map((p) => p.statement),
      ...profile.goals.map((g) => g.statement),
    ].find(
      (s): s is string =>
        !!s &&
        !mentioned(state, s) &&
        DEADLINE.test(s) &&
        extractFigures(s).some((f) => ['date', 'time', 'duration'].includes(f.kind)),
    );
    if (timed) return { kind: 'item', text: timed, conflict: false };
    // "Which day can the engineer come?" asks when the persona's side will act, not when it wants things
    // done: it undertakes to find out.
    if (WHEN_YOUR_SIDE.test(question.text)) return { kind: 'find-out' };
    return { kind: 'asap' };
  }
  // "What would help on your side?", "What do you need from me?": what the persona needs.
  if (
    question.kind === 'want' ||
    /\bwhat (?:would|could|might) (?:make (?:that|this|it) (?:work|easier|possible)|help)\b.*\byou\b|\bwhat do you need\b/i.test(
      question.text,
    )
  ) {
    // Asked what it needs, it says what it needs, not a question of its own back.
    const goal = nextGoal(ctx);
    if (goal?.statement && !goal.statement.endsWith('?'))
      return { kind: 'item', text: goal.statement, conflict: false };
    // "What brings you here?" is answered with what the persona came for, never with a limit of theirs.
    const cameFor = /\bwhat (?:brings|brought) you\b/i.test(question.text);
    const wanted = [...profile.goals, ...(cameFor ? [] : profile.positions)].find(
      (g) => g.statement && !g.statement.endsWith('?') && !mentioned(state, g.statement),
    );
    if (wanted?.statement) return { kind: 'item', text: wanted.statement, conflict: false };
    // With no aim it would say, what it came for is something true of it ("…attending for the first time").
    const story = cameFor
      ? profile.facts.find((f) => f.sensitivity === 'public' && !mentioned(state, f.statement))
      : undefined;
    if (story) return { kind: 'item', text: story.statement, conflict: false };
    // An own scenario may say nothing of what the persona needs: it says what anyone would.
    if (profile.own && question.kind === 'want') return { kind: 'concern', about: 'need' };
  }
  const remark = profile.voice.remarks.find(
    (r) => [...contentTerms(r)].some((t) => terms.has(t) && !GENERIC_TERMS.has(t)) && !mentioned(state, r),
  );
  if (remark) return { kind: 'remark', text: remark };
  if (question.kind === 'request') {
    const promise = pledge(question.text);
    if (promise) return { kind: 'pledge', text: promise };
    // "Is there anything that could help?" asks what the persona needs.
    if (/\b(?:is there|was there) (?:anything|something)\b/i.test(question.text)) {
      const goal = nextGoal(ctx);
      if (goal?.statement && !goal.statement.endsWith('?'))
        return { kind: 'item', text: goal.statement, conflict: false };
    }
    // A request it can neither promise nor read is not a yes to "go ahead": the persona says it has no
    // neat answer and asks its own next question.
    return PERMISSION.test(text) ? { kind: 'sure' } : { kind: 'generic' };
  }

  // A question about the persona itself is answered with something about the persona; a question
  // about something else never gets an unrelated fact about the persona ("I'm up for promotion").
  const personal = ABOUT_YOU.test(innerText);
  const fact = profile.facts.find(
    (f) =>
      f.sensitivity === 'public' &&
      !mentioned(state, f.statement) &&
      (personal || [...terms].some((t) => f.terms.has(t) && !GENERIC_TERMS.has(t))),
  );
  if (personal && fact && question.kind !== 'opinion')
    return { kind: 'item', text: fact.statement, conflict: false };
  // "What was the best talk you've seen so far?" asks a view of something else: no stance of the matter's.
  const onTheMatter =
    overlap(terms, profile.vocabulary) > 0 ||
    /\b(?:this|that|it|the (?:plan|idea|proposal|offer|situation|change|decision))\b/.test(text);
  if (question.kind === 'opinion' && onTheMatter) {
    const unsaid = profile.positions.find((p) => p.statement && !mentioned(state, p.statement) && !p.anchor);
    if (unsaid?.statement) return { kind: 'item', text: unsaid.statement, conflict: false };
  }
  // "What concerns do you have?", "What do you need from us?": asked for its own view, the persona gives
  // one of its positions or what it is after, rather than "I'd have to check".
  // (A question about the persona's life outside the matter, "Where did you grow up?", is
  // not asked for its view of it: none of its words is the scenario's.)
  const aboutTheMatter =
    overlap(terms, profile.vocabulary) > 0 ||
    /\b(?:concerns?|worr\w*|need|want|matters?|think|view|take|opinion|priorit\w*)\b/.test(text);
  // "What was the best talk you've seen?" asks about something it has seen, not for its view of the matter:
  // a stance answers only a question that asks for one, points at the matter, or shares the stance's words.
  const asksItsView =
    question.kind === 'want' ||
    /\b(?:concerns?|worr\w*|need|want|matters?|think|view|take|opinion|priorit\w*|feel\w*|this|that|it)\b/.test(
      text,
    );
  if (/\byou(?:r)?\b/.test(text) && ['open', 'want', 'opinion'].includes(question.kind) && aboutTheMatter) {
    const view = profile.positions.find(
      (p) =>
        p.statement &&
        !mentioned(state, p.statement) &&
        !p.anchor &&
        (asksItsView || [...terms].some((t) => contentTerms(p.statement!).has(t))),
    );
    const aim = profile.goals.find(
      (g) =>
        g.kind !== 'hidden' && g.statement && !g.statement.endsWith('?') && !mentioned(state, g.statement),
    );
    const said =
      question.kind === 'want' ? (aim?.statement ?? view?.statement) : (view?.statement ?? aim?.statement);
    if (said) return { kind: 'item', text: said, conflict: false };
    // Everything already said: asked again for its concerns, the persona points back to one of them.
    const stated = profile.positions.find((p) => p.statement && !p.anchor && mentioned(state, p.statement));
    if (stated?.statement && /\b(?:concerns?|worr(?:y|ied|ies)|need|want|matters?)\b/.test(text))
      return { kind: 'recap', text: stated.statement };
  }
  // "Is there something that worries you about this?", "What makes mornings hard for you?": with nothing
  // in the scenario to say, the persona still answers for itself, in general terms, rather than "later".
  // "What gets in the way of clipping on?": its objection, said first or pointed back to.
  if (OBSTACLE_QUESTION.test(text)) {
    const objection = profile.positions.find((p) => p.statement && !p.anchor);
    if (objection?.statement)
      return mentioned(state, objection.statement)
        ? { kind: 'recap', text: objection.statement }
        : { kind: 'item', text: objection.statement, conflict: false };
  }
  if (WORRY_QUESTION.test(text)) return { kind: 'concern', about: 'worry' };
  // "What do I need to work on?", "Is it my defence?": asked for its verdict on the learner, with nothing in
  // the scenario to give, it asks for the learner's own read rather than saying it cannot say.
  if (VERDICT_ON_ME.test(innerText)) return { kind: 'concern', about: 'your-read' };
  if (HARD_QUESTION.test(text)) return { kind: 'concern', about: 'hard' };
  const subject = nounPhrase(question.text);
  const happened = askedWhatHappened ? whatHappened(question.text) : undefined;
  if (happened) return { kind: 'generic', happened };
  if (subject && !personal && ['open', 'yes-no', 'when'].includes(question.kind))
    return { kind: 'details', subject };
  if (fact && (question.kind === 'open' || question.kind === 'yes-no'))
    return { kind: 'item', text: fact.statement, conflict: false };
  // An open question put to the persona ("What gets in the way for you?") with nothing on that
  // subject: what the persona is after in this scenario, rather than a stock line.
  if (question.kind === 'open' && /\byou(?:r)?\b/.test(text)) {
    const goal = nextGoal(ctx);
    if (goal?.statement) return { kind: 'item', text: goal.statement, conflict: false };
  }
  return { kind: 'generic' };
}

/** The words without their fillers: "i kind of wanted to, like, talk about" → "i wanted to talk about". */
const unfilled = (text: string): string =>
  text
    .replace(new RegExp(`,?\\s*${FILLER.source},?`, 'gi'), ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** "Can I ask how the team measures success?" asks how the team measures success: not for permission. */
/** "Can you get me…", "Could you pay…": the persona asked to do something (not to tell or explain). */
const ASKED_TO_DO =
  /^(?:[\w']+,?\s+)?(?:can|could|will|would) you (?:please |maybe |just )?(?!tell|explain|walk|talk|help|let me know|say|describe|show|clarify|confirm|repeat|give me an? (?:example|idea|sense))(?:get|pay|send|give|transfer|cover|move|finish|do|sort|fix|have|make|bring|return|put|hand|pick|drop|book|cancel|change|swap|take|come)\b/i;

/** "If I do X, would that help?", "if we moved it to Friday, does that work?" */
const OFFER_ON_CONDITION =
  /^(?:and |so |but )?(?:what )?if (?:i|we) [^?]{3,100}?,? (?:would|will|could|does|do|is|might) (?:that|it|this)(?: \w+)? (?:help|work|do|be (?:enough|ok|okay|alright|fine|better|acceptable)|make (?:a|any|the) difference|sort (?:it|things|this)|change (?:anything|things))\b/i;

/**
 * Whether someone else, on the persona's side, has dealt with what is the learner's: "Did the plumber ever
 * get my number?", "Has the agency read our email?", "Did they call me back?". Not "Did you…", nor "Did the
 * courier leave a card?", which the persona may have seen for itself.
 */
const SOMEONE_ELSE_DID =
  /^(?:and |so |but |ok(?:ay)?,? )?(?:did|has|have|had) (?![^?]*\byou\b)(?:(?:the|his|her|their|our|my) (?:\w+ ){0,2}?\w+|he|she|they|anyone|anybody|someone|somebody) (?:ever |already |actually |even |not |never |yet )?[a-z]+\b(?=[^?]*\b(?:my|me|us|our)\b)/i;

/**
 * Asked whether something happened that nothing it knows says: "Did the courier leave a card?" was done
 * elsewhere; "Did you get our email?" asks after a message it may have had. (Whether it did something
 * itself, "Did you try restarting it?", is neither.)
 */
function whatHappened(question: string): 'elsewhere' | 'received' | undefined {
  const asked = question.replace(LEAD_IN, '');
  if (
    /^(?:did|have|had) you (?:ever |already |even )?(?:get|got|receive|received|see|seen|read|hear|heard|open|opened)\b/i.test(
      asked,
    )
  )
    return 'received';
  if (/^(?:did|was|were|has|have|had) (?!you\b|i\b|we\b)/i.test(asked) && !/\byou\b/i.test(asked))
    return 'elsewhere';
  return undefined;
}

/** Affection said to someone close: "love you, Mam", "luv ya", "I love you". */
const AFFECTION_SAID = /\b(?:i )?(?:love|luv) (?:you|ya|u)\b(?! (?:to|for|if|when|but)\b)/i;

/** What a fact says went wrong: broken, late, lost, done badly. */
const WENT_WRONG =
  /\b(?:split|crack\w*|broke\w*|damag\w*|scratch\w*|dent(?:ed|s)?|smash\w*|shatter\w*|leak\w*|missing|lost|stolen|late|delay\w*|wrong|faulty|fail\w*|stopped|never (?:arrived|came|turned up)|poorly|careless\w*|cancell?ed|overcharg\w*|charged twice)\b/i;

const EMBEDDED_QUESTION =
  /\b(?:(?:can|could|may) (?:i|we) ask (?:you )?|(?:can|could|would|will) you (?:please )?(?:tell|explain to|show) (?:me|us) (?:please )?|would you mind telling (?:me|us) |do you (?:happen to )?know |i(?:'d| would) like to know |i was wondering |i (?:just |really )?(?:want|need|'d like|would like) to (?:understand|know|find out) )(how|what|why|when|where|who|which|whether|if)\b/;

/** Questions about the persona: its role, background, day, team. */
const ABOUT_YOU =
  /\b(?:about (?:you|yourself)|your (?:role|job|background|team|company|firm|day|week|work|experience|side|situation|position)|who are you|what do you do|how long have you)\b/;

/** Open questions, the kind that invite an explanation: "What gets in the way?", "Talk me through it." */
const OPEN_QUESTION =
  /^(?:(?:so|and|okay|ok|right|well|honestly),?\s+)?(?:what|how|tell me|talk me|walk me|help me understand|(?:can|could|would) you (?:tell|walk|talk|help) me)\b/i;
/** Blame in the learner's words, which keeps a guarded persona guarded. */
const BLAME =
  /\b(?:your fault|you (?:always|never|keep)|unacceptable|not good enough|why (?:didn'?t|did|were|are|do|don'?t|can'?t) you|you should(?:n'?t)? have|careless|lazy|sloppy)\b/i;

/**
 * The answer to a question that touches a guarded topic: the persona's own evasive lines ("It was just
 * a busy week.") until the learner asks an open, blame-free question after an evasion or some
 * reassurance, then the fact it was holding back. Null when the position guards nothing sayable.
 */
function guardedAnswer(ctx: TurnContext, position: FirmPosition, question: Question): AnswerContent | null {
  const { profile, state, latest } = ctx;
  if (!['open', 'question', 'ask', 'blame'].some((t) => position.conditionTerms.has(t))) return null;
  const held = profile.facts
    .filter(
      (f) =>
        f.sensitivity !== 'confidential' &&
        !mentioned(state, f.statement) &&
        overlap(position.terms, f.terms) >= 2,
    )
    .sort((a, b) => overlap(question.terms, b.terms) - overlap(question.terms, a.terms));
  // Once the held-back facts are out, there is nothing left to guard.
  if (held.length === 0) return null;
  const evasions = [...profile.voice.remarks].sort((a, b) => b.length - a.length);
  const evaded = evasions.some((r) => mentioned(state, r));
  const open = OPEN_QUESTION.test(question.text) && !BLAME.test(latest.text) && latest.hostility === 0;
  const reassured = state.empathy > 0 || latest.empathy;
  if (held[0] && open && (evaded || reassured))
    return { kind: 'item', text: held[0].statement, conflict: false };
  const evasion = evasions.find((r) => !mentioned(state, r));
  return evasion ? { kind: 'remark', text: evasion } : null;
}

/**
 * A request turned into the persona's promise: "Could you flag it by Friday if you see a risk?" gives
 * "I'll flag it by Friday if I see a risk." Null for anything that does not read cleanly.
 */
function pledge(question: string): string | null {
  // "Can I have five minutes about my week?" asks for the time to talk, not for something to be sent.
  if (ASKS_FOR_TIME.test(question.trim())) return null;
  // "Can it be corrected in this month's pay?" and "Could I get it in writing?" ask the persona to do it.
  const asked = question
    .trim()
    .replace(
      /^((?:.*?,\s*|and\s+|so\s+)?(?:can|could|will|would)) (it|this|that|they|these|those) (?:please )?be (?=\w+ed\b)/i,
      '$1 you get $2 ',
    )
    .replace(/^((?:.*?,\s*|and\s+|so\s+)?(?:can|could|may)) i (?:please )?(?:get|have) /i, '$1 you send me ');
  const m =
    /^(?:.*?,\s*|(?:going forward|from now on|next time|in future|in the future|so|and|also|then)\s+)?(?:could|can|would|will) you (?:please )?(.+?)(?: for me| please)?[?.!]*$/i.exec(
      asked,
    ) ??
    // "Could we agree that you decide by the 15th?" asks the same promise of the persona.
    /^(?:.*?,\s*)?(?:could|can|shall|should) we (?:agree|say|settle on) (?:that )?you(?:'ll| will)? (.+?)[?.!]*$/i.exec(
      asked,
    ) ??
    // "Is it possible for you to decide this week?", "Would it be possible to send it today?"
    /^(?:.*?,\s*)?(?:is it|would it be|will it be) (?:at all )?possible (?:for you )?to (.+?)[?.!]*$/i.exec(
      asked,
    );
  // "… so I can look at it tomorrow" is the learner's purpose, not part of what the persona promises.
  // So is "… before I leave": when it is wanted by, not what is promised.
  const clause = m?.[1]
    ?.replace(/,?\s+so (?:that )?(?:i|we) .*$/i, '')
    // "… to say it's been fixed" is what it is for, not part of the promise.
    .replace(/\s+to (?:say|show|confirm|prove) .*$/i, '')
    .replace(/,?\s+(?:before|when|while|after|once|as soon as|by the time) (?:i|we)\b.*$/i, '');
  if (
    !clause ||
    clause.split(/\s+/).length > 14 ||
    /\b(?:tell|explain|describe|say|give me|walk me|talk me)\b/i.test(clause)
  )
    return null;
  if (/\b(?:i|i'm|i've|i'd|i'll)\b/i.test(clause)) return null;
  // "Could you or Tom host this year?" asks the persona or someone else: no promise of theirs to make.
  if (/^(?:or|and|\/)\s/i.test(clause)) return null;
  const SWAP: Record<string, string> = {
    you: 'I',
    your: 'my',
    yours: 'mine',
    yourself: 'myself',
    me: 'you',
    my: 'your',
    mine: 'yours',
    myself: 'yourself',
  };
  // "Would you be comfortable putting my name forward?" asks for the deed: "I'll put your name forward."
  const willing =
    /^be (?:comfortable|happy|willing|okay|ok|able|up for|open to) (?:to )?(\w+ing|\w+)\b/i.exec(clause);
  const deed = willing
    ? clause.replace(willing[0], analyseText(willing[1]!).tokens[0]?.lemma ?? willing[1]!)
    : clause;
  const flipped = deed.replace(
    /\b(?:you|your|yours|yourself|me|my|mine|myself)\b/gi,
    (w) => SWAP[w.toLowerCase()] ?? w,
  );
  // Seven of the learner's words in a row said back is parroting ("I'll check what is possible and come
  // back…"): the persona promises it in its own words.
  const before = clause.split(/\s+/);
  const after = flipped.split(/\s+/);
  let run = 0;
  let longest = 0;
  after.forEach((word, i) => {
    run = word === before[i] ? run + 1 : 0;
    longest = Math.max(longest, run);
  });
  if (longest >= 7) return 'I can do that.';
  return `I'll ${flipped}.`;
}

/** Words too common to say what a remark or a noun phrase is about. */
/** Words of the calendar: they tie a question to nothing in particular. */
const CALENDAR_TERMS = new Set(['day', 'week', 'month', 'year', 'today', 'time']);
const GENERIC_TERMS = new Set([
  // the calendar ties a question to nothing: "in the first year" is not about "8 graduates this year"
  ...CALENDAR_TERMS,
  'work',
  'way',
  'thing',
  'stuff',
  'lot',
  'bit',
  'part',
  'kind',
  'sort',
  'point',
  'people',
  'job',
]);
const WH_WORDS = new Set(['what', 'which', 'who', 'how', 'when', 'where', 'why', 'i', 'you']);

const DEADLINE =
  /\b(?:by|within|before|until|no later than|this (?:week|month|quarter)|today|tonight|tomorrow|end of)\b/i;

/** The main noun phrase of a question ("the benefits package"), to answer about it by name. */
const MEASURE_NOUNS = new Set([
  'couple',
  'lot',
  'lots',
  'bit',
  'few',
  'number',
  'kind',
  'sort',
  'bunch',
  'handful',
]);

function nounPhrase(text: string): string | null {
  const tokens = readText(text).tokens;
  let best: string[] = [];
  let current: string[] = [];
  let hasNoun = false;
  const flush = (): void => {
    if (hasNoun && current.length > best.length) best = current;
    current = [];
    hasNoun = false;
  };
  for (const t of tokens) {
    if (t.pos === 'DET' && current.length === 0 && ['the', 'this', 'that'].includes(t.lower))
      current.push(t.lower);
    else if (
      (t.pos === 'NOUN' || t.pos === 'PROPN' || (t.pos === 'ADJ' && current.length > 0)) &&
      !WH_WORDS.has(t.lower) &&
      // "a couple of questions", "a bit of time": the measure is not the thing.
      !MEASURE_NOUNS.has(t.lower)
    ) {
      current.push(t.value);
      if (t.pos === 'NOUN' || t.pos === 'PROPN') hasNoun = true;
    } else flush();
  }
  flush();
  if (best.length === 0 || best.length > 5) return null;
  if (best.every((w) => GENERIC_TERMS.has(w.toLowerCase()) || /^(?:the|this|that)$/.test(w))) return null;
  const phrase = best.join(' ');
  return /^(?:the|this|that) /.test(phrase) ? phrase : `the ${phrase}`;
}

/** The firm position the conversation was last about. */
function recentPosition(ctx: TurnContext): FirmPosition | null {
  const previous = ctx.state.earlier[ctx.state.earlier.length - 1];
  const fromLearner = previous ? positionFor(ctx, previous.terms, 1) : null;
  if (fromLearner) return fromLearner;
  const offer = openOffer(ctx);
  const anchored = offer
    ? ctx.profile.positions.find((p) => p.anchor && comparableTo(p.anchor.figure, offer))
    : undefined;
  if (anchored) return anchored;
  for (let i = ctx.state.personaLines.length - 1; i >= 0; i -= 1) {
    const key = sentenceKey(ctx.state.personaLines[i] ?? '');
    const found = ctx.profile.positions.find((p) =>
      [p.statement, p.evidenceAsk, p.concession, p.reason, ...p.pressLines].some(
        (t) => t && key.includes(sentenceKey(t)),
      ),
    );
    if (found) return found;
  }
  return null;
}

/* ---------- pushback ---------- */

function pushbackMoves(ctx: TurnContext, about?: FirmPosition): Move[] {
  const { latest, tone, state } = ctx;
  const met = metCondition(ctx);
  if (met) return [yieldTo(ctx, met, null)];
  // "That's not fair" refers back to the last point; an accusation ("you took the credit") is met with
  // the persona's own stance; any other disagreement is an opinion to argue with, not a position.
  const accusation =
    /\byou(?:'ve| have)? (?:\w+ed|took|did|said|made|went|gave|told|never|always|didn'?t|don'?t|keep|just)\b/i.test(
      latest.text,
    );
  const defence = accusation
    ? ctx.profile.positions.find((p) => p.statement && conflicts(p) && !mentioned(state, p.statement))
    : undefined;
  const position =
    about ??
    positionFor(ctx, latest.terms, 1) ??
    defence ??
    (latest.terms.size <= 2 ? recentPosition(ctx) : null);
  // In a situation the learner wrote, the other person has claimed nothing to dispute: "So I don't think I
  // can be a bridesmaid" is the learner's news, heard as that, not an opinion argued with.
  if (ctx.profile.own && !position?.statement && latest.hostility === 0) return [];
  if (!position || (!position.statement && !position.concession && !position.evidenceAsk))
    return [
      {
        kind: 'counterpoint',
        quote: latest.terms.size > 2 ? latest.quote : null,
        refused: latest.refusal && !latest.pushback,
        explained: explainedSoFar(ctx),
      },
    ];
  const persistence = state.pushbacks + 1;
  // Reasons move the persona, but a tougher one needs them repeated, or backed by figures.
  const evidence = latest.figures.length > 0 || latest.empathy;
  const persuaded =
    latest.reasons &&
    (tone === 'friendly'
      ? true
      : tone === 'neutral'
        ? evidence || persistence >= 2
        : persistence >= 2 && evidence);
  // What it could give is offered once the learner has put something on the table, not handed over
  // before they have proposed anything.
  const proposed = [...state.earlier, ctx.latest].some((a) => a.proposal || a.commitment);
  if (persuaded && proposed && position.concession && !state.concessions.has(position.index))
    return [{ kind: 'concede', position }];
  const moves: Move[] = [
    { kind: 'hold-firm', position, restated: !position.statement || mentioned(state, position.statement) },
  ];
  if (position.evidenceAsk && !mentioned(state, position.evidenceAsk))
    moves.push({ kind: 'evidence', line: position.evidenceAsk });
  // Without a condition to read out, the persona asks for the learner's case in its own words.
  else if (ctx.latest.pushback)
    moves.push({ kind: 'counterpoint', quote: null, refused: false, explained: explainedSoFar(ctx) });
  return moves;
}

/* ---------- forward: the persona's own agenda ---------- */

/* The persona's own agenda, after it has answered the learner. */
function forward(ctx: TurnContext, sofar: Move[], nothing = false): Move[] {
  // "I'll check and let you know today" answers the question in full: a question of its own after it
  // would read as changing the subject.
  // Nor does "What's your own read on it?", which is a question already.
  if (
    sofar.some(
      (m) =>
        m.kind === 'answer' &&
        (m.content.kind === 'find-out' || (m.content.kind === 'concern' && m.content.about === 'your-read')),
    )
  )
    return [];
  // A question the persona could only put off ("I'd have to think about that.") is followed by its own next
  // question, never by a statement out of nowhere.
  const deferred = sofar.some(
    (m) => m.kind === 'answer' && (m.content.kind === 'generic' || m.content.kind === 'details'),
  );
  if (deferred) return agendaQuestion(ctx);
  const planned = agenda(ctx, sofar);
  // "Okay." to something said with substance tells the learner nothing: with nothing of its own to
  // answer and nothing on its agenda to say, the persona asks its own next question.
  // (Nor does nothing at all.)
  const bare =
    nothing ||
    (sofar.length > 0 &&
      sofar.every(
        (m) =>
          m.kind === 'greet' ||
          (m.kind === 'acknowledge' && !m.quote) ||
          (m.kind === 'figure' && m.verdict === 'note'),
      ) &&
      // "Hello." alone to a greeting that also said what it came for tells the learner nothing either.
      (sofar.some((m) => m.kind !== 'greet') || ctx.latest.words >= 8));
  if (bare && planned.length === 0 && ctx.latest.words >= 4) {
    // In an own scenario the persona may have nothing left to ask: it says it has heard, in so many words.
    const heard = ctx.profile.own
      ? ownQuestions(ctx).find((line) => !line.endsWith('?') && !mentioned(ctx.state, line))
      : undefined;
    const asking = agendaQuestion(ctx);
    const line = asking[0]?.kind === 'press' ? asking[0].line : 'goal';
    return heard && line === '' ? [{ kind: 'press', line: heard }] : asking;
  }
  return planned;
}

/** The persona's next question: an unasked goal put as a question, else a question it presses with. */
function agendaQuestion(ctx: TurnContext): Move[] {
  const goal = ctx.profile.goals.find(
    (g) =>
      g.statement?.endsWith('?') &&
      !answeredByAsk(ctx, g) &&
      !ctx.state.addressedGoals.has(g.index) &&
      (ctx.state.raisedGoals.get(g.index) ?? 0) === 0 &&
      !mentioned(ctx.state, g.statement),
  );
  if (goal) return [invitedOrPursued(ctx, goal, true)];
  const own = ctx.profile.own ? ownQuestions(ctx).find((line) => !mentioned(ctx.state, line)) : undefined;
  const press = nextPress(ctx) ?? own ?? null;
  // An empty line has the phrasing fall back to the questions of the persona's kind of conversation.
  return [{ kind: 'press', line: press?.endsWith('?') ? press : '' }];
}

function agenda(ctx: TurnContext, sofar: Move[]): Move[] {
  const { state, tone } = ctx;
  const stops = [
    'resume',
    'close',
    'not-so-fast',
    'walk-out',
    'steer',
    'ask-specifics',
    'clarify',
    'counterpoint',
    'yield',
    'reported',
  ];
  if (sofar.some((m) => stops.includes(m.kind))) return [];
  // "Have you got two minutes?" answered "Sure, go ahead" waits for what the learner came to say.
  if (sofar.some((m) => m.kind === 'answer' && m.content.kind === 'sure')) return [];
  // "No, that's everything." is not followed by a new demand.
  if (sofar.some((m) => m.kind === 'answer' && m.content.kind === 'nothing-else')) return [];
  // "Can I have until Friday to think about it?", once granted, is not followed by "Where do we land?".
  if (sofar.some((m) => m.kind === 'answer') && TIME_TO_THINK.test(ctx.latest.text)) return [];
  if (sofar.some((m) => m.kind === 'hostility' && m.level === 2)) return [];
  const asksAlready = sofar.some(
    (m) =>
      m.kind === 'evidence' ||
      m.kind === 'concede' ||
      (m.kind === 'figure' && m.verdict !== 'accept' && m.verdict !== 'note'),
  );
  if (asksAlready && state.phase !== 'opening') return [];
  const settled = sofar.some(
    (m) =>
      (m.kind === 'figure' && m.verdict === 'accept') || m.kind === 'commitment' || m.kind === 'consider',
  );

  const spoken = sofar
    .map((m) =>
      m.kind === 'answer' && (m.content.kind === 'item' || m.content.kind === 'reason')
        ? sentenceKey(m.content.text)
        : '',
    )
    .filter(Boolean);
  // What the persona guards ("I need to keep working with you") is said when asked, not volunteered.
  const candidate = nextGoal(ctx, undefined, true);
  const goal =
    candidate?.statement && spoken.includes(sentenceKey(candidate.statement))
      ? nextGoal(ctx, candidate.index, true)
      : candidate;
  const first = [...state.raisedGoals.values()].every((n) => n === 0);
  // Some personas ask; they do not announce what they are after ("I want to avoid getting into trouble").
  // A goal with its bottom line in it ("at least 15% off") is not volunteered: that figure comes out in
  // the bargaining, not in reply to a hello.
  const asks = goal?.statement?.endsWith('?') ?? false;
  const sayable = goal && (asks || (!goal.anchor && !ASKS_RATHER_THAN_TELLS.has(ctx.profile.category)));
  const pursue: Move[] = goal && sayable ? [invitedOrPursued(ctx, goal, first)] : [];
  // Once a figure is agreed, the persona moves on to what else it wants rather than pressing.
  // Back from small talk, the persona picks its own thread up again; it does not state a position out of nowhere.
  const press = settled || sofar.some((m) => m.kind === 'off-topic') ? null : nextPress(ctx);
  const pressing: Move[] = press ? [{ kind: 'press', line: press }] : [];
  // (Said beside a reaction to the line, not after an answer, a redirect or a weighing of what was put.)
  const stance = settled ? null : ownStance(ctx);
  if (stance && sofar.every((m) => ['acknowledge', 'greet', 'empathy', 'thanks'].includes(m.kind)))
    return [stance];
  switch (state.phase) {
    case 'opening':
    case 'exploring':
      return goal ? pursue : pressing;
    case 'negotiating':
      if (press && (tone === 'tough' || !goal || ctx.chance() < 0.5)) return pressing;
      return goal ? pursue : pressing;
    case 'resolving':
      if (sofar.some((m) => m.kind === 'summarise' || m.kind === 'close' || m.kind === 'wrap-up')) return [];
      if (state.turn >= 10) return closingMoves(ctx);
      // "Possibly. Tell me more." waits for more; "let's land this" in the same breath contradicts it.
      if (sofar.some((m) => m.kind === 'consider' && m.verdict === 'maybe')) return [];
      if (!state.personaLines.some((line) => WRAP_UP_MARK.test(line)))
        return [{ kind: 'wrap-up', items: summaryItems(ctx) }];
      return goal ? pursue : pressing;
  }
}

/** A question about what led the persona somewhere: "what made you…", "how did you get into…". */
const ASKS_WHAT_LED =
  /\b(?:what (?:made|got|drew|brought|led) you|how did you (?:get|end up|come|start|land)|why did you (?:choose|go|pick|decide|move|start))\b/i;

/** A question turned back on the learner: "What about you?", "And you?". */
const BOUNCED_BACK = /^(?:and |so )?(?:(?:what|how) about you|and you|you)\??$/i;

/** The learner asks for time before deciding. */
/** What a candidate asks about the job, by what the interviewer answers. */
const JOB_QUESTIONS: Array<[RegExp, Concern]> = [
  [
    /\b(?:training|trained|onboard\w*|induction|shadow\w*|mentor\w*|first (?:few |couple of )?(?:[\w-]+ )?(?:months?|weeks?|days?)|learn the ropes|get up to speed)\b/,
    'training',
  ],
  [/\b(?:typical (?:day|week)|day[- ]to[- ]day|normal day|average day|what (?:does|would) a day)\b/, 'day'],
  [
    /\b(?:who i'?d be (?:working|reporting)|how (?:the|your) (?:[\w-]+ )?team is (?:set up|structured|organi[sz]ed|made up)|what(?:'s| is| are) the (?:team|people|colleagues) like|what the (?:team|people|colleagues)(?:'s| is| are) like|how big is the team|about the team\b(?! use)|team (?:culture|size)|who (?:would|will) i (?:be )?(?:work\w*|report\w*)|what(?:'s| is) the culture|who do i report to)/,
    'team',
  ],
  [
    /\b(?:next steps?|next stage|hear back|when will i (?:hear|know)|process from here|decision by)\b/,
    'next',
  ],
  [
    /\b(?:biggest|main|greatest|hardest|toughest) (?:challenges?|problems?|issues?|priorit(?:y|ies))\b/,
    'challenge',
  ],
];

const WORRY_QUESTION =
  /\b(?:what|anything|something) (?:that )?(?:worries|concerns|bothers) you\b|\bwhat(?:'s| is| are) your (?:worry|worries|concerns?)\b|\bare you (?:worried|concerned)\b/;
const HARD_QUESTION =
  /\b(?:hard|difficult|tricky|tough) for you\b|\bwhat(?:'s| is) (?:getting|standing) in (?:the|your) way\b/;
/** A request to do something differently from now on: check first, warn ahead, tell the day before. */
const FROM_NOW_ON =
  /^(?:.*?,\s*)?(?:could|can|would|will) you (?:please |just |maybe )?(?:check with|ask|tell|text|call|ring|message|let me know|warn|give me)\b[^?]*\b(?:before|first(?=\s*[?.!]|$)|next time|in future|from now on|going forward|in advance|ahead|beforehand|the day before)\b/i;
/** Questions that ask the persona for its own part: a name, another's view, its own past, its terms. */
const OWN_PART: ReadonlyArray<[RegExp, Concern]> = [
  [
    /\b(?:any ?one|someone|somebody|anybody|who) (?:(?:else )?(?:you'?d|you would|you could|you can|you might) (?:suggest|recommend|introduce me to|put me in touch with|point me (?:to|towards))|(?:else )?(?:i|we) should (?:talk|speak|reach out) to|(?:else )?(?:i|we) (?:could|can|might) (?:talk|speak|reach out) to)\b|\b(?:could|can|would) you (?:introduce me to|put me in touch with|connect me with|point me (?:to|towards|at)) (?:someone|somebody|anyone|any ?one|people|a few)\b/i,
    'someone',
  ],
  [
    /\bhow (?:do|would) you think (?:that|this|it|(?:my|your|his|her|their|the|that) \w+(?: \w+)?|he|she|they) (?:came|comes|would come|might have come) across\b|\bhow (?:do|would) you think (?:that|this|it|(?:my|your|his|her|their|the|that) \w+(?: \w+)?) (?:landed|lands|went down|made (?:her|him|them) feel|felt (?:to|for) (?:her|him|them))\b|\bhow do you think (?:she|he|they) (?:felt|took it|reacted|read it)\b|\bwhat do you think (?:she|he|they|the (?:family|client|customer|patient|team|kids?)) (?:took from|understood (?:from|by)|heard in|made of|thought of) (?:that|it|this|those)\b/i,
    'their-side',
  ],
  [
    /\bwho (?:else )?(?:would|will|do(?:es)?|might) (?:need to |have to )?(?:be involved|sign (?:it |this |that )?off|decide|approve|have a say)\b|\bwho makes the (?:final )?(?:decision|call)\b|\bis (?:anyone|anybody|there anyone) else (?:involved|in the decision)\b/i,
    'decider',
  ],
  [
    /\bis that what you(?:'ve| have)? (?:see|seen|notice|noticed|hear|heard|find|found)\b|\bhave you (?:noticed|picked up on) (?:that|it|this|the same|anything|any)\b|\bdo you (?:see|notice) (?:that|it|this|the same)\b/i,
    'noticed',
  ],
  [
    /\bwas it (?:a )?(?:big|huge|hard|difficult|tough) (?:change|jump|step|move|adjustment|switch)\b|\bhow (?:did )?you (?:made|make) the (?:jump|move|switch|transition|leap)\b|\bwhat (?:surprised you|was the (?:hardest|biggest|toughest|most surprising) (?:part|thing|surprise|challenge|adjustment|lesson)|did you (?:find hardest|wish you'?d known)|do you wish you(?:'d| had) known|do you know now that you didn'?t)\b/i,
    'looking-back',
  ],
  [
    /\bwhat (?:makes|would make|will make) (?:a|an|your|the|my|someone|somebody|people|candidates?|applicants?) ?(?:\w+ ){0,2}(?:stand out|get noticed)\b|\bwhat should i (?:focus on|put in|highlight) (?:in|on) (?:the|my|an?) (?:application|cv|resume|cover letter|interview|pitch|proposal)\b/i,
    'advice',
  ],
  [
    /\bwhat (?:would|do|will|should) (?:i|we) (?:need|have) to (?:show|do|prove|bring|demonstrate) (?:you|for you|to get|to make)\b|\bwhat would it take (?:for you )?to\b|\bwhat would (?:change|move) your mind\b/i,
    'case',
  ],
];
/** The learner hands over a way to reach them: a card, a number, a direct line. */
const HANDS_CONTACT =
  /\b(?:here'?s|here is|this is|take) my (?:card|number|direct line|mobile|email|details)\b|\bcall me (?:directly|any ?time|on this number)\b|\byou can (?:reach|call|ring|get hold of) me (?:directly|any ?time|on|at)\b/i;
/** "Do you know what has changed?", "Any idea why he's struggling?": asked what is behind it. */
const WHAT_CHANGED =
  /\b(?:do you (?:know|have any idea)|any idea) (?:what(?:'s| has| is)? (?:changed|happened|going on|gone wrong|went wrong)|why)\b/i;
/** "Are you upset with me?", "Were you annoyed about Friday?": how the persona feels. */
const FEELING_QUESTION =
  /^(?:and |so |but )?(?:are|were) you (?:\w+ )?(?:upset|angry|annoyed|cross|mad|hurt|disappointed|offended|sad|frustrated|pissed off|fed up)\b/i;
/** The learner asks the persona's verdict on themselves: what they lack, what to work on, what it was. */
const VERDICT_ON_ME =
  /\bwhat (?:do|did|should|would|could) i (?:need to |have to |ought to )?(?:work on|improve|do differently|change|fix|get better at)\b|\bwhat (?:was|is) (?:the (?:main |biggest |one )?thing )?(?:that )?i (?:was |am |'m )?(?:missing|lacking|doing wrong|getting wrong)\b|\bwhat (?:i|i'd) (?:need|have) to (?:work on|improve|do differently|change)\b|^(?:so |and )?(?:is|was) it (?:my|because (?:i|of my))\b/i;
/** "What gets in the way of clipping on?", "What's stopping you?": asks for the persona's objection. */
const OBSTACLE_QUESTION =
  /\bwhat(?:'s| is| was)? (?:gets|got|getting|stands|standing|get|is getting|'s getting) in (?:the|your) way\b|\bwhat(?:'s| is| was) (?:stopping|holding) you\b|\bwhat (?:stops|stopped|holds|held|puts|put) you (?:back|off|from)\b/i;

/** Words a learner leads in with, comma or not: "ok what if we…", "So, how about…". */
const LEAD_IN = /^(?:(?:ok(?:ay)?|so|and|well|right|alright|fine|then|hmm+|um+|look)\b[,\s]+)+/i;

/** Leave to do something that reaches the persona later: connect, email, send, follow up, call. */
const ASKS_LEAVE_FOR_A_DEED =
  /\b(?:if i|can i|could i|may i|mind if i|shall i|should i) (?:\w+ )?(?:connect(?:ed)?|add(?:ed)? you|e-?mail(?:ed)?|messaged?|text(?:ed)?|sen[dt]|forward(?:ed)?|follow(?:ed)? up|call(?:ed)? you|r[ia]ng you|drop(?:ped)? you|reach(?:ed)? out|g[eo]t in touch|stay(?:ed)? in touch|keep in touch|kept in touch|mention(?:ed)?)\b/;
/** Asking leave to go on: "Can I take your name?", "Shall I start?", "Got a sec?", "Could we take a minute?". */
/** "Which would you prefer?", "Which one suits you better?": a choice between what was just offered. */
const WHICH =
  /^(?:\w+,? )?which\b(?: one| option| of (?:those|these|them|the two))?[^?]*\b(?:prefer|rather|best|better|suits?|works?|want|go (?:for|with)|choose|pick|sounds?)\b/i;
/** "Would you rather cancel today or on the 28th?": a choice named in the question itself. */
const EITHER_OR =
  /\b(?:would you (?:rather|prefer|like)|do you (?:want|prefer|need|fancy)|(?:should|shall) (?:i|we)|is it better to)\s+(?:to\s+)?(.+?),?\s+or\s+(.+?)[\s.?!]*$/i;
/** "Would mornings or afternoons be easier?", "Does Tuesday or Thursday work better?" */
const OPTIONS_FIRST =
  /^(?:so,? |and )?(?:would|will|is|are|does|do|should) (.{2,40}?),? or (.{2,40}?) (?:be |work |suit |sound )?(?:better|easier|best|more convenient|okay|ok|fine|good)\b/i;
/** "Do you sleep on your back or your side?", "Is the team in the office or hybrid?": which of two is so. */
const WHICH_IS_SO =
  /^(?:so,? |and )?(?:do|does|did|are|is|was|were|have|has)\b([^?]*?),? or ((?:\w+(?:'s)? ){0,2}\w+)\?$/i;
/** Ends that make "or" ask yes or no, or leave it open ("…or not?", "…or something?"). */
const NO_SECOND_OPTION =
  /^(?:not|no|something|anything|what|so|else|whatever|more|less|two|later|sooner|otherwise)$/i;

/**
 * The answer to a question that names two things of which one is so: the second, said from the persona's
 * side, with as many words of the first as the second has ("on your back or your side" → "my side").
 */
function whichIsSo(ctx: TurnContext, question: Question): string | null {
  const m = WHICH_IS_SO.exec(question.text.trim());
  if (!m) return null;
  const second = m[2]!.trim();
  const last = second.split(/\s+/);
  if (NO_SECOND_OPTION.test(last[last.length - 1]!) || LEARNER_SIDE.test(second)) return null;
  const before = m[1]!.trim().split(/\s+/);
  if (before.length <= last.length) return null;
  const first = before.slice(-last.length).join(' ');
  if (LEARNER_SIDE.test(first)) return null;
  const wanted = wantedTerms(ctx);
  const taken =
    kindredOverlap(contentTerms(first), wanted) > kindredOverlap(contentTerms(second), wanted)
      ? first
      : second;
  return fromItsSide(taken);
}

/** "a credit on your account" is, in the persona's mouth, "a credit on my account". */
function fromItsSide(option: string): string {
  return option.replace(
    /\b(?:your|yours|you)\b/gi,
    (w) => ({ your: 'my', yours: 'mine', you: 'me' })[w.toLowerCase()] ?? w,
  );
}

/** What the persona is after and holds to, as terms: the option nearest them is the one it takes. */
function wantedTerms(ctx: TurnContext): Set<string> {
  return new Set([...ctx.profile.goals, ...ctx.profile.positions].flatMap((g) => [...g.terms]));
}

/** An option said from the learner's side ("me to call you") would come out wrong in the persona's mouth. */
const LEARNER_SIDE = /\b(?:i|me|my|mine|we|us|our)\b|\byou\b.*\byou\b|^you\b/i;
/** Figures that tell one offer from another: when, how long, how much. */
const OPTION_FIGURES = new Set(['time', 'date', 'duration', 'money', 'percent']);

/**
 * The option the persona takes when the learner offers a choice: those named in the question, else the
 * learner's offers of this line and the two before, each told apart by its first time, date or amount.
 * It takes the one closest to what it wants; with nothing between them, the one offered last.
 */
function chosenOption(ctx: TurnContext, question: Question): string | null {
  const options: Array<{ label: string; terms: Set<string> }> = [];
  const named = EITHER_OR.exec(question.text) ?? OPTIONS_FIRST.exec(question.text);
  if (named) {
    const pair = [named[1] ?? '', named[2] ?? ''].map((o) => o.replace(/^(?:either|whether)\s+/i, '').trim());
    // "…or not" asks yes or no.
    if (pair.some((o) => !o || /^not\b/i.test(o) || LEARNER_SIDE.test(o) || o.split(/\s+/).length > 6))
      return null;
    options.push(...pair.map((o) => ({ label: fromItsSide(o), terms: contentTerms(o) })));
  } else if (WHICH.test(question.text)) {
    const offered = [...ctx.state.earlier.slice(-2).flatMap((a) => a.sentences), ...ctx.latest.sentences];
    for (const sentence of offered) {
      if (sentence.includes(question.text)) continue;
      const figure = extractFigures(sentence).find((f) => OPTION_FIGURES.has(f.kind));
      if (figure && !options.some((o) => o.label.toLowerCase() === figure.text.toLowerCase()))
        options.push({ label: figure.text, terms: contentTerms(sentence) });
    }
  }
  if (options.length < 2 && !named) options.splice(0, options.length, ...offeredInWords(ctx));
  if (options.length < 2) return null;
  const wanted = wantedTerms(ctx);
  const ranked = options
    .map((o, i) => ({ o, i, score: kindredOverlap(o.terms, wanted) }))
    .sort((a, b) => b.score - a.score || b.i - a.i);
  return ranked[0]?.o.label ?? null;
}

/** The persona's own yes to what the learner put forward, as the phrase bank says it. */
const TOOK_IT =
  /\b(?:i like that idea|that could work|let'?s do that|i'?m open to that|that works|i (?:can|could) (?:live|work) with (?:that|it)|that i can (?:accept|work with)|that'?s reasonable|fair enough|(?:\S+) it is|works for me|deal)\b/i;
/** When the persona or its people can do something ("When can your engineer come?"). */
const WHEN_YOUR_SIDE =
  /\b(?:when|which day|what day|what time|how soon|what date|how long) (?:can|could|will|would|is|are) (?:you|the \w+|your \w+|he|she|they|it|someone|somebody)\b(?! (?:need|want|like|expect|prefer))/i;
/** "…, deal?", "Agreed?": the learner checks that what they just put forward stands. */
const STANDS = /(?:^|[,.;:]\s*)(?:deal|agreed|fair|yeah|right|okay|ok|sound good|does that work)\?$/i;
/** A meeting later to see how it goes: little to weigh. */
const CHECK_IN =
  /\b(?:catch up|check in|touch base|review (?:it|this|how)|talk again|meet again|see how (?:it'?s|it is|it'?s been|things are) going)\b/i;
/** "Would you like me to…", "Shall I…", "I can… if you like": an offer to do something for the persona. */
const OFFERS_SERVICE =
  /\b(?:would you like me to|do you want me to|shall i|should i|want me to)\b|\b(?:would you like that|do you want that|shall i do that)\?|\bi (?:can|could) \w+[^.?!]* if you(?:'d| would)? like\b/;
/** …unless what is offered is only to say something ("Shall I explain?", "Do you want me to go on?"). */
const OFFERS_TO_TALK =
  /\b(?:me to|shall i|should i|i can) (?:start|begin|explain|go (?:on|through|over)|walk you through|tell|run (?:you )?through|share|continue|recap|summari[sz]e|ask|repeat|say|talk|come back|leave)\b/;
/** "Is this the best number to reach you on?", "Is that still your email?" */
const CONTACT_CHECK =
  /^(?:and |so )?(?:is|are) (?:this|that|these|it|your (?:mobile|phone|cell|landline|number|email)(?: number)?)(?: still)? (?:the )?(?:best|right|correct|usual|your)? ?(?:number|email|address|phone|mobile|way to (?:reach|get hold of|contact) you)s?\b[^?]*\?$/;
/** "Can I see the receipt?", "Could I take your reference number?" */
const ASKS_TO_SEE =
  /^(?:[\w ]+,\s*)?(?:can|could|may) i (?:see|check|look at|have a look at|take a look at) (?:the|your|that|a copy of (?:the|your)) (?!name\b)[\w -]{2,30}\?$/;
/** A question that asks the learner to confirm what the persona fears or guesses ("…, isn't it?"). */
const TAG_QUESTION =
  /\b(?:isn'?t|aren'?t|wasn'?t|weren'?t|didn'?t|doesn'?t|don'?t|haven'?t|hasn'?t|won'?t|is|are|was|did|does) (?:it|he|she|they|you|we|there|that)\?\s*(?:[^?]*[.!])?\s*$/i;
/** A clause that gives a reason of the persona's own. */
const GIVES_REASON =
  /\b(?:because|too (?:much|expensive|high|low|long|late|slow|many)|(?:can'?t|cannot) afford|not worth|the reason)\b/i;
/**
 * "What I can offer is store credit for the full amount, or an exchange today.": the two options of the
 * learner's last offer said as one, when they are short enough to say back.
 */
function offeredInWords(ctx: TurnContext): Array<{ label: string; terms: Set<string> }> {
  const sentences = [...ctx.state.earlier.slice(-1).flatMap((a) => a.sentences), ...ctx.latest.sentences];
  for (const sentence of sentences.reverse()) {
    const m =
      /\b(?:offer(?: you)?|give you|do|is|are|get|have|either)\s+((?:a|an|the|some|store|full|another)\b[^,;.?!]{2,40}?),?\s+or\s+((?:a|an|the|some|store|full|another)\b[^,;.?!]{2,40})[.?!]*$/i.exec(
        sentence,
      );
    if (m && !LEARNER_SIDE.test(`${m[1]} ${m[2]}`))
      return [m[1]!, m[2]!].map((label) => ({ label: label.trim(), terms: contentTerms(label) }));
    const clauses = clauseOptions(sentence);
    if (clauses.length === 2) return clauses;
  }
  return [];
}

/** "A restorer can fix the door": one side of a choice said as what someone can do. */
const CAN_DO =
  /^(?:(?:or|either)\s+)?(.{1,30}?)\s+(?:can|could|will|would|'ll)\s+(?:also\s+)?(\w+)\s+(?:(?:you|it|them)\s+)?(.*)$/i;
const PRONOUN_SUBJECT = /^(?:i|we|you|they|he|she|it|someone|somebody)$/i;
const DETERMINED = /^(?:a|an|the|your|some|another|full)\b/i;

/**
 * "A restorer can fix the door and the veneer, or we can pay you the value.": the choice named by who would
 * do it ("the restorer") or by what the persona would get ("the value"), when each side says one.
 */
function clauseOptions(sentence: string): Array<{ label: string; terms: Set<string> }> {
  const parts = /^(.+?),?\s+or\s+(.+?)[.?!]*$/i.exec(sentence.trim());
  if (!parts) return [];
  const options: Array<{ label: string; terms: Set<string> }> = [];
  for (const side of [parts[1]!, parts[2]!]) {
    const m = CAN_DO.exec(side.trim());
    if (!m) return [];
    const subject = m[1]!.trim();
    const object = m[3]!.split(/\s+(?:and|for|to|in|on|at|by|with|within|from|if|so)\s+/i)[0]!.trim();
    let label: string | null = null;
    if (!PRONOUN_SUBJECT.test(subject) && DETERMINED.test(subject) && subject.split(/\s+/).length <= 3)
      label = subject.replace(/^(?:a|an|your)\s+/i, 'the ');
    else if (DETERMINED.test(object) && object.split(/\s+/).length <= 4)
      label = object.replace(/^your\b/i, 'my');
    if (!label || LEARNER_SIDE.test(label)) return [];
    options.push({ label, terms: contentTerms(side) });
  }
  return options;
}

/** Terms alike in their first five letters ("restorer", "restore") count as one in weighing a choice. */
function kindredOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const stems = new Set([...b].filter((t) => t.length >= 5).map((t) => t.slice(0, 5)));
  return [...a].filter((t) => b.has(t) || (t.length >= 5 && stems.has(t.slice(0, 5)))).length;
}

/** A question for a reference, not an amount: "Could you give me the order number?". */
const REFERENCE_NUMBER =
  /\b(?:order|reference|ref|account|booking|policy|tracking|case|ticket|invoice|membership|customer|phone|mobile|serial|confirmation) (?:number|no\b|#)/i;

/** A line that opens with a hello. */
const GREETS =
  /^(?:oh,? |well,? )?(?:hi|hiya|hello|hey+|good (?:morning|afternoon|evening)|morning|welcome)\b/i;
// "hey tomasz got a sec?", "hey jonas, u got a sec?": a hello and a name before it are still the opening of
// the line, however it is typed.
const PERMISSION =
  /(?:^|^(?:hey|hi|hiya|hello)(?: [a-z]+)?,?\s+|[,;:]\s*|\b(?:so|okay|ok|and|first|before (?:we|i) \w+),?\s+)(?:(?:can|could|may) i|(?:can|could|may) we (?:start|begin|go (?:through|over|back)|take (?:a|five|ten)|have a (?:word|minute|moment|quick)|sit(?: down)? (?:for )?(?:a (?:minute|moment|sec(?:ond)?)|down)|pause|continue|come back|stop)|do you want me to|would you like me to|would it (?:be )?(?:useful|helpful|help) if i|shall i|should i|(?:do you |would you )?mind if i|is it (?:ok|okay|alright|all right) if i|(?:do (?:you|u|ye|ya) have|have (?:you|u|ye|ya) got|(?:you|u|ye|ya) got|got) (?:a )?(?:few |couple of |two |five |ten |\d+ )?(?:minutes?|mins?|moment|sec(?:ond)?s?|time))\b/;

const TIME_TO_THINK =
  /\b(?:think (?:about it|it over|on it)|sleep on it|mull it over|get back to you|time to (?:think|consider|decide|talk it over)|(?:answer|reply to|come back to) you (?:tomorrow|later|next week|on \w+day|by \w+day|in a (?:day|few days|week))|(?:a|one|two|a few|some) (?:day|days|night|nights) to (?:think|decide|consider|talk))\b/i;

/**
 * Kinds of partner whose own aims stay unspoken unless asked: the colleague being given feedback, the
 * team lead, the contact at an event, the other side of a conflict. They ask their questions instead.
 */
const ASKS_RATHER_THAN_TELLS = new Set<ScenarioCategory>([
  'giving-feedback',
  'team-meetings',
  'networking',
  'conflict-resolution',
]);

/** The next goal the persona would raise: sayable, not yet covered by the learner, not yet raised. */
/** "What would you suggest?" is not asked of a learner who has already said what they want. */
function answeredByAsk(ctx: TurnContext, goal: PersonaGoal): boolean {
  return (
    !!goal.statement && ASKS_FOR_ASK.test(goal.statement) && learnerAsked([...ctx.state.earlier, ctx.latest])
  );
}

export function nextGoal(ctx: TurnContext, skip?: number, volunteered = false): PersonaGoal | null {
  const { profile, state, latest } = ctx;
  const fresh = profile.goals.filter(
    (g) =>
      g.index !== skip &&
      !(volunteered && g.motive && !g.statement?.endsWith('?')) &&
      g.statement !== null &&
      (g.kind === 'information' || g.kind === 'outcome') &&
      !state.addressedGoals.has(g.index) &&
      (state.raisedGoals.get(g.index) ?? 0) === 0 &&
      !answeredByAsk(ctx, g) &&
      overlap(latest.terms, g.terms) < 2 &&
      !mentioned(state, g.statement),
  );
  return fresh[0] ?? null;
}

/** A goal the persona already raised that the learner has not met yet: worth repeating when asked. */
function openGoal(ctx: TurnContext): PersonaGoal | null {
  const { profile, state } = ctx;
  return (
    profile.goals.find(
      (g) =>
        g.statement !== null &&
        g.kind === 'outcome' &&
        !state.addressedGoals.has(g.index) &&
        (state.raisedGoals.get(g.index) ?? 0) > 0,
    ) ?? null
  );
}

/** The next thing to press on: a relevant firm position, what would move the persona, a habitual question. */
function nextPress(ctx: TurnContext): string | null {
  const { profile, state, latest, tone } = ctx;
  const recentTerms = new Set([...latest.terms, ...(state.earlier[state.earlier.length - 1]?.terms ?? [])]);
  const offered = [...state.learnerFigures, ...latest.figures.filter(isNegotiable)];
  const lines: string[] = [];
  const ordered = [...profile.positions].sort(
    (a, b) => overlap(recentTerms, b.terms) - overlap(recentTerms, a.terms),
  );
  // A position the learner already met with a promise ("I'll refund the shipping fee") is not pressed again.
  const promised = [...state.earlier, latest].filter(
    (a) => (a.commitment || a.proposal) && !a.pushback && !a.refusal,
  );
  // Numbers given with reasons ("lifted orders by 15% over four weekends") are the evidence some wait for.
  const evidenced = [...state.earlier, latest].some((a) => a.reasons && a.figures.length > 0);
  for (const p of ordered) {
    if (promised.some((a) => looseOverlap(a.terms, p.keyTerms) >= 2)) continue;
    // "I want a recommendation with a point of view" is not pressed once the learner has given theirs.
    const wanted = WANTS_A_THING.exec(p.statement ?? '')?.[1];
    if (wanted && [...state.earlier, latest].some((a) => looseOverlap(a.terms, new Set([wanted])) > 0))
      continue;
    if (p.wantsEvidence && evidenced) continue;
    // What the learner just gave is what this position waits for: it is not pressed now.
    if (state.yielded.has(p.index) || conditionMet(p, latest.terms)) continue;
    const relevance = overlap(recentTerms, p.terms);
    // A ceiling is only named once the learner has asked for more than it.
    const anchorReady =
      !p.anchor ||
      p.anchor.direction !== 'ceiling' ||
      offered.some(
        (f) => comparableTo(f, p.anchor!.figure) && (f.value ?? 0) > (p.anchor!.figure.value ?? 0),
      );
    const timely =
      // A tough persona presses its positions once there is something to negotiate, never in reply to a
      // hello: "I won't offer more hours" to "thanks for making time" comes out of nowhere.
      // Pressing, it keeps to what is on the table: "I won't move on the start date" answers no talk of pay.
      relevance >= 2 ||
      (tone === 'tough' && state.phase === 'negotiating' && (relevance >= 1 || !!p.anchor)) ||
      state.phase === 'resolving';
    if (
      p.statement &&
      anchorReady &&
      timely &&
      (state.statedPositions.get(p.index) ?? 0) === 0 &&
      (!!p.anchor || nearWhatItRefuses(p.statement, latest))
    )
      lines.push(p.statement);
    lines.push(...p.pressLines.filter((line) => !answeredBefore(ctx, line)));
    if (p.evidenceAsk && (relevance >= 1 || tone === 'tough')) lines.push(p.evidenceAsk);
  }
  // "What about you?" turns a question back; after the learner has just said who they are, it asks for
  // what they said.
  const toldAboutThemselves = !!latest.introduction || SAID_WHAT_THEY_DO.test(latest.text);
  lines.push(
    ...profile.voice.questions.filter(
      (q) => !(toldAboutThemselves && BOUNCED_BACK.test(q)) && !answeredBefore(ctx, q) && !unsaidTerm(ctx, q),
    ),
  );
  return lines.find((line) => !mentioned(state, line)) ?? null;
}

/** "What does anticoagulant mean?" repeats back a word the learner said; asked of an unsaid word, it is noise. */
function unsaidTerm(ctx: TurnContext, line: string): boolean {
  const term = /^what does (?:['"‘“]?)([\w\s-]{3,40}?)(?:['"’”]?) mean\?$/i.exec(line.trim())?.[1];
  if (!term) return false;
  const said = [...ctx.state.earlier, ctx.latest].map((a) => a.text.toLowerCase()).join(' ');
  return !said.includes(term.toLowerCase());
}

/**
 * A question the learner has already answered in so many words: "Was it a mistake?" after "we made a
 * mistake" (asked "until answered directly", it is answered).
 */
function answeredBefore(ctx: TurnContext, line: string): boolean {
  if (!line.trim().endsWith('?')) return false;
  // "What would you do in my shoes?" has its answer in "If I were you, I'd…" whatever the words after it.
  if (IN_MY_SHOES.test(line) && [...ctx.state.earlier, ctx.latest].some((a) => IN_YOUR_SHOES.test(a.text)))
    return true;
  const asked = contentTerms(line);
  const said = new Set([...ctx.state.earlier, ctx.latest].flatMap((a) => [...a.terms]));
  return asked.size > 0 && looseOverlap(asked, said) >= asked.size;
}

/** What a position asks the learner to bring: "I want a recommendation…", "I need a date…". */
const WANTS_A_THING =
  /^i (?:want|need|expect) (?:a|an|the|some|your) (?:clear |real |firm |concrete |proper )?([a-z]{4,})\b/i;

/** A question for advice given as if from the asker's place, and that advice given. */
const IN_MY_SHOES =
  /\bif you were (?:me|in my (?:shoes|seat|position|place|chair))\b|\bin my (?:shoes|seat|position|place)\b/i;
const IN_YOUR_SHOES =
  /\bif i were (?:you|in your (?:shoes|seat|position|place|chair))\b|\b(?:in your (?:shoes|seat|position|place)|(?:if i was|were i) you),? i(?:'d| would)\b/i;

/**
 * "I won't delete the video because I'm asked to" defends against a request: it is said once the learner
 * comes near what it refuses (deleting), not whenever its subject (the video) comes up. A refusal with a
 * verb that says little ("I won't accept any plan that changes the recipes") is near once its object is.
 */
function nearWhatItRefuses(statement: string, latest: MessageAnalysis): boolean {
  const refused =
    /\b(?:won'?t|will not|refuse to|am not going to|'m not going to|never)\s+(\w+)((?:\s+[\w'$£€%.-]+){0,6})/i.exec(
      statement.split(/\b(?:because|unless|until|if)\b|[;,]|\.(?!\d)/i)[0] ?? statement,
    );
  if (!refused) return true;
  // What the learner says it will not do is not a push for it: "No plans to change the rebuild", "I'm not
  // saying you're doing anything wrong".
  const affirmed = unnegatedTerms(latest.text);
  const said = (words: string): boolean =>
    [...contentTerms(words)].some((t) => affirmed.has(t) && !UNITS.test(t));
  // The thing a general verb refuses is its object's head: "any changes to the rebuild plan" is changes,
  // which "the rebuild" alone does not ask for; "to any plan over £20 a month" is a plan.
  const object = (refused[2] ?? '').replace(/^\s*(?:to|with|on|for)\b/i, '').split(OBJECT_END)[0] ?? '';
  return GENERAL_VERBS.test(refused[1]!) ? said(object) : said(refused[1]!);
}
/**
 * The words of a line that no negation governs: "No plans to change the rebuild" says nothing of changing,
 * while "we don't believe there was any misuse" still speaks of misuse.
 */
function unnegatedTerms(text: string): Set<string> {
  const kept: string[] = [];
  for (const clause of text.split(/[.!?,;:]|\b(?:but|and|so)\b/i)) {
    const words = clause.trim().split(/\s+/);
    words.forEach((word, i) => {
      if (!words.slice(Math.max(0, i - 3), i).some((w) => NEGATOR.test(w.replace(/[^\w']/g, ''))))
        kept.push(word);
    });
    kept.push('.');
  }
  return contentTerms(kept.join(' '));
}
const NEGATOR =
  /^(?:no|not|never|nobody|nothing|without|cannot|\w+n't|(?:do|does|did|is|are|was|were|wo|ca|could|would|should|have|has|had)nt)$/i;
/** Units a limit is counted in: "£20 a month" is not come near by "fourteen months". */
const UNITS = /^(?:minute|hour|day|week|month|year|time)s?$/;
const OBJECT_END = /\s(?:to|over|under|above|below|from|about|in|on|at|for|with|without|beyond|per)\s/i;
const GENERAL_VERBS =
  /^(?:accept|agree|go|do|give|take|move|budge|sign|approve|consider|allow|let|make|have|be|pay|offer|put|back|support|tolerate|discuss|talk)$/i;

/**
 * What the other person says next in a situation the learner wrote, by how far the learner has got: what
 * they are asking for (or what they suggest) until they say it, why until they give a reason, what it would
 * mean in practice right after they put something forward; once they have said what they want and why,
 * that they have heard it, rather than a question the learner has already answered.
 */
const offered = (a: MessageAnalysis): boolean =>
  ((a.proposal && !TOPIC_ASK.test(a.text)) || a.commitment || !!a.question?.declarative) && a.hostility === 0;

/**
 * The learner has said what they are asking for, in any of these lines: put something forward, asked for
 * it, or said it as a want ("I need…"). "Can we talk about the car?" asks for the conversation, and puts
 * nothing forward yet.
 */
export function learnerAsked(all: readonly MessageAnalysis[]): boolean {
  return all.some(
    (a) =>
      offered(a) ||
      (a.question?.kind === 'request' && !TOPIC_ASK.test(a.text)) ||
      // "I'm going to say no to running it this year": where the learner stands is what they came to say.
      (a.refusal && !a.question && a.hostility === 0) ||
      DECIDED.test(a.text) ||
      STATED_ASK.test(a.text.replace(ANNOUNCED_ASK, ' ')),
  );
}

function ownQuestions(ctx: TurnContext): string[] {
  const all = [...ctx.state.earlier, ctx.latest];
  const asked = learnerAsked(all);
  // A decision told is explained by what is said with it or after it: "This is a hard one, so I'll just say
  // it" before "We've decided to sell" gives no reason for the sale.
  const decidedAt = all.findIndex((a) => DECIDED.test(a.text));
  const since = decidedAt >= 0 ? all.slice(decidedAt) : all;
  // "…it's in my name so it's my credit that takes the hit" has said why, in so many words or not.
  const reasoned =
    since.some(
      (a) =>
        a.reasons ||
        lineActs().actsOf(a.text).has('reason') ||
        // ("So I've been thinking" opens a sentence: "so" gives a reason only in the middle of one.)
        /\b(?:because|cos|cuz|since|which means)\b|[^.!?\s]\s+so (?:it|that|i|we)\b/i.test(a.text),
    ) ||
    // "I'm saying no this year." then "My mum's not well and I'm with her most weekends.": what the learner
    // says of their own life after asking is why.
    // A line of the same kind said before the ask, with detail in it ("my little one has had a cough for
    // three weeks"), is why too, once the ask has come.
    // "Dad's cancer is back. I want to go down to three days a week": news told before the ask, in the
    // same breath, is why.
    since.some(
      (a) =>
        learnerAsked([a]) &&
        a.sentences.length >= 2 &&
        a.sentences.slice(0, -1).some(
          (s) =>
            !s.endsWith('?') &&
            s.split(/\s+/).length >= 6 &&
            OWN_LIFE.test(s) &&
            // "I've accepted a role elsewhere. I'm handing in my notice": the decision, twice, is no why.
            !DECIDED.test(s) &&
            !STATED_ASK.test(s),
        ),
    ) ||
    since.some(
      (a, i) =>
        (i > 0 || decidedAt >= 0) &&
        (learnerAsked(since.slice(0, i)) || (asked && a.figures.length > 0)) &&
        !a.question &&
        a.words >= 6 &&
        !ANNOUNCED_TOPIC.test(a.text) &&
        OWN_LIFE.test(a.text),
    );
  // "I'd like the full £1,900 back" asks for money, not a new arrangement: there is no day to day in it.
  // "I'm not going to make it home this year… we want to be with him" tells a decision; it offers nothing.
  const offers = offered(ctx.latest) && !DECIDED.test(ctx.latest.text);
  if (offers && OWED.test(ctx.latest.text)) return OWN_WEIGH;
  if (offers) return OWN_PRACTICE;
  // A decision that lands on the listener, once explained, is taken in rather than filed as "useful to know".
  if (decidedAt >= 0 && reasoned) return OWN_TAKEN_IN;
  if (asked && reasoned) return OWN_HEARD;
  // "I've accepted another offer": a decision told is asked why it was made, not why it matters.
  if (decidedAt >= 0) return OWN_WHY_DECIDED;
  if (asked) return [...OWN_WHY_ASK, ...OWN_HEARD];
  // Nothing told yet but manners and nerves: the listener waits to hear it, and asks for no request.
  const told = all.some(
    (a) =>
      a.reasons || a.figures.length > 0 || BAD_NEWS.test(a.text) || lineActs().actsOf(a.text).has('reason'),
  );
  if (!told) return OWN_LISTEN;
  return [...OWN_WHAT, ...OWN_SUGGEST];
}
/**
 * In a situation the learner wrote, nothing told yet but manners, nerves or feelings: the other person asks
 * what is on their mind, not "what exactly are you asking me for?" (the learner may be telling, declining or
 * thanking, and has not said).
 */
function invitedOrPursued(ctx: TurnContext, goal: PersonaGoal, first: boolean): Move {
  const told = toldSoFar(ctx);
  if (ctx.profile.own && goal.statement && OWN_WHAT.includes(goal.statement) && !told)
    return mentioned(ctx.state, OWN_INVITE)
      ? { kind: 'pursue-goal', goal, first }
      : { kind: 'press', line: OWN_INVITE };
  return { kind: 'pursue-goal', goal, first };
}

/**
 * Told what the learner wants, the other person of an own scenario gives their side as the situation says
 * it ("He says he's hardly in": "I hear you, but I'm hardly in."), once, and not in answer to a question.
 */
function ownStance(ctx: TurnContext): Move | null {
  const { latest, profile, state } = ctx;
  if (!profile.own || latest.question || latest.hostility > 0) return null;
  // Only in answer to what the learner puts to them: an ask, an amount, a reason.
  const puts =
    latest.proposal ||
    latest.reasons ||
    latest.figures.some((f) => f.kind !== 'date' && f.kind !== 'time') ||
    lineActs().actsOf(latest.text).has('ask');
  const stated = profile.positions.filter((p) => p.statement && !p.anchor && p.view);
  if (!puts || stated.some((p) => mentioned(state, p.statement!))) return null;
  return stated[0] ? { kind: 'hold-firm', position: stated[0], restated: false } : null;
}

/** Whether the learner has said anything of substance yet: a reason, an amount, a question, an ask, news. */
function toldSoFar(ctx: TurnContext): boolean {
  const all = [...ctx.state.earlier, ctx.latest];
  return all.some(
    (a) =>
      a.reasons ||
      // ("Thanks for having them yesterday" dates a kindness; it tells nothing.)
      a.figures.some((f) => f.kind !== 'date' && f.kind !== 'time') ||
      a.question ||
      a.proposal ||
      a.commitment ||
      BAD_NEWS.test(a.text) ||
      // "I'm calling about my membership": the subject named is told.
      ANNOUNCED_TOPIC.test(a.text) ||
      // A story begun ("I'm not trying to say Kai was right… we've talked about it at home") is told.
      (a.words >= 12 && !a.thanks && !a.greeting && !onlyManners(a.text)) ||
      lineActs().actsOf(a.text).has('reason'),
  );
}
const OWN_INVITE = "So, what's on your mind?";
/** Whose life a sentence tells of: the learner's own, or their family's. */
const OWN_LIFE =
  /\b(?:my|our|i'?m|i am|i'?ve|i have|we'?re|he'?s|she'?s|they'?re)\b|\bi (?!(?:think|guess|mean|wonder|suppose|want|need|would|'d)\b)[a-z']+|\b(?:dad|mum|mom|father|mother|son|daughter|wife|husband|partner|kids?|baby|gran|grandma|grandad)'s\b/i;
const OWN_LISTEN = ["Go on, I'm listening.", "Okay. What's on your mind?"];
/**
 * The learner said why, in so many words or not: "…because…", the labelled corpus's reason act, or an
 * absolute clause ("With the new job and money being tight, I can't…").
 */
/** A refusal said again ("I can't keep being the bank") is explained by the reasons given with the first. */
function explainedSoFar(ctx: TurnContext): boolean {
  return (
    explained(ctx.latest) || (ctx.latest.refusal && ctx.state.earlier.some((a) => a.refusal && explained(a)))
  );
}

function explained(latest: MessageAnalysis): boolean {
  return (
    latest.reasons ||
    latest.figures.length > 0 ||
    lineActs().actsOf(latest.text).has('reason') ||
    /\b(?:because|cos|since)\b|\bwith\b[^.?!]{1,50}\bbeing\b/i.test(latest.text)
  );
}

/** "I want to ask you something": an ask announced, not yet made. */
const ANNOUNCED_ASK =
  /\bi (?:want|wanted|would like|'d like|need|have) to (?:ask|tell) you\b(?: (?:something|a (?:question|favou?r|thing)))?/gi;
const OFFERED_IF_NEEDED =
  /\bif you (?:need|want|'d like|would like) (?:them|it|that|those|one|a copy|to see (?:them|it))\b|\bi (?:can|could) (?:send|email|forward|bring|show) (?:you )?(?:both|them|it|those|a copy|copies)\b/i;
const ANNOUNCED_NEWS =
  /\b(?:i'?ve got|i have|there'?s) something (?:(?:that )?i (?:need|want|have) to|to) (?:say|tell you|talk (?:to you )?about|share|raise|ask you)\b|\bi (?:need|have) to (?:tell|talk to) you (?:something|about something)\b|\b(?:this|it)(?:'s| is) (?:a )?(?:hard|difficult|tough|not easy)(?: one| thing)? to (?:say|tell you|raise)\b|\bisn'?t (?:easy|an easy thing) to say\b|\bi(?:'d| would) like to (?:talk|speak|chat) (?:to you |with you )?about something\b|\b(?:talk|speak|chat) (?:to you |with you )?about something (?:that'?s|that has|i'?ve|which)\b|\bsomething(?: that)?(?:'s| has) been on my mind\b|\bsomething (?:that )?i'?ve been (?:wanting|meaning|needing) to (?:say|tell you|talk (?:to you |with you )?about|ask you|raise)\b|\b(?:can|could|may) i (?:be (?:honest|straight|frank|real) (?:with you )?about|tell you|ask you|say|run) something\b/i;
const ANNOUNCED_TOPIC =
  /\bthere'?s (?:a|an) (?:problem|issue|mistake|error|query|question) (?:with|about|on) ((?:the|your|my|our|this|that) [^.,;!?]{1,40})|\bit'?s ((?:the|my) [a-z]+(?: [a-z]+)?) again\b|\b(?:it'?s|this is|it is|(?:i'?m|i am) (?:just |only )?(?:here|calling|ringing|writing|phoning|emailing|messaging)(?: again| back| today)?|i(?:'ve| have) come(?: back)?|i came(?: back)?) (?:about|regarding) ((?:the|your|my|our|this|that|\w+'s) [^.,;!?]{1,40})|\b(?:(?:we|i) (?:really )?(?:need|want|wanted|have) to (?:talk|chat|speak)|(?:can|could|shall|may) (?:we|i) (?:have a (?:quick |brief |little )?(?:chat|word|talk)|talk|chat|speak)) (?:to you |with you )?about ((?:the|your|my|our|this|that) [^.,;!?]{1,40})/i;
/** "Can we have a quick chat about the weekend calls?": leave to raise a subject, not an offer to weigh. */
const ASKS_TO_TALK =
  /\b(?:can|could|shall|may) (?:we|i) (?:have a (?:quick |brief |little )?(?:chat|word|talk)|talk|chat|speak) (?:to you |with you )?about\b/i;
/** Words that trail a named topic and are not part of it ("the dishes tbh", "the rent again"). */
const TOPIC_TAIL =
  /\s+(?:tbh|lol|haha|though|tho|really|honestly|now|again|mate|please|if that'?s ok(?:ay)?)\b.*$/i;
const TOPIC_ASK = /\b(?:can|could|may) (?:we|i) (?:talk|chat|speak|have a (?:word|chat))\b/i;
const OWN_WHAT = ['What would you like to happen?'];
const OWN_WHY_ASK = ['Why does this matter so much to you?'];
const OWN_WHY_DECIDED = ['What made you decide?', 'Can I ask why?'];
/**
 * A decision the learner has made and tells: "I've accepted an offer", "I'm handing in my notice", "we've
 * decided to sell the house", "Ana and I are going to stay in Lisbon this summer", "you're off the team".
 */
const DECIDED =
  /\bi(?:'m| am) (?:going to|gonna) (?:stop|quit|leave|give up|drop out|step (?:down|back)|move out|resign|retire|take a break)\b|\bi(?:'m| am) (?:stopping|quitting|retiring|stepping (?:down|back)|dropping out|moving out)\b|\b(?:i|we|they)(?:'ve| have) (?:decided|accepted|taken (?:a|the|another) (?:job|offer|role|position)|handed in)\b|\b(?:have|has) (?:all |both |now )?decided\b|\bi(?:'m| am) (?:handing in my notice|resigning|leaving (?:the|this) (?:company|team|job|role))\b|\b[a-z]+ and i (?:are|'re) (?:going to|planning to)\b|\bi(?:'m| am) not (?:coming|going to (?:come|be there|make it))\b|\byou(?:'re| are) (?:out|off|no longer (?:on|in|part of))\b(?= (?:of |the |our |this ))/i;
const OWN_SUGGEST = ['What would you suggest?', 'What would you like me to do?'];
const OWN_PRACTICE = ['What would that mean for me in practice?', 'How would that work, day to day?'];
/** A request for time to talk: "can I have five minutes", "could I grab a quick word". */
const ASKS_FOR_TIME =
  /^(?:.*?,\s*)?(?:can|could|may) i (?:please )?(?:get|have|grab|borrow|steal) (?:a|an|one|two|three|five|ten|\d+|some|a few|your)?\s*(?:quick |couple of |few )?(?:minutes?|moments?|words?|secs?|seconds?|time|chat)\b/i;
/** News nobody meets with pleasantries: a mistake owned, an apology, something gone wrong. */
const BAD_NEWS =
  /\b(?:mistake|error|(?:went|gone) wrong|apologi[sz]e|sorry|afraid|bad news|unfortunately|accident|passed away|died|serious|incident)\b/i;
const OWN_WEIGH = ['Let me think about that.', "I'll have to look at that again."];
/** Money asked for, back or owed: "the full £450 back", "a refund", "pay me what you owe". */
const OWED =
  /[£$€]\s?\d|\b\d[\d,.]*\s?(?:pounds|dollars|euros?|quid|bucks)\b|\brefund\b|\b(?:pay|give|send|transfer) (?:me |it |that |the \w+ )?back\b|\bwhat (?:you|is) owed\b|\bdeposit\b/i;
const OWN_TAKEN_IN = [
  "That's a lot to take in.",
  "I didn't see that coming, honestly.",
  'Right. I need a minute with that.',
];
const OWN_HEARD = ['I hear you.', 'Okay. Thanks for telling me straight.', 'Right, I follow.'];

/** Shared terms, counting word forms the lemmatiser splits ("ship" and "shipping", "thursday" and "thursdays"). */
function looseOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const same = (x: string, y: string): boolean =>
    x === y || (Math.min(x.length, y.length) >= 4 && (x.startsWith(y) || y.startsWith(x)));
  return [...a].filter((x) => [...b].some((y) => same(x, y))).length;
}

/** The firm position a set of terms is most about, if any reaches `minimum` shared terms. */
function positionFor(
  ctx: TurnContext,
  terms: ReadonlySet<string>,
  minimum: number,
  distinctive = true,
): FirmPosition | null {
  const scored = ctx.profile.positions
    .map((p) => ({
      p,
      score:
        overlap(terms, p.terms) +
        (distinctive ? overlap(terms, p.keyTerms) : 0) +
        (p.anchor && ctx.latest.figures.some((f) => comparableTo(f, p.anchor!.figure)) ? 2 : 0),
    }))
    .filter(
      (s) => s.score >= minimum && (s.p.statement || s.p.concession || s.p.reason) && !withinAnchor(ctx, s.p),
    )
    .sort((a, b) => b.score - a.score);
  return scored[0]?.p ?? null;
}

/**
 * A figure on its side of the persona's line ("the digital pass at 9 a month" to "I won't pay $22 a
 * month"; 55,000 to "cannot go above $56,000"): the position has nothing to push back on.
 */
function withinAnchor(ctx: TurnContext, position: FirmPosition): boolean {
  const anchor = position.anchor;
  if (!anchor || anchor.direction === 'reference' || anchor.figure.value === null) return false;
  const limit = anchor.figure.value;
  // "9 a month" against "$22 a month": a bare number said per the same period is the same kind of figure.
  const alike = (f: Figure): boolean =>
    comparableTo(f, anchor.figure) ||
    (anchor.figure.kind === 'money' && f.kind === 'number' && !!f.per && f.per === anchor.figure.per);
  const compared = ctx.latest.figures.filter((f) => f.value !== null && alike(f));
  return (
    compared.length > 0 &&
    compared.every((f) => (anchor.direction === 'ceiling' ? f.value! < limit : f.value! > limit))
  );
}

function lastPoint(ctx: TurnContext): string | null {
  const last = ctx.state.personaLines[ctx.state.personaLines.length - 1];
  if (!last) return null;
  const key = sentenceKey(last);
  const items = [
    ...ctx.profile.positions.map((p) => p.statement),
    ...ctx.profile.goals.map((g) => g.statement),
  ];
  return items.find((s): s is string => !!s && key.includes(sentenceKey(s))) ?? null;
}

/**
 * The learner's figure that keeps to a position's limit (at or under a ceiling, at or over a floor), said
 * as theirs: "three percent doesn't match the work" turns the figure down.
 */
function withinLimit(ctx: TurnContext, position: FirmPosition, latest: MessageAnalysis): Figure | null {
  const anchor = position.anchor;
  if (!anchor || anchor.direction === 'reference' || anchor.figure.value === null) return null;
  const limit = anchor.figure.value;
  return (
    inScale(ctx, latest.figures, latest.text).find(
      (f) =>
        !turnedDown(latest.text, f) &&
        f.kind === anchor.figure.kind &&
        f.value !== null &&
        (anchor.direction === 'ceiling' ? f.value <= limit : f.value >= limit) &&
        f.value / limit > 0.25 &&
        f.value / limit < 4,
    ) ?? null
  );
}

/** A position stated as a refusal or a demand, so a request touching it is turned down. */
function conflicts(position: FirmPosition): boolean {
  return (
    !!position.statement &&
    /\b(?:won't|can't|not|refuse|insist|never|nobody|no one|don't|want|expect|need)\b/i.test(
      position.statement,
    )
  );
}

function specificsFocus(ctx: TurnContext): SpecificsFocus {
  const { profile, chance } = ctx;
  const numeric = [...profile.positions, ...profile.goals].some((x) => x.anchor);
  switch (profile.category) {
    case 'salary-negotiation':
    case 'sales':
      return numeric ? 'number' : 'detail';
    case 'job-interviews':
    case 'giving-feedback':
    case 'networking':
    case 'team-meetings':
      return 'example';
    case 'crisis-management':
    case 'customer-service':
      return chance() < 0.5 ? 'time' : 'detail';
    default:
      return chance() < 0.5 ? 'detail' : 'example';
  }
}
