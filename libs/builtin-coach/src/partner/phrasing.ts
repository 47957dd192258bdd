import type { ChatTone, ScenarioCategory } from '@parley/contracts';
import { sentenceKey, splitSentences } from './conversation-state';
import type { Move } from './moves';
import type { PersonaProfile } from '../scenario/persona-profile';
import { forOne } from '../scenario/agenda-bank';
import type { Rng } from '../text/prng';
import { extractFigures } from '../text/figures';
import {
  OWN_CLOSE,
  OWN_PRESS,
  OWN_REPORTED_FOLLOW,
  OWN_WHY,
  OWN_WRAP_UP_ASK,
  GREET,
  THANKS,
  APOLOGY,
  EMPATHY,
  DISCLOSE,
  HOSTILE_STRONG,
  HOSTILE_MILD,
  HOSTILE_FOLLOW,
  HOSTILE_WARNED,
  WALK_OUT,
  AFTER_WALK_OUT,
  AFTER_WALK_OUT_APOLOGY,
  DEFLECT,
  DEFLECT_IDENTITY,
  REDIRECT,
  CLARIFY,
  CLARIFY_GENERIC,
  OFF_TOPIC,
  STEER_OPEN,
  STEER_ASK,
  SPECIFICS,
  HEDGE,
  VAGUE_AGAIN,
  ACK_QUOTE,
  ACK_PLAIN,
  ANSWER_LEADS,
  CLOSE_END,
  DETAIL_ECHO,
  REFUSE,
  SURE,
  SURE_ABOUT,
  PLEDGE,
  NEXT_STEP,
  NEXT_STEP_SETTLED,
  CONCERN,
  WORKS,
  WORKS_BUT,
  ASKED_AGAIN,
  RESUME,
  OFF_TOPIC_AGAIN,
  NOTHING_ELSE,
  DEFLECT_ANSWER,
  WELLBEING,
  GENERIC_ANSWER,
  NUMBER_MINE,
  NUMBER_ASKING,
  NUMBER_YOURS,
  FIGURE,
  ASK_BASIS,
  HOLD,
  HOLD_AGAIN,
  CONCEDE,
  EVIDENCE_LEADS,
  COMMIT,
  COMMIT_PLAIN,
  COMMIT_WHEN,
  COMMIT_VAGUE_TOUGH,
  AGREE,
  GOAL_FOLLOW,
  ASKS_FOR_ACTION,
  GOAL_LEADS,
  COUNTER_QUOTE,
  REFUSED,
  ASAP,
  COUNTER,
  MEET,
  REPORTED_FOLLOW_ANY,
  REPORTED_FOLLOW,
  WHY_PAST,
  WHY,
  YIELD,
  CONSIDER_YES,
  CONSIDER_MAYBE,
  CONSIDER_MAYBE_DETAIL,
  WRAP_UP,
  WRAP_UP_ITEMS,
  WRAP_UP_ASK,
  WRAP_UP_ASK_DEFAULT,
  DEFER,
  NOT_KNOWN,
  LISTENING,
  CHOICE,
  WHICH_IS_SO,
  YIELD_TO_NO,
  REPORT_BACK,
  YES_PLEASE,
  WELLBEING_STRAINED,
  COMMIT_PLAIN_SPECIFIC,
  FIND_OUT,
  NOT_SO_FAST,
  SUMMARY,
  CATEGORY_PRESS,
  SETTLE,
  SETTLE_THANKED,
  CLOSE,
  CLOSE_EXTRA,
  FALLBACK,
  CONDOLENCE,
  AFFECTION,
} from './phrase-bank';

/**
 * Turning planned moves into the persona's words. Every move has several phrasings per tone; the
 * seeded generator picks one, and any sentence the persona already said in this conversation is
 * skipped, so the character never repeats itself.
 */

export interface PhrasingContext {
  profile: PersonaProfile;
  tone: ChatTone;
  rng: Rng;
  /** Sentences already said, normalised (see sentenceKey). */
  said: Set<string>;
  /** What the learner has already put on the table: a stock question never asks for it again. */
  given?: {
    figure: boolean;
    reasons: boolean;
    prevention?: boolean;
    ask?: boolean;
    writes?: boolean;
    /** Who they are ("I'm a data analyst…"), a result with a number, why they applied. */
    about?: boolean;
    result?: boolean;
    motive?: boolean;
    /** An instance told: words quoted, or something that happened at a time ("last week on her PR…"). */
    example?: boolean;
    /** A recommendation made: "My recommendation is…", "I recommend we…". */
    recommended?: boolean;
    /**
     * Asked what they want or suggest in the persona's last line, and still explaining: asked again in other
     * words ("What would you suggest?" after "What would you like to happen?"), it would not be listening.
     */
    askedJustNow?: boolean;
  };
}

/** Lower-cases the first letter unless it starts "I", an acronym or a name. */
export function lc(sentence: string): string {
  if (/^(?:I\b|I'|[A-Z]{2,}|[A-Z][a-z]+ [A-Z])/.test(sentence)) return sentence;
  return sentence.charAt(0).toLowerCase() + sentence.slice(1);
}

/** A statement of what the speaker cannot or will not do. */
const LIMIT_SAID = /\b(?:never|not|unable|won't|will not|no more than|can only|can(?:no|')t)\b/i;

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "500k is a big jump from 480k" is false: only a gap of a quarter or more is "a long way". */
function farApart(figure: string, reference: string): boolean {
  const a = extractFigures(figure)[0]?.value;
  const b = extractFigures(reference)[0]?.value;
  if (a == null || b == null || a <= 0 || b <= 0) return true;
  return Math.max(a, b) / Math.min(a, b) >= 1.25;
}

/** "Last week" at the start of the learner's sentence reads "last week" inside the persona's. */
function figureText(text: string): string {
  return /^(?:Last|Next|This|Every|Within|About|Around|Over|Under|Nearly|Almost|One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Eleven|Twelve|Fifteen|Twenty|Thirty|Forty|Fifty|Sixty|Seventy|Eighty|Ninety|Hundred|A hundred|Half)\b/.test(
    text,
  )
    ? lc(text.charAt(0).toLowerCase() + text.slice(1))
    : text;
}

/* ---------- realisation ---------- */

export function realise(moves: Move[], ctx: PhrasingContext): string {
  const used = new Set<string>();
  const out: string[] = [];
  const maxSentences = 4;

  const long = [...ctx.said].filter((k) => k.length >= 25);
  const free = (text: string): boolean =>
    splitSentences(text).every((s) => {
      const key = sentenceKey(s);
      if (key.length === 0 || ctx.said.has(key) || used.has(key)) return false;
      const overlaps = (k: string): boolean =>
        k.length >= 25 && (key.includes(k) || (key.length >= 25 && k.includes(key)));
      // One reply says "that helps" once: "Thanks, that helps. Okay, that helps." is a stutter.
      const tail = (k: string): string => k.split(' ').slice(-2).join(' ');
      const echoes = (k: string): boolean => k.split(' ').length >= 2 && tail(k) === tail(key);
      return !long.some(overlaps) && ![...used].some((k) => overlaps(k) || echoes(k));
    });
  const take = (options: string[], fill: (t: string) => string = (t) => t): boolean => {
    for (const option of ctx.rng.shuffle(options)) {
      const text = fill(option).replace(/\s+/g, ' ').trim();
      if (!text || !free(text)) continue;
      for (const s of splitSentences(text)) used.add(sentenceKey(s));
      out.push(text);
      return true;
    }
    return false;
  };
  const tone = <T>(options: Record<ChatTone, T>): T => options[ctx.tone];
  const withStatement =
    (s: string) =>
    (t: string): string =>
      t.replace('{s}', s).replace('{l}', lc(s));
  const topic = ctx.profile.topic;
  // "So, the interview." reads; "So, sorting this out." does not: a topic that is a clause takes the
  // redirects that work around one.
  const redirects = NOUN_TOPIC.test(topic) ? REDIRECT : REDIRECT.filter((t) => !/^(?:so|anyway),/i.test(t));
  /** Back to the matter: a redirect, else the question still waiting for an answer, else a firmer word. */
  const redirect = (pending: string | null): void => {
    if (take(redirects, (t) => t.replace('{topic}', topic))) return;
    if (pending && take(ASKED_AGAIN, (t) => t.replace('{q}', pending))) return;
    take(tone(OFF_TOPIC_AGAIN), (t) => t.replace('{topic}', topic));
  };

  for (const move of moves) {
    if (countSentences(out) >= maxSentences) break;
    switch (move.kind) {
      case 'deflect-injection':
        if (move.identity) take(DEFLECT_IDENTITY, (t) => t.replace('{first}', ctx.profile.firstName));
        else take(tone(DEFLECT));
        redirect(move.pending);
        break;
      case 'hostility':
        take(move.level === 2 ? tone(HOSTILE_STRONG) : tone(HOSTILE_MILD));
        {
          // "Let's keep this civil." is not followed by "…keep it civil." again.
          const lead = new Set((out[out.length - 1] ?? '').toLowerCase().match(/[a-z]{5,}/g) ?? []);
          const follow = move.warned ? HOSTILE_WARNED : HOSTILE_FOLLOW;
          take(follow.filter((f) => !(f.toLowerCase().match(/[a-z]{5,}/g) ?? []).some((w) => lead.has(w))));
        }
        break;
      case 'walk-out':
        if (!take(WALK_OUT)) take(AFTER_WALK_OUT);
        break;
      case 'after-walk-out':
        take(move.apology ? AFTER_WALK_OUT_APOLOGY : AFTER_WALK_OUT);
        break;
      case 'greet':
        take(tone(GREET));
        break;
      case 'thanks':
        take(tone(THANKS));
        break;
      case 'condolence':
        take(tone(CONDOLENCE));
        break;
      case 'affection':
        take(tone(AFFECTION));
        break;
      case 'apology': {
        // "That's our mistake. I'd like to remake the sofa at no cost": the fix came with the apology, so it
        // is not asked for ("Save the apology. Tell me what you're going to do.").
        const fixed = moves.some((m) => OFFER_WEIGHED.has(m.kind));
        const said = (options: string[]) =>
          options.filter((o) => (move.sorry || !/\bsorry\b/i.test(o)) && !(fixed && DEMANDS_A_FIX.test(o)));
        if (!take(said(APOLOGY[move.response]))) take(said(APOLOGY.partial));
        break;
      }
      case 'empathy':
        // "Saying so doesn't change the facts" answers sympathy alone, not an explanation that comes with it.
        // "Fixing it is another" is the line of someone owed a fix, not of a landlord asked for one.
        take(
          tone(EMPATHY).filter(
            (t) => (move.bare || !SYMPATHY_ONLY.test(t)) && (owedAFix(ctx.profile) || !OWED_ONLY.test(t)),
          ),
        );
        // Only a fact already in the persona's own voice ("I have been…"), never a fragment of its notes.
        if (move.disclose && FIRST_PERSON.test(move.disclose.statement))
          take(DISCLOSE, (t) => t.replace('{f}', lc(move.disclose!.statement)));
        break;
      case 'clarify':
        if (!(move.restate && take(CLARIFY, withStatement(move.restate)))) take(CLARIFY_GENERIC);
        break;
      case 'off-topic':
        take(tone(OFF_TOPIC), (t) => t.replace('{x}', move.subject));
        redirect(move.pending);
        break;
      case 'settle': {
        // The question is asked again on purpose: nothing yet has answered it.
        // Thanked for calling, it does not tell the learner to take their time.
        const again = tone(move.thanked ? SETTLE_THANKED : SETTLE).map((t) =>
          t.replace('{q}', lc(move.question)),
        );
        if (!take(again)) out.push(ctx.rng.shuffle(again)[0]!);
        break;
      }
      case 'resume':
        if (!take(tone(RESUME), (t) => t.replace('{q}', move.question)))
          take(ASKED_AGAIN, (t) => t.replace('{q}', move.question));
        break;
      case 'steer':
        take(tone(STEER_OPEN));
        take(STEER_ASK);
        break;
      case 'ask-specifics': {
        if (move.again) take(VAGUE_AGAIN);
        const voice = ctx.profile.voice.precision;
        if (voice.length && ctx.rng.chance(0.4) && take(voice)) break;
        if (
          move.hedge &&
          ctx.rng.chance(0.6) &&
          take(HEDGE, (t) => t.replace('{h}', move.hedge!).replace('{H}', cap(move.hedge!)))
        ) {
          take(SPECIFICS[move.focus]);
          break;
        }
        if (!take(SPECIFICS[move.focus])) take(SPECIFICS.detail);
        break;
      }
      case 'acknowledge': {
        // "That's useful to know." says it has heard: "That doesn't tell me much." before it contradicts it.
        const heard = moves.some((m) => m.kind === 'press' && m.line !== '' && !m.line.endsWith('?'));
        if (!move.quote && heard) break;
        const bank = move.plain ? ACK_QUOTE.neutral : tone(ACK_QUOTE);
        if (!move.quote || !take(bank, (t) => t.replace('{q}', move.quote!))) take(tone(ACK_PLAIN));
        break;
      }
      case 'reported':
        if (!(move.quote && take(ACK_QUOTE.neutral, (t) => t.replace('{q}', move.quote!)))) {
          take(FIGURE.note!, (t) => cap(t.replace('{x}', figureText(move.figure))));
        }
        if (
          move.follow &&
          !take(
            (ctx.profile.own ? OWN_REPORTED_FOLLOW : REPORTED_FOLLOW[ctx.profile.category]) ??
              REPORTED_FOLLOW_ANY,
          )
        )
          take(REPORTED_FOLLOW_ANY);
        break;
      case 'meet':
        take(tone(MEET), (t) => t.replace('{n}', move.name));
        break;
      case 'answer':
        realiseAnswer(move, ctx, take, tone, withStatement);
        break;
      case 'figure':
        realiseFigure(move, ctx, take);
        break;
      case 'hold-firm':
        if (
          move.restated ||
          !move.position.statement ||
          !take(
            // "I wish I could, but…" leads into a limit ("I can't go past 3%"), never into a want ("I want
            // to hear how you would handle it").
            // "My position hasn't changed" only of a position already told.
            tone(HOLD).filter(
              (t) =>
                (!t.includes('wish I could') || LIMIT_SAID.test(move.position.statement!)) &&
                (!/\bhasn't changed\b/.test(t) || toldBefore(ctx, move.position.statement!)),
            ),
            withStatement(move.position.statement),
          )
        )
          take(tone(HOLD_AGAIN));
        break;
      case 'concede':
        if (move.detail && shortDetail(move.detail))
          take(DETAIL_ECHO, (t) => t.replace('{d}', move.detail!).replace('{D}', cap(move.detail!)));
        if (move.position.concession) take(tone(CONCEDE), withStatement(move.position.concession));
        break;
      case 'evidence':
        take(EVIDENCE_LEADS, withStatement(move.line));
        break;
      case 'commitment':
        if (move.reportBack) {
          take(tone(REPORT_BACK));
          break;
        }
        if (move.quote)
          take(tone(COMMIT), (t) => t.replace('{q}', move.quote!).replace('{Q}', cap(move.quote!)));
        // After "Love you too", a promise is taken by its when alone, not weighed ("That's good to hear").
        else if (!moves.some((m) => m.kind === 'affection') || !move.when)
          take(tone(move.specific ? COMMIT_PLAIN_SPECIFIC : COMMIT_PLAIN));
        if (move.when && !move.quote?.includes(move.when))
          take(ctx.profile.voice.noteTaking.length ? ctx.profile.voice.noteTaking : COMMIT_WHEN, (t) =>
            t.replace('{w}', move.when!),
          );
        else if (move.when && ctx.profile.voice.noteTaking.length) take(ctx.profile.voice.noteTaking);
        else if (!move.specific && ctx.tone === 'tough') take(COMMIT_VAGUE_TOUGH);
        break;
      case 'agreement':
        take(tone(AGREE));
        break;
      case 'yield':
        if (move.detail && shortDetail(move.detail))
          take(DETAIL_ECHO, (t) => t.replace('{d}', move.detail!).replace('{D}', cap(move.detail!)));
        take(tone(move.refused ? YIELD_TO_NO : YIELD));
        if (move.position.concession) take(['{s}'], withStatement(move.position.concession));
        break;
      case 'counterpoint': {
        if (move.refused) {
          // "I've done five of the last six weekends. I can't keep doing that." has said why not.
          take(tone(REFUSED).filter((t) => !(move.explained && ASKS_WHY.test(t))));
          break;
        }
        const quoted =
          !!move.quote &&
          take(tone(COUNTER_QUOTE), (t) => t.replace('{q}', move.quote!).replace('{Q}', cap(move.quote!)));
        if (!quoted) take(tone(COUNTER));
        break;
      }
      case 'consider': {
        // "Two weeks. Right. Hm, two weeks.": a detail already said back in this reply is not said again.
        const repeated = !!move.detail && out.join(' ').toLowerCase().includes(move.detail.toLowerCase());
        if (move.detail && shortDetail(move.detail) && !repeated)
          take(DETAIL_ECHO, (t) => t.replace('{d}', move.detail!).replace('{D}', cap(move.detail!)));
        // Something concrete on the table is reacted to, never met with "what would that involve?".
        if (move.verdict === 'accept') take(tone(CONSIDER_YES));
        // Once the learner has said why, the persona does not ask them to.
        else if (!(move.detail && take(CONSIDER_MAYBE_DETAIL)))
          take(CONSIDER_MAYBE.filter((t) => !(ctx.given?.reasons && /\bwhy\b/i.test(t))));
        break;
      }
      case 'pursue-goal': {
        const statement = move.goal.statement;
        const asking = !!statement && statement.endsWith('?');
        const leads =
          move.first || asking || /^remember\b/i.test(statement ?? '') ? ['{s}'] : tone(GOAL_LEADS);
        // "What number did you have in mind?" after "from January my rate is 35 pounds" asks for what was
        // just given: the persona asks its next stock question instead.
        // ("Walk me through your background." asks as a question does.)
        if (
          (asking || /^(?:walk|talk|take) me through|^tell me\b/i.test(statement ?? '')) &&
          !stillToAsk(ctx, statement!)
        ) {
          if (!(ctx.given?.askedJustNow && take(tone(LISTENING)))) take(pressBank(ctx));
          break;
        }
        const said = !!statement && take(leads, withStatement(statement));
        if (said && statement && !asking && countSentences(out) < maxSentences - 1) {
          // Only a goal that needs something from the learner gets a question after it.
          const needsLearner =
            move.goal.kind === 'information' || !!move.goal.anchor || ASKS_FOR_ACTION.test(statement);
          const follow = move.goal.kind === 'information' ? GOAL_FOLLOW.information : GOAL_FOLLOW.outcome;
          // "What can you do about that?" is for someone owed a remedy, not for the one making the offer.
          const owed = OWED_A_REMEDY.has(ctx.profile.category) || move.goal.kind === 'information';
          if (needsLearner && owed && ctx.rng.chance(0.6)) take(tone(follow));
        }
        break;
      }
      case 'press':
        // The persona's own press is dropped, as the stock ones are, when it asks for what was just given.
        if (!(stillToAsk(ctx, move.line) && !askedAlready(ctx, move.line) && take([move.line])))
          if (!(ctx.given?.askedJustNow && ASKS_FOR_ASK.test(move.line) && take(tone(LISTENING))))
            take(pressBank(ctx));
        break;
      case 'not-so-fast':
        if (!(move.goal?.statement && take(tone(NOT_SO_FAST), withStatement(move.goal.statement))))
          take(pressBank(ctx));
        break;
      case 'summarise':
        take(SUMMARY, (t) => t.replace('{i}', listOf(move.items)));
        break;
      case 'wrap-up':
        take(WRAP_UP);
        if (move.items.length) take(WRAP_UP_ITEMS, (t) => t.replace('{i}', listOf(move.items)));
        take((ctx.profile.own ? OWN_WRAP_UP_ASK : WRAP_UP_ASK[ctx.profile.category]) ?? WRAP_UP_ASK_DEFAULT);
        break;
      case 'close': {
        const stock = ctx.profile.own ? OWN_CLOSE : CLOSE[ctx.profile.category];
        // "I'll put it in writing" from the learner: the persona does not promise to write it up as well.
        const theirs = (options: string[]): string[] =>
          (ctx.given?.writes ? options.filter((o) => !WRITES_IT_UP.test(o)) : options).filter((o) =>
            onTheTable(ctx, o),
          );
        const bank = { yes: theirs(stock.yes), no: theirs(stock.no) };
        if (
          !take(move.satisfied ? bank.yes : bank.no) &&
          !take(move.satisfied ? theirs(CLOSE_EXTRA) : bank.yes) &&
          !take(theirs(CLOSE_EXTRA))
        )
          take(bank.no);
        // A close is heard as one: it ends with a goodbye unless the line already says so. A friend or a
        // sister does not thank the learner for their time.
        if (!CLOSED_WORDS.test(out.join(' ')))
          take(tone(CLOSE_END).filter((t) => !ctx.profile.close || !/\byour time\b/i.test(t)));
        break;
      }
    }
  }

  if (out.length === 0) {
    if (!take(pressBank(ctx))) take(FALLBACK);
  }
  // Everything said already: an empty draft lets the guard rails supply the last-resort line.
  // "Okay. Okay, but for real?": a reaction and a line that opens with the same word say it once.
  return out
    .join(' ')
    .replace(
      /\b(Okay|Right|Fine|Good|Sure|Alright|Go on|I see)\. \1\b[,.]?\s*(\S)/g,
      (_m, word: string, next: string) =>
        `${word}, ${next.toLowerCase() === next || /^I\b/.test(next) ? next : next.toLowerCase()}`,
    );
}

/** A promise to put the outcome in writing or send it over. */
export const WRITES_IT_UP =
  /\b(?:in writing|send (?:it|that|this|you|over)|email (?:it|that|you)|write (?:it|that|this) (?:up|down))\b/i;

/** A topic said as a noun phrase ("the interview", "your complaint"), not as a clause ("sorting this out"). */
const NOUN_TOPIC = /^(?:the|your|our|my|this|that|these|those|a|an)\b/i;

/** Filler words: never said back to the learner, whether as a subject, a detail or a hedge. */
export const FILLER = /\b(?:um+|uh+|erm|like|kind of|sort of|basically|you know|i mean|i guess)\b/i;

/** A detail of the learner's offer short enough to confirm back ("Thursday check-ins at 4pm"). */
function shortDetail(detail: string): boolean {
  return detail.split(/\s+/).length <= 6 && !FILLER.test(detail);
}

const CLOSED_WORDS =
  /\b(?:leave it there|thanks for your time|thank you for your time|be in touch|hear from us|that's all|we're done|goodbye|talk soon|take care)\b/i;

const STRAINED = new Set<ScenarioCategory>(['crisis-management', 'customer-service']);
const FIRST_PERSON = /^(?:i|i'm|i've|i'd|i'll|my|we|we're|we've|our)\b/i;
/** Tough answers to sympathy that brings nothing else. */
const SYMPATHY_ONLY = /\bsaying so\b|\bmore than sympathy\b/i;
const OWED_A_REMEDY = new Set<ScenarioCategory>([
  'customer-service',
  'crisis-management',
  'conflict-resolution',
]);
/** Answers to sympathy that only someone waiting for something to be put right can give. */
const OWED_ONLY = /\bfixing it\b|\bmore than sympathy\b/i;
/** What the persona is after puts something right: a repair, a refund, an apology. */
const REMEDY_AIM =
  /\b(?:put (?:it |this |that )?right|fix\w*|repair\w*|restor\w*|refund\w*|replace\w*|compensat\w*|sorted|apolog\w*|acknowledg\w*|reimburs\w*|credit)\b/i;

/** Kinds of conversation where the persona is the one asked, never the one waiting for a fix. */
const ASKED_NOT_OWED = new Set<ScenarioCategory>([
  'salary-negotiation',
  'sales',
  'job-interviews',
  'networking',
]);

/**
 * Whether the persona may be the one owed a fix: a customer, a board member after a missed quarter, a
 * colleague wronged; in an own scenario, only one whose aims are a remedy. A landlord asked for a repair, a
 * buyer, a hiring manager or someone who reports to the learner is not.
 */
function owedAFix(profile: PersonaProfile): boolean {
  if (profile.own) return profile.goals.some((g) => REMEDY_AIM.test(g.statement ?? ''));
  return !ASKED_NOT_OWED.has(profile.category) && !profile.answersToLearner;
}

/** A subject short and clean enough to say back: no filler words, at most four words. */
function plainSubject(subject: string): boolean {
  return (
    /^(?:the|my|your|our|this|that|a|an)\s/i.test(subject) &&
    subject.split(/\s+/).length <= 3 &&
    !FILLER.test(subject)
  );
}

function countSentences(parts: string[]): number {
  return parts.reduce((n, p) => n + splitSentences(p).length, 0);
}

type Take = (options: string[], fill?: (t: string) => string) => boolean;

function realiseAnswer(
  move: Extract<Move, { kind: 'answer' }>,
  ctx: PhrasingContext,
  take: Take,
  tone: <T>(o: Record<ChatTone, T>) => T,
  withStatement: (s: string) => (t: string) => string,
): void {
  const content = move.content;
  switch (content.kind) {
    case 'wellbeing':
      // In the middle of a crisis or a complaint, "How are you?" is not answered "Busy, but good".
      take(tone(STRAINED.has(ctx.profile.category) ? WELLBEING_STRAINED : WELLBEING));
      return;
    case 'name':
      take(["It's {n}.", "I'm {n}.", '{n}. Nice to speak to you.'], (t) =>
        t.replace('{n}', ctx.profile.name),
      );
      return;
    case 'remark':
      take([content.text, `Well, ${lc(content.text)}`, `Honestly, ${lc(content.text)}`]);
      return;
    case 'sure':
      if (
        content.subject &&
        plainSubject(content.subject) &&
        take(tone(SURE_ABOUT), (t) => t.replace('{s}', content.subject!))
      )
        return;
      take(tone(SURE));
      return;
    case 'nothing-else':
      if (!take(tone(NOTHING_ELSE))) take(tone(GENERIC_ANSWER));
      return;
    case 'works':
      if (content.still) {
        if (!take(tone(WORKS_BUT), withStatement(content.still))) take(tone(GENERIC_ANSWER));
      } else if (!take(tone(WORKS))) take(tone(GENERIC_ANSWER));
      return;
    case 'next-step':
      if (content.settled && take(tone(NEXT_STEP_SETTLED))) return;
      if (!take(tone(NEXT_STEP))) take(tone(GENERIC_ANSWER));
      return;
    case 'pledge':
      take(tone(PLEDGE), (t) => t.replace('{p}', content.text));
      return;
    case 'find-out':
      take(tone(FIND_OUT));
      return;
    case 'yes-please':
      take(tone(YES_PLEASE));
      return;
    case 'choice':
      take(tone(content.fact ? WHICH_IS_SO : CHOICE), (t) => cap(t.replace('{o}', content.option)));
      return;
    case 'recap': {
      // The first clause that says something: "Honestly, the harness is…" points back to the harness.
      const clauses = content.text
        .split(/,? (?:and|but|so|because) |; |, /)
        .map((c) => c.replace(/[.!?]+$/, ''));
      const clause = clauses.find((c) => c.split(/\s+/).length >= 3) ?? clauses[0]!;
      if (
        !take(['Like I said, {c}.', 'As I said, {c}.', 'It comes back to what I told you: {c}.'], (t) =>
          t.replace('{c}', lc(clause)),
        )
      ) {
        take(tone(GENERIC_ANSWER));
      }
      return;
    }
    case 'asap':
      if (!take(tone(ASAP))) take(tone(GENERIC_ANSWER));
      return;
    case 'details':
      if (!take(tone(DEFER))) take(tone(GENERIC_ANSWER));
      return;
    case 'deflect':
      take(tone(DEFLECT_ANSWER));
      return;
    case 'concern':
      if (!take(tone(CONCERN[content.about]))) take(tone(DEFLECT_ANSWER));
      return;
    case 'number':
      // "Could you give me the order number?": a reference is read out, not put on the table.
      if (content.figure && !content.asking && content.reference)
        take(['{x}.', "It's {x}."], (t) => t.replace('{x}', content.figure!));
      else if (content.figure && !content.asking) {
        if (!take(NUMBER_MINE, (t) => t.replace('{x}', content.figure!))) take(NUMBER_YOURS);
      } else if (content.figure) {
        if (!take(NUMBER_ASKING, (t) => cap(t.replace('{x}', content.figure!)))) take(NUMBER_YOURS);
      } else take(NUMBER_YOURS);
      return;
    case 'generic':
      if (content.happened && take(tone(NOT_KNOWN[content.happened]))) return;
      if (!take(tone(DEFER))) take(FALLBACK);
      return;
    case 'reason':
      take(['{s}', 'Simple. {s}', 'Well, {l}', "It's simple: {l}"], withStatement(content.text));
      return;
    case 'firm': {
      const more = content.position.more.find((m) => take([m, `And ${lc(m)}`]));
      if (!more) {
        if (!take(tone(HOLD_AGAIN))) take(ctx.profile.own ? OWN_WHY : WHY[ctx.profile.category]);
      }
      if (content.position.evidenceAsk) take(EVIDENCE_LEADS, withStatement(content.position.evidenceAsk));
      return;
    }
    case 'because':
      if (/\bwhy (?:did|didn'?t|have|haven'?t) you\b/i.test(move.question.text) && take(WHY_PAST)) return;
      if (!take(ctx.profile.own ? OWN_WHY : WHY[ctx.profile.category]) && !take(tone(HOLD_AGAIN)))
        take(tone(GENERIC_ANSWER));
      return;
    case 'item': {
      if (content.conflict && take(tone(REFUSE), withStatement(content.text))) return;
      const kind = move.question.kind;
      // The persona's own question in reply ("Will this happen again before Christmas?") needs no lead-in.
      const leads = content.text.endsWith('?')
        ? ['{s}']
        : (ANSWER_LEADS[kind === 'want' || kind === 'why' || kind === 'when' ? kind : 'other'] ??
          ANSWER_LEADS.other!);
      take(leads, withStatement(content.text));
      return;
    }
  }
}

function realiseFigure(move: Extract<Move, { kind: 'figure' }>, ctx: PhrasingContext, take: Take): void {
  const fill = (t: string): string =>
    cap(
      t
        .replace(/\{x\}/g, figureText(move.figure))
        .replace(/\{c\}/g, move.counter ?? '')
        .replace(/\{r\}/g, figureText(move.reference ?? ''))
        .replace(/\{p\}/g, figureText(move.previous ?? '')),
    );
  if (move.previous && move.direction && move.verdict !== 'accept' && ctx.rng.chance(0.7))
    take(move.direction === 'down' ? FIGURE.movedDown! : FIGURE.movedUp!, fill);
  switch (move.verdict) {
    case 'accept':
      if (!take(move.floor ? FIGURE.acceptFloor! : FIGURE.accept!, fill)) take(FIGURE.note!, fill);
      return;
    case 'counter':
      take(move.floor ? FIGURE.counterFloor! : FIGURE.counter!, fill);
      if (move.atLimit) take(FIGURE.atLimit!);
      return;
    case 'hold':
      if (ctx.tone === 'tough' && ctx.rng.chance(0.5) && take(FIGURE.toughHold!, fill)) return;
      if (move.floor && move.reference) {
        if (!take(FIGURE.holdFloor!, fill)) take(FIGURE.hold!, fill);
      } else if (move.reference && move.atLimit) {
        if (!take(FIGURE.holdLimit!, fill)) take(FIGURE.hold!, fill);
      } else if (move.reference && farApart(move.figure, move.reference)) {
        if (!take(FIGURE.holdRef!, fill)) take(FIGURE.hold!, fill);
      } else {
        if (!take(FIGURE.hold!, fill)) take(FIGURE.toughHold!, fill);
      }
      if (move.atLimit) take(FIGURE.atLimit!);
      // Reasons already given are not asked for again ("Help me understand how you got to that number").
      else if (!move.based) take(ASK_BASIS);
      return;
    case 'probe':
      // Reasons already given are weighed, not asked for ("Walk me through how you got to $95k").
      if (move.based) {
        if (!take(FIGURE.weigh!, fill)) take(FIGURE.note!, fill);
      } else if (!take(FIGURE.probe!, fill)) take(FIGURE.note!, fill);
      return;
    case 'note':
      if (
        !take(
          ctx.profile.voice.noteTaking.length && ctx.rng.chance(0.5)
            ? ctx.profile.voice.noteTaking.map((n) => `{x}. ${n}`)
            : move.committed
              ? FIGURE.noteCommit!
              : FIGURE.note!,
          fill,
        )
      )
        take(FIGURE.note!, fill);
      return;
  }
}

/** The questions the persona presses with: its kind of conversation's, or anyone's in an own scenario. */
/** A stock line that asks why, or takes what was said for no answer. */
const ASKS_WHY = /\b(?:why|based on what|not an answer|not possible, or)\b/i;

/** A stock question that asks for a number, or for what a position rests on. */
const ASKS_FOR_FIGURE = /\b(?:number|figure|how much|what would (?:this|it) (?:actually )?cost)\b/i;
const ASKS_FOR_REASONS = /\b(?:why should|based on|basing|what makes you)\b/i;
const ASKS_FOR_PREVENTION = /\b(?:again|stop this happening)\b/i;
/** Asking who the learner is, or for a result with a number, or why they applied: answered once said. */
const ASKS_FOR_BACKGROUND =
  /\b(?:walk me through your (?:background|cv|resume|career)|tell me (?:a bit |a little )?about yourself)\b/i;
const ASKS_FOR_EXAMPLE =
  /\b(?:an example|(?:a|one) (?:concrete |specific |real )?example|tell me about a time|for example\?|for instance\?|such as\?|like what\?|what did (?:he|she|they|i) (?:say|do|write))/i;
const ASKS_FOR_RESULT = /\b(?:result you could measure|measurable result|example where your work)\b/i;
const ASKS_FOR_MOTIVE =
  /\b(?:what made you apply|why (?:do you want|this (?:role|job|company))|why (?:are you )?applying)\b/i;
/** A question that asks what the learner wants or proposes: not asked once they have said it. */
export const ASKS_FOR_ASK =
  /\b(?:what (?:exactly )?(?:are you asking|do you want|would you want|would you like|would you suggest|do you suggest|do you propose|are you proposing|are you after|did you have in mind)|what do you need from me)\b/i;
/** Moves that weigh what the learner put forward. */
const OFFER_WEIGHED = new Set<Move['kind']>(['consider', 'commitment', 'figure', 'yield', 'concede']);
/** Replies to an apology that ask for the fix, or say the apology is not one. */
const DEMANDS_A_FIX =
  /\b(?:tell me what|what happens next|need answers|need (?:now )?is a fix|what'?s the plan|need action|not a plan|changes nothing|whole answer|solve the problem)\b/i;
/** A question that asks for the learner's recommendation or conclusion: not asked once they have made it. */
const ASKS_FOR_RECOMMENDATION =
  /\b(?:what'?s (?:the bottom line|your recommendation)|what (?:do|would) you recommend)\b/i;

/**
 * The persona's kind of stock questions, less those asking for what the learner already gave: "What
 * number did you have in mind?" after "I'm asking for 13.75 an hour" asks for what was just said.
 */
function pressBank(ctx: PhrasingContext): string[] {
  const kind = ctx.profile.own ? OWN_PRESS : CATEGORY_PRESS[ctx.profile.category];
  const stock = ctx.profile.alone ? kind.map(forOne).filter((line): line is string => line !== null) : kind;
  const bank = ctx.profile.answersToLearner ? [...stock, ...REPORT_PRESS] : stock;
  return bank.filter(
    (question) =>
      stillToAsk(ctx, question) &&
      onTheTable(ctx, question) &&
      fitsTheScenario(ctx, question) &&
      !askedAlready(ctx, question) &&
      // A junior does not ask their lead how long it has been bothering them.
      !(ctx.profile.answersToLearner && ASKED_OF_A_PEER.test(question)),
  );
}

/**
 * A question pressed with that the persona has already put in other words: "What do you need from me?"
 * after "What do you need from me today?". (Coming back to a question left unanswered is another move.)
 */
function askedAlready(ctx: PhrasingContext, question: string): boolean {
  const key = sentenceKey(question);
  return (
    question.trim().endsWith('?') &&
    key.length >= 12 &&
    [...ctx.said].some((k) => k.length >= 12 && (k.includes(key) || key.includes(k)))
  );
}

/** Whether the persona has already said this (or most of it) in the conversation. */
function toldBefore(ctx: PhrasingContext, statement: string): boolean {
  const key = sentenceKey(statement);
  return [...ctx.said].some((k) => k.includes(key) || (k.length >= 20 && key.includes(k)));
}

/** Press questions one asks a peer or a superior, not the person one reports to. */
const ASKED_OF_A_PEER = /\bbothering you\b/i;
/** What someone asks the person they report to, when that person raises a problem with their work. */
const REPORT_PRESS = ['Is this going to affect my review?', 'What would good look like to you?'];

/**
 * Stock questions about one kind of trouble, asked only where the scenario has it: a mother-in-law who
 * drops in is not asked about the workload, a newspaper reader cancelling over price not whether it will
 * go wrong again, a studio with no website not why it should switch.
 */
const TOPICAL_PRESS: ReadonlyArray<[RegExp, RegExp]> = [
  [
    /\bworkload\b/i,
    /\b(?:work\w*|shift|project|overtime|hour|task|cover\w*|capacity|deadline|client|boss|manager|team|job|duty|rota)\b/,
  ],
  [
    /\burgent\b/i,
    /\b(?:urgent\w*|emergenc\w*|call|message|text|email|phone|weekend|evening|night|client|boss|work\w*|availab\w*|contact)\b/,
  ],
  [
    /\bwrong again\b/i,
    /\b(?:again|repeat\w*|second|third|before|previous|still|another|twice|fail\w*|broke\w*|fault\w*|error|mistake|outage|delay\w*|late|missed|wrong)\b/,
  ],
  [
    /\bswitch\b/i,
    /\b(?:switch\w*|current|incumbent|competitor|existing|provider|vendor|supplier|already|contract|renewal)\b/,
  ],
];
function fitsTheScenario(ctx: PhrasingContext, question: string): boolean {
  const words = [...ctx.profile.vocabulary].join(' ');
  return TOPICAL_PRESS.every(([asks, needs]) => !asks.test(question) || needs.test(words));
}

/** Words of the side that made an offer, said only by a persona that made one. */
const OFFER_WORDS = /\b(?:the (?:updated )?offer|give me an answer)\b/i;
function onTheTable(ctx: PhrasingContext, line: string): boolean {
  return ctx.profile.offerMade || !OFFER_WORDS.test(line);
}

/** A question that asks for nothing the learner has already given. */
function stillToAsk(ctx: PhrasingContext, question: string): boolean {
  return (
    !(ctx.given?.figure && ASKS_FOR_FIGURE.test(question)) &&
    !(ctx.given?.reasons && ASKS_FOR_REASONS.test(question)) &&
    !(ctx.given?.prevention && ASKS_FOR_PREVENTION.test(question)) &&
    !((ctx.given?.ask || ctx.given?.askedJustNow) && ASKS_FOR_ASK.test(question)) &&
    !(ctx.given?.about && ASKS_FOR_BACKGROUND.test(question)) &&
    !(ctx.given?.result && ASKS_FOR_RESULT.test(question)) &&
    !(ctx.given?.motive && ASKS_FOR_MOTIVE.test(question)) &&
    !(ctx.given?.example && ASKS_FOR_EXAMPLE.test(question)) &&
    !(ctx.given?.recommended && ASKS_FOR_RECOMMENDATION.test(question))
  );
}
