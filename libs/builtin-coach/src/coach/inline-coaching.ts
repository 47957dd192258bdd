import { type InlineCoaching, type ScenarioCategory } from '@parley/contracts';
import { type LineFeatures, acknowledges, lineFeatures, realQuestions } from '../scorer/line-features';
import { q, quoteList, wordsFrom } from '../text/quote';
import { tidy, tightenText } from '../text/rewrite';
import { KINDS, type ScenarioKind, acknowledgementFor, askFor } from '../scenario/kinds';
import { goalOf, kindOfCategory, kindOfText } from '../scenario/scenario-kind';
import { type LineAct, lineActs } from '../text/line-acts';
import { extractFigures } from '../text/figures';

/*
 * The inline tip on one learner message: what it does well and poorly, its likely effect, the single
 * most valuable change, and the same message rewritten — fillers and hedges out, respectful phrasing
 * in, an acknowledgement in front when it has none, and a reason or a concrete ask where it lacks one.
 */

interface Priority {
  applies: boolean;
  text: string;
}

export interface CoachMessageInput {
  title: string;
  description: string;
  message: string;
  /** The scenario's category, when the caller knows it; otherwise the kind is read from the text. */
  category?: ScenarioCategory;
  /** The scenario, when the caller has it (a catalogue or own one): its category is the kind. */
  scenario?: { category: ScenarioCategory };
}

export function coachMessage(input: CoachMessageInput): InlineCoaching {
  // A title's words mislead ("The Feature Sales Already Promised" is no sale): the category, when known, says.
  const category = input.category ?? input.scenario?.category;
  const kind = category ? kindOfCategory(category) : kindOfText(input.title, input.description);
  const goal = goalOf(input.description);
  const line = lineFeatures(0, input.message, undefined);
  const tightened = tightenText(input.message);

  const tense = line.dismissive.length + line.blame.length + line.orders.length + line.harsh.length > 0;
  // What the line lacks is said only when the line-act classifier's wide reading also rules it out
  // (text/line-acts.ts): "I know you're stuck" is an acknowledgement no cue lists.
  const mayDo = (...acts: LineAct[]) => acts.some((act) => lineActs().mayDo(input.message, act));
  const hasAck =
    line.acknowledgements.length + line.apologies.length + line.emotionsNamed.length > 0 ||
    mayDo('empathy', 'apology');
  // A line whose whole job is to greet, thank, acknowledge or apologise is a turn complete in itself:
  // it takes no position, so nothing is missing for want of an ask ("I'm so sorry about Saturday.").
  const acts = lineActs().actsOf(input.message);
  const claimsNothing = line.asks.length + line.demands.length + line.directStatements.length === 0;
  const relational =
    claimsNothing &&
    (line.acknowledgements.length +
      line.apologies.length +
      line.emotionsNamed.length +
      line.politeness.length >
      0 ||
      GLAD_FOR_THEM.test(input.message) ||
      acts.has('empathy') ||
      acts.has('apology'));
  const hasAsk = relational || asksSomething(line) || mayDo('ask', 'open-question', 'closed-question');
  const needsReason = lacksReason(line) && !mayDo('reason');
  // A question about their view or a line of sympathy needs no number; a position or an ask does.
  const claims = !claimsNothing;
  const hasDetail = line.specifics.length > 0 || mayDo('figures') || !claims;
  // What the tightened message still lacks ("maybe $57,000?" becomes "I'm asking for $57,000.").
  const after = tightened.text ? lineFeatures(0, tightened.text, undefined) : line;

  // The rewrite: the learner's own words, tightened, with what is missing added around them. A reply
  // of a word or two ("ok") leads; anything longer follows the acknowledgement.
  const short = tightened.text.split(/\s+/).filter(Boolean).length <= 2;
  const parts: string[] = [];
  if (short && tightened.text) parts.push(tightened.text);
  // A stock acknowledgement goes in front only where the analysis says one is missing (even the
  // classifier's wide reading finds none) or the line stings; a closing ask goes on wherever the line
  // surely has none (no cue and no sure reading), since ending on an ask is rarely wrong.
  const surelyAsks =
    asksSomething(after) || acts.has('ask') || acts.has('open-question') || acts.has('closed-question');
  if (!acknowledges(tightened.text) && (!hasAck || tense)) parts.push(acknowledgementFor(kind, tense));
  if (!short && tightened.text) parts.push(tightened.text);
  // A line that already names when ("see you Friday", "by 15 November") has its next step; "in Monday's
  // review" names when something happened.
  const namesWhen =
    extractFigures(input.message).some((f) => f.kind === 'date' || f.kind === 'time') &&
    /\b(?:will|'ll|shall|by|next|tomorrow|tonight|see you|until|before|let's|can we|could we)\b/i.test(
      input.message,
    );
  const askAdded = !surelyAsks && !namesWhen && !relational;
  if (askAdded) parts.push(askFor(kind));
  // A line that works is shown as it is: nothing is added to it for the sake of a change.
  const enhancedVersion = tidy(parts.join(' '));

  return {
    communicationAnalysis: analysis(line, tightened, acts, { tense, hasAck, hasAsk, needsReason, hasDetail }),
    strategicImpact: impact(line, kind, goal, {
      tense,
      hasAck,
      hasAsk,
      needsReason,
      hasDetail,
      // Praise rests on what the line surely does, not on what it may do.
      surelyAcks:
        line.acknowledgements.length + line.apologies.length + line.emotionsNamed.length > 0 ||
        acts.has('empathy') ||
        acts.has('apology'),
      surelyAsks,
      namesWhen,
    }),
    improvementOpportunity: opportunity(line, kind, tightened, {
      tense,
      hasAck,
      hasAsk,
      needsReason,
      hasDetail,
      namesWhen,
      askAdded,
    }),
    enhancedVersion,
  };
}

/** "I'm so happy for you", "congratulations", "I'm proud of you": gladness for them, a turn in itself. */
const GLAD_FOR_THEM =
  /\b(?:(?:happy|glad|pleased|thrilled|delighted|proud) (?:for|of) you|congrat\w*|well done|that'?s (?:great|wonderful|amazing|brilliant) news)\b/i;

function asksSomething(line: LineFeatures): boolean {
  return line.asks.length > 0 || realQuestions(line) > 0 || line.nextSteps.length > 0;
}

/** Requests and demands want a reason; offers ("I've refunded the fee") do not. */
function lacksReason(line: LineFeatures): boolean {
  const requests = line.asks.filter((a) => !/^(i|we)('ve| have| can)\b/i.test(a.text));
  return requests.length + line.demands.length > 0 && line.reasons.length + line.evidence.length === 0;
}

function analysis(
  line: LineFeatures,
  tightened: ReturnType<typeof tightenText>,
  acts: ReadonlySet<LineAct>,
  flags: Flags,
): string {
  const { hasAck, hasAsk, needsReason } = flags;
  const good: string[] = [];
  const ack = line.acknowledgements[0] ?? line.apologies[0];
  // The classifier's sure reading counts as much as a cue; the quote is the sentence that does it.
  const sentenceDoing = (act: LineAct) =>
    line.analysed.sentences.find((s) => lineActs().actsOf(s.text).has(act))?.text.trim() ?? line.text;
  if (ack) good.push(`acknowledges the other person (${q(wordsFrom(line.text, ack.index, 6), 50)})`);
  else if (acts.has('empathy') || acts.has('apology'))
    good.push(
      `acknowledges the other person (${q(sentenceDoing(acts.has('empathy') ? 'empathy' : 'apology'), 50)})`,
    );
  if (line.specifics.length) good.push(`names specifics (${quoteList(line.specifics)})`);
  const reason = line.reasons[0] ?? line.evidence[0];
  if (reason) good.push(`gives a reason (${q(wordsFrom(line.text, reason.index, 7), 50)})`);
  else if (acts.has('reason')) good.push(`gives a reason (${q(sentenceDoing('reason'), 50)})`);
  const direct = line.directStatements[0];
  if (direct) good.push(`states a position directly (${q(direct.text, 50)})`);
  const ask = line.asks[0];
  if (ask) good.push(`makes a concrete ask (${q(wordsFrom(line.text, ask.index, 7), 50)})`);
  else if (acts.has('ask')) good.push(`makes a concrete ask (${q(sentenceDoing('ask'), 50)})`);
  const question = line.openQuestions[0] ?? line.closedQuestions[0];
  if (question) good.push(`asks about their view (${q(question.text, 50)})`);
  const benefit = line.benefits[0];
  if (benefit) good.push(`points to their benefit (${q(wordsFrom(line.text, benefit.index, 6), 50)})`);
  const next = line.nextSteps[0];
  if (next) good.push(`names a next step (${q(wordsFrom(line.text, next.index, 6), 50)})`);

  const poor: string[] = [];
  const hedges = tightened.hedgesRemoved;
  if (hedges.length)
    poor.push(
      `${hedges.length} hedge${hedges.length === 1 ? ' (' : 's ('}${quoteList(hedges)}) that make${hedges.length === 1 ? 's' : ''} it sound tentative`,
    );
  if (tightened.fillersRemoved.length) {
    poor.push(
      `${tightened.fillersRemoved.length} filler${tightened.fillersRemoved.length === 1 ? '' : 's'} (${quoteList(tightened.fillersRemoved)})`,
    );
  }
  if (tightened.toneFixes.length)
    poor.push(
      `phrasing that will land as dismissive or blaming (${quoteList(tightened.toneFixes.map((f) => f.from))})`,
    );
  if (line.rambling.length)
    poor.push(
      `a ${line.analysed.sentences[line.rambling[0]?.sentence ?? 0]?.words ?? 0}-word sentence that buries the point`,
    );
  if (!hasAck) poor.push("no acknowledgement of the other person's position");
  const demanding = line.demands.length > 0;
  if (needsReason)
    poor.push(demanding ? 'a demand with no reason behind it' : 'an ask with no reason behind it');
  if (!hasAsk) {
    poor.push(
      demanding
        ? 'it states a demand instead of asking, which invites a flat no'
        : 'no clear ask or question, so it is not obvious what you want next',
    );
  }
  if (!flags.hasDetail && line.words >= 6) poor.push('no concrete detail (a number, a date or a name)');

  const works = good.length
    ? `What works: it ${joinAnd(good)}.`
    : poor.length
      ? 'What works: little yet — nothing in it gives the other person something concrete to agree with.'
      : 'What works: nothing in it gets in the way.';
  const holds = poor.length
    ? ` What holds it back: ${joinAnd(poor)}.`
    : ' Nothing significant holds it back.';
  return works + holds;
}

interface Flags {
  tense: boolean;
  hasAck: boolean;
  hasAsk: boolean;
  needsReason: boolean;
  hasDetail: boolean;
  surelyAcks?: boolean;
  surelyAsks?: boolean;
  namesWhen?: boolean;
  /** The rewrite ends on an ask the line did not surely make: the advice says so. */
  askAdded?: boolean;
}

function impact(line: LineFeatures, kind: ScenarioKind, goal: string, flags: Flags): string {
  const aim = `your goal (${q(goal, 90)})`;
  const effects: string[] = [];
  if (flags.tense) {
    const words = [...line.dismissive, ...line.blame, ...line.orders].map((m) => m.text);
    effects.push(
      `${words.length ? `Words like ${quoteList(words, 2)}` : 'The harsh tone'} will likely make the other person defensive; people who feel dismissed dig in, which works against ${aim}.`,
    );
  }
  if (line.hedges.length >= 1 || line.fillers.length >= 2) {
    effects.push(`The tentative phrasing weakens your position: ${KINDS[kind].phrases.hedgeEffect}.`);
  }
  const goalRef = effects.length ? 'your goal' : aim;
  if (!flags.hasAsk)
    effects.push(
      `Without a clear ask, the other person decides what happens next, so the conversation may drift away from ${goalRef}.`,
    );
  else if (flags.needsReason)
    effects.push(
      'An ask without a reason is easy to refuse, because it gives them nothing to justify a yes.',
    );
  if (effects.length === 0) {
    // "It is clear what you want" only of a line that surely asks for something; a greeting or a
    // statement of the facts is fine as it is, and no more is claimed for it.
    effects.push(
      flags.surelyAsks
        ? `This is likely to land well: it is clear what you want${line.reasons.length ? ' and why' : ''}, which moves the conversation toward ${aim}.`
        : `Nothing in it works against ${aim}.`,
    );
  } else if (line.specifics.length || line.reasons.length || flags.surelyAcks) {
    effects.push(
      `On the plus side, ${flags.surelyAcks ? 'the acknowledgement keeps them open' : line.specifics.length ? 'the specifics make your point hard to misread' : 'the reason gives them something to agree with'}.`,
    );
  }
  return effects.join(' ');
}

function opportunity(
  line: LineFeatures,
  kind: ScenarioKind,
  tightened: ReturnType<typeof tightenText>,
  flags: Flags,
): string {
  const hedgesOrFillers = tightened.hedgesRemoved.length + tightened.fillersRemoved.length;
  const firstSentence = tightened.text.split(/(?<=[.?!])\s+/)[0] ?? tightened.text;
  const priorities: Priority[] = [
    {
      applies: flags.tense,
      text: `Remove the edge first: drop ${quoteList(
        [...line.dismissive, ...line.blame, ...line.orders, ...line.harsh].map((m) => m.text),
        2,
      )} and open by acknowledging their side, e.g. ${q(acknowledgementFor(kind, true))}. Nothing else lands until they feel heard.`,
    },
    {
      applies: hedgesOrFillers > 0,
      text: `Cut the hedges and fillers and state your position as a plain sentence: ${q(firstSentence, 100)}.`,
    },
    {
      applies: flags.needsReason,
      text: 'Add one reason right after your ask — a fact, a result or a figure — so they have something to justify a yes.',
    },
    {
      applies: !flags.hasAsk,
      text: `End with a specific ask so the next move is clear: ${q(askFor(kind))}.`,
    },
    {
      applies: !flags.hasAck && ['conflict', 'customer', 'feedback', 'boundaries', 'crisis'].includes(kind),
      text: `Open by acknowledging their side before your point: ${q(acknowledgementFor(kind, false))}.`,
    },
    {
      applies: !flags.hasDetail,
      text: 'Add one concrete detail — a number, a date or a name — so the point cannot be misread.',
    },
    {
      applies: !flags.hasAck,
      text: `Open by acknowledging their side before your point: ${q(acknowledgementFor(kind, false))}.`,
    },
  ];
  return (
    priorities.find((p) => p.applies)?.text ??
    (flags.askAdded
      ? `It reads well; to move things on, end with a specific ask: ${q(askFor(kind))}.`
      : flags.namesWhen || line.nextSteps.length
        ? 'It works as it is.'
        : 'It works as it is; when the talk nears its end, close with a concrete next step and a date.')
  );
}

function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}
