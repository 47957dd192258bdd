import { mentioned, splitSentences } from './conversation-state';
import {
  comparable,
  extractFigures,
  formatLike,
  isNegotiable,
  niceRound,
  type Figure,
} from '../text/figures';
import { type MessageAnalysis, toldAsPast } from './message-analysis';
import type { FigureMove, FigureVerdict, Move, TurnContext } from './moves';
import type { Anchor, FirmPosition } from '../scenario/persona-profile';

/**
 * Figures on the table: which of the learner's figures is an offer, how it compares with the
 * persona's anchors (a ceiling it will not go above, a floor it will not go below) and its own last
 * figure, and whether to accept, counter, hold or ask what the number is based on. Counters move
 * partway first and reach the limit only when the learner keeps making a reasoned case.
 */

/**
 * Whether a figure is put on the table (an offer, an ask, a commitment) rather than reported
 * ("we grew open rates by 40%"): only the first is negotiated.
 */
/** "The bill is 780", "the estimate was 450": a figure read off a record, put forward by no one. */
const RECORD_BEFORE =
  /\b(?:the|your|this|that|their|my) (?:\w+ )?(?:(?:bill|invoice|estimate|charge|statement|balance|total)s?(?: (?:in front of (?:me|you|us)|on (?:my|your|the) (?:screen|desk|account|file|system)|here|(?:i|you|we)(?:'ve| have) got|(?:you|we|they) sent))? (?:is|was|were|are|says|said|came to|comes to|shows|showed|of|for)|quote (?:was|said|came to)) (?:now |only |just |about |around |roughly |nearly |almost )?$/i;

function readOffRecord(text: string, figure: Figure): boolean {
  const before =
    text
      .slice(0, figure.index)
      .split(/[.!?;]\s/)
      .pop() ?? '';
  return RECORD_BEFORE.test(before.replace(/[$£€]\s*$/, ''));
}

export function offerLike(ctx: TurnContext, latest: MessageAnalysis, figure: Figure): boolean {
  if (!latest.proposal && !latest.commitment && readOffRecord(latest.text, figure)) return false;
  if (!latest.proposal && !latest.question && breakdown(latest, figure)) return false;
  // "I've lent you £2,300 this year": an amount in a story of what happened is no offer.
  if (!latest.proposal && !latest.question && toldAsPast(sentenceWith(latest.text, figure))) return false;
  // "The base is 18k below what I make now": a gap between two amounts, neither of them put forward.
  if (
    !latest.proposal &&
    GAP_AFTER.test(
      latest.text.slice(figure.index + figure.text.length, figure.index + figure.text.length + 30),
    )
  )
    return false;
  const bounded = anchorsFor(ctx, figure).some((a) => a.anchor.direction !== 'reference');
  if (bounded || ctx.state.personaFigures.some((p) => comparableTo(p, figure))) return true;
  if (latest.proposal || latest.commitment || latest.question) return true;
  const negotiating = ctx.profile.category === 'salary-negotiation' || ctx.profile.category === 'sales';
  return negotiating && figure.kind === 'money';
}

const GAP_AFTER =
  /^\s*(?:a (?:year|month) )?(?:below|above|less than|more than|under|over|short of|lower than|higher than|behind|ahead of)\b/i;

const sentenceWith = (text: string, figure: Figure): string => {
  const start = Math.max(
    text.lastIndexOf('.', figure.index),
    text.lastIndexOf('?', figure.index),
    text.lastIndexOf('!', figure.index),
  );
  const after = text.slice(figure.index).search(/[.!?](?:\s|$)/);
  return text.slice(start + 1, after < 0 ? undefined : figure.index + after + 1);
};

/**
 * A breakdown ("parts 210, labour 140, the diagnostic 60"): every sentence naming an amount of this kind
 * lists three or more of them. It explains a total; none of its items is offered. "The range is 55 to
 * 58 thousand. I was hoping for 57,000." is no breakdown: its last sentence names one.
 */
function breakdown(latest: MessageAnalysis, figure: Figure): boolean {
  const ends = [...latest.text.matchAll(/[.!?;](?:\s|$)/g)].map((m) => m.index);
  const sentenceOf = (index: number) => ends.filter((end) => end < index).length;
  const perSentence = new Map<number, number>();
  // Counts ("three payments", "two times") are no items of a bill: an item is an amount.
  const amount = (f: Figure) => f.kind === figure.kind && (f.kind !== 'number' || (f.value ?? 0) >= 10);
  for (const f of latest.figures.filter(amount))
    perSentence.set(sentenceOf(f.index), (perSentence.get(sentenceOf(f.index)) ?? 0) + 1);
  return perSentence.size > 0 && [...perSentence.values()].every((n) => n >= 3);
}

export function figureMove(
  figure: string,
  verdict: FigureVerdict,
  extra: Partial<FigureMove> = {},
): FigureMove {
  return {
    kind: 'figure',
    figure,
    verdict,
    counter: null,
    reference: null,
    previous: null,
    direction: null,
    atLimit: false,
    floor: false,
    ...extra,
  };
}

export function anchorsFor(
  ctx: TurnContext,
  figure: Figure,
): Array<{ anchor: Anchor; position: FirmPosition | null }> {
  return [
    ...ctx.profile.positions.filter((p) => p.anchor).map((p) => ({ anchor: p.anchor!, position: p })),
    ...ctx.profile.goals.filter((g) => g.anchor).map((g) => ({ anchor: g.anchor!, position: null })),
  ].filter((a) => comparableTo(a.anchor.figure, figure));
}

/** The figure the learner is offering: one the persona negotiates over, else one in a question, else the last. */
/**
 * Figures said in the talk's own shorthand: "fifty-seven" after "fifty-two thousand" is 57,000, as "56" is
 * when the offer on the table is $56,000. A bare number is read in thousands only when that puts it beside
 * a sum already in play (within half to twice it). The low end of a range ("55 to 58 thousand") is left as
 * it is: it bounds what the market pays, and nobody offers it.
 */
/**
 * A number that counts things ("the two teeth", "three of them", "five games") is no sum in shorthand, however
 * near its thousands come to the money in play.
 */
function counts(after: string, value: number): boolean {
  const next = /^[\s-]+([a-z]+(?:-[a-z]+)*)\b/i.exec(after)?.[1]?.toLowerCase();
  if (!next) return false;
  if (COUNTED_IRREGULAR.has(next)) return true;
  // "One voicemail while I was at work": one of a thing, not a thousand of anything.
  if (value === 1 && next.length > 2 && !SCALE_OR_NUMBER.test(next)) return true;
  return /[^su]s$/.test(next) && !NOT_PLURAL.has(next);
}
const SCALE_OR_NUMBER =
  /^(?:and|or|to|point|k|grand|hundred|thousand|million|billion|percent|per|dollars?|pounds?|euros?|quid|bucks?|(?:twen|thir|for|fif|six|seven|eigh|nine)ty(?:-\w+)?|ten|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen|two|three|four|five|six|seven|eight|nine|oh)$/;
const COUNTED_IRREGULAR = new Set(
  'of teeth people children men women feet geese mice staff sheep kids folks'.split(' '),
);
const NOT_PLURAL = new Set(
  'this his its yes does was has as plus minus less unless across gross bonus'.split(' '),
);

export function inScale(ctx: TurnContext, figures: readonly Figure[], text: string): Figure[] {
  const sums = [
    ...ctx.profile.openingFigures,
    ...ctx.state.personaFigures,
    ...ctx.profile.positions.map((p) => p.anchor?.figure),
    ...ctx.profile.goals.map((g) => g.anchor?.figure),
  ].filter((f): f is Figure => !!f && f.kind === 'money' && (f.value ?? 0) >= 1000);
  return figures.map((f) => {
    // "I'd need a package of 18,000" beside a $12,000 cap: the same kind of sum, its sign left off.
    if (f.kind === 'number' && f.value !== null && f.value >= 1000 && !/^(?:19|20)\d\d$/.test(f.text)) {
      const like = sums.find((s) => f.value! / s.value! > 0.25 && f.value! / s.value! < 4);
      return like ? { ...f, kind: 'money', currency: like.currency } : f;
    }
    if (f.kind !== 'number' || f.value === null || f.value < 1 || f.value >= 1000) return f;
    if (/^\s*(?:to|-|–|and|or)\s*\S*\d/i.test(text.slice(f.index + f.text.length))) return f;
    if (counts(text.slice(f.index + f.text.length), f.value)) return f;
    const scaled = f.value * 1000;
    const beside = sums.find((s) => scaled / s.value! > 0.5 && scaled / s.value! < 2);
    return beside ? { ...f, kind: 'money', value: scaled, currency: beside.currency } : f;
  });
}

export function offerFigure(ctx: TurnContext, analysis: MessageAnalysis): Figure | null {
  // "I saw the 25% ask" names the persona's own figure back: it is not the learner's offer, unless they
  // take it ("25% works").
  // (The opening comes before every learner line, so a figure it named is the persona's first.)
  const theirs = (f: Figure): boolean =>
    !analysis.agreement &&
    ctx.profile.openingFigures.some((p) => comparableTo(p, f) && p.value !== null && p.value === f.value);
  const all = inScale(ctx, analysis.figures, analysis.text).filter((f) => isNegotiable(f) && !theirs(f));
  // "£180 instead of £320": the figure put beside the offer to measure it is not the offer.
  const offered = all.filter(
    (f) => !MEASURED_AGAINST.test(analysis.text.slice(Math.max(0, f.index - 30), f.index)),
  );
  const negotiable = offered.length > 0 ? offered : all;
  if (negotiable.length === 0) {
    const plain = analysis.figures.filter(
      (f) =>
        f.kind === 'number' &&
        (f.value ?? 0) >= 100 &&
        ctx.state.personaFigures.some((p) => comparableTo(p, f)),
    );
    return plain[plain.length - 1] ?? null;
  }
  const money = negotiable.filter((f) => f.kind === 'money');
  const anchored = negotiable.filter(
    (f) => anchorsFor(ctx, f).length > 0 || ctx.state.personaFigures.some((p) => comparableTo(p, f)),
  );
  const inQuestion = analysis.question
    ? negotiable.filter((f) => analysis.question!.text.includes(f.text))
    : [];
  return (
    anchored[anchored.length - 1] ??
    inQuestion[inQuestion.length - 1] ??
    money[money.length - 1] ??
    negotiable[negotiable.length - 1] ??
    null
  );
}

/** What stands just before a figure named only to measure another by: "instead of £320", "down from 40". */
/** Words before a figure that cite a cost, a quote or a bill rather than put a figure forward. */
const CITED =
  /\b(?:quotes?|quoted|costs?|priced|cheap\w*|dear\w*|lowest|highest|average|estimates?|estimated|paid|spent|bills?|invoices?|receipts?|charged?|came (?:in )?at)\b[^.?!]{0,30}$/i;
const MEASURED_AGAINST =
  /\b(?:instead of|rather than|(?:down|up|reduced|cut) from|compared (?:to|with)|against|normally|usually|originally|the (?:usual|normal|full|list|original|retail)(?: price| cost| rate| fee)?(?: of)?)\s*(?:about |around |roughly |the )?$/i;

/** The learner's figure from the last two turns, still open. */
export function openOffer(ctx: TurnContext): Figure | null {
  for (const analysis of ctx.state.earlier.slice(-2).reverse()) {
    const figure = offerFigure(ctx, analysis);
    if (figure && isNegotiable(figure) && !analysis.agreement) return figure;
  }
  return null;
}

export function comparableTo(a: Figure, b: Figure): boolean {
  if (comparable(a, b)) return true;
  const money = (f: Figure): boolean => f.kind === 'money' || (f.kind === 'number' && (f.value ?? 0) >= 100);
  if (!money(a) || !money(b) || a.value === null || b.value === null) return false;
  const ratio = a.value / b.value;
  return ratio > 0.25 && ratio < 4;
}

/**
 * Whether the sentence that names a figure turns it down ("Three percent doesn't reflect the work"); the
 * rest of the line may say anything else ("Yes, one." answers a question).
 */
export function turnedDown(text: string, figure: Figure): boolean {
  const sentence = splitSentences(text).find((s) => s.includes(figure.text)) ?? text;
  return /\b(?:not|never|no)\b|n't\b/i.test(sentence);
}

/**
 * The persona's own figure said back is no offer of the learner's to weigh: turned down ("Three percent
 * doesn't reflect the work") it is held or left to the rest of the reply, never accepted or asked the basis
 * of; taken up without a question ("Fine, three percent it is then") it is accepted.
 */
export function figureMoves(ctx: TurnContext, offer: Figure): Move[] {
  const { state, latest } = ctx;
  const theirs =
    !state.learnerFigures.some((f) => f.value === offer.value) &&
    state.personaLines.some((line) =>
      extractFigures(line).some((f) => f.value === offer.value && f.kind === offer.kind),
    );
  if (!theirs) return weighFigure(ctx, offer);
  if (turnedDown(latest.text, offer))
    return weighFigure(ctx, offer).filter(
      (m) => m.kind !== 'figure' || (m.verdict !== 'accept' && m.verdict !== 'probe' && m.verdict !== 'note'),
    );
  return latest.question ? [] : [figureMove(offer.text, 'accept')];
}

function weighFigure(ctx: TurnContext, offer: Figure): Move[] {
  const { state, latest, tone } = ctx;
  const value = offer.value ?? 0;
  const anchors = anchorsFor(ctx, offer);
  const bound = anchors.find((a) => a.anchor.direction !== 'reference') ?? null;
  const personaLast = [...state.personaFigures].reverse().find((f) => comparableTo(f, offer)) ?? null;
  // The learner's previous offer: the figure each earlier message put forward, not every figure it cited.
  const previous =
    [...state.earlier]
      .reverse()
      .map((a) => {
        const f = offerFigure(ctx, a);
        // "The lowest quote is 11,400" cites what something costs; it offered nothing.
        return f && !CITED.test(a.text.slice(Math.max(0, f.index - 40), f.index)) ? f : null;
      })
      .find((f): f is Figure => f !== null && comparableTo(f, offer) && f.value !== offer.value) ?? null;
  const negotiating = bound !== null || personaLast !== null;
  const direction = negotiating && previous?.value != null ? (value < previous.value ? 'down' : 'up') : null;
  const fmt = (v: number): string =>
    formatLike(v, offer.currency ? offer : (bound?.anchor.figure ?? personaLast ?? offer));
  const pushedBefore = state.learnerFigures.some((f) => comparableTo(f, offer));
  const persuasive = latest.reasons && (tone !== 'tough' || pushedBefore || latest.figures.length > 1);
  const based = [...state.earlier, latest].some((a) => a.reasons);
  const base = { previous: negotiating ? (previous?.text ?? null) : null, direction, based } as const;
  const moves: Move[] = [];

  if (bound?.anchor.direction === 'ceiling') {
    const limit = bound.anchor.figure.value ?? value;
    // A limit the persona has already named ("I won't go above $104,000") is where it stands: it does not
    // "meet the learner partway" at that same figure.
    const named = state.personaLines.some((line) => line.includes(bound.anchor.figure.text));
    const current = personaLast?.value ?? (named ? limit : null);
    if (current !== null && value <= current) moves.push(figureMove(offer.text, 'accept', base));
    else if (value <= limit) {
      if (persuasive || tone === 'friendly' || pushedBefore)
        moves.push(figureMove(offer.text, 'accept', base));
      else if (current === null) moves.push(figureMove(offer.text, 'probe', base));
      else
        moves.push(
          figureMove(offer.text, 'counter', { ...base, counter: fmt(niceRound((current + value) / 2)) }),
        );
    } else if (persuasive && (current === null || current < limit)) {
      const stretch = current !== null && !pushedBefore ? niceRound((current + limit) / 2) : limit;
      moves.push(
        figureMove(offer.text, 'counter', { ...base, counter: fmt(stretch), atLimit: stretch >= limit }),
      );
    } else {
      const reference = current !== null && personaLast?.text !== offer.text ? fmt(current) : null;
      const atLimit = current !== null && current >= limit;
      moves.push(figureMove(offer.text, 'hold', { ...base, reference, atLimit }));
      const concession = bound.position?.concession;
      if (atLimit && concession && !mentioned(state, concession))
        moves.push({ kind: 'concede', position: bound.position! });
      else if (bound.position?.evidenceAsk && !mentioned(state, bound.position.evidenceAsk))
        moves.push({ kind: 'evidence', line: bound.position.evidenceAsk });
    }
    return moves;
  }

  if (bound?.anchor.direction === 'floor') {
    const target = bound.anchor.figure.value ?? value;
    const counteredBefore = state.personaFigures.some(
      (f) => comparableTo(f, offer) && (f.value ?? 0) < target,
    );
    if (value >= target * 0.999) moves.push(figureMove(offer.text, 'accept', { ...base, floor: true }));
    else if ((persuasive || latest.empathy || latest.apology) && target >= 1000 && !counteredBefore) {
      moves.push(
        figureMove(offer.text, 'counter', {
          ...base,
          counter: fmt(niceRound((value + target) / 2)),
          floor: true,
        }),
      );
    } else {
      moves.push(
        figureMove(offer.text, 'hold', { ...base, reference: bound.anchor.figure.text, floor: true }),
      );
      if (bound.position?.evidenceAsk && !mentioned(state, bound.position.evidenceAsk))
        moves.push({ kind: 'evidence', line: bound.position.evidenceAsk });
    }
    return moves;
  }

  if (personaLast?.value != null && personaLast.text !== offer.text) {
    const current = personaLast.value;
    if (Math.abs(value - current) / current < 0.02) moves.push(figureMove(offer.text, 'accept', base));
    else
      moves.push(
        figureMove(offer.text, persuasive ? 'probe' : 'hold', {
          ...base,
          reference: personaLast.text,
          floor: value < current,
        }),
      );
    return moves;
  }
  // "I'd like the full £1,200 back" when the situation is a £1,200 deposit: nothing to ask the basis of.
  const known = ctx.profile.situationFigures.some((f) => comparableTo(f, offer) && f.value === offer.value);
  // "…and give you 20 percent off the gift": what the persona is offered is not a claim to ask the basis of.
  const forThem = GIVEN_TO_THEM.test(latest.text);
  const verdict: FigureVerdict = latest.commitment || known || forThem ? 'note' : 'probe';
  // Only an amount is asked where it comes from: "Six weeks? What's that based on?" answers nothing, so a
  // count or a span nobody bargains over is left to the rest of the reply.
  const bargained = offer.kind === 'money' || offer.kind === 'percent';
  if (verdict === 'probe' && !bargained) return [];
  return [figureMove(offer.text, verdict, base)];
}

/** A figure the learner offers the persona: money back, a discount, a credit to them. */
const GIVEN_TO_THEM =
  /\b(?:(?:give|refund|credit|send|pay|offer) (?:you|your)\b|(?:percent|%) off\b|\bdiscount\b|\brefund (?:the|your)\b|back (?:to you|on your|into your))/i;
