import type { ChatTone } from '@parley/contracts';
import type { ConversationState } from './conversation-state';
import type { MessageAnalysis, Question } from './message-analysis';
import type { FirmPosition, PersonaFact, PersonaGoal, PersonaProfile } from '../scenario/persona-profile';

/**
 * The vocabulary between planning and phrasing: what the persona can do in a turn (a move), and
 * everything a planner needs to know to choose (the turn context).
 */

export interface TurnContext {
  profile: PersonaProfile;
  tone: ChatTone;
  state: ConversationState;
  latest: MessageAnalysis;
  injection: boolean;
  identityProbe: boolean;
  /** A number in [0, 1) for the few choices that are not about wording. */
  chance: () => number;
}

export type FigureVerdict = 'accept' | 'counter' | 'hold' | 'probe' | 'note';
export type ApologyResponse = 'accept' | 'partial' | 'cold' | 'enough' | 'minor';

export type AnswerContent =
  | { kind: 'item'; text: string; conflict: boolean }
  | { kind: 'reason'; text: string }
  | { kind: 'because' }
  | { kind: 'firm'; position: FirmPosition }
  | { kind: 'deflect' }
  | { kind: 'number'; figure: string | null; asking: boolean; reference?: boolean }
  | { kind: 'wellbeing' }
  | { kind: 'name' }
  | { kind: 'remark'; text: string }
  | { kind: 'details'; subject: string }
  | { kind: 'sure'; subject?: string | null }
  | { kind: 'pledge'; text: string }
  /** Offered a choice ("Which would you prefer?"), the option the persona takes. */
  | {
      kind: 'choice';
      option: string;
      /** Which of two things is so ("your back or your side?"), not an offer. */ fact?: boolean;
    }
  /** Asked when its side will act, with nothing in the scenario to say: it undertakes to find out. */
  | { kind: 'find-out' }
  /** Offered a service ("Would you like me to add a note?"), the persona takes it. */
  | { kind: 'yes-please' }
  | { kind: 'nothing-else' }
  | { kind: 'next-step'; settled?: boolean }
  | { kind: 'works'; still: string | null }
  | { kind: 'asap' }
  | { kind: 'recap'; text: string }
  /** Asked what worries it, or what makes something hard for it, with nothing in the scenario to say. */
  | { kind: 'concern'; about: Concern }
  /**
   * Nothing to answer with. `happened`: asked whether something happened, which it cannot say: done by
   * someone else ('elsewhere'), or a message it may have had ('received').
   */
  | { kind: 'generic'; happened?: 'elsewhere' | 'received' };

export interface FigureMove {
  kind: 'figure';
  figure: string;
  verdict: FigureVerdict;
  counter: string | null;
  reference: string | null;
  previous: string | null;
  direction: 'up' | 'down' | null;
  atLimit: boolean;
  floor: boolean;
  /** For a noted figure: the learner committed to it (a date they promised), rather than reported it. */
  committed?: boolean;
  /** The learner has already given reasons in this conversation: the persona does not ask what it is based on. */
  based?: boolean;
}

export type Move =
  | { kind: 'deflect-injection'; identity: boolean; pending: string | null }
  | { kind: 'hostility'; level: 1 | 2; warned: boolean }
  | { kind: 'walk-out' }
  | { kind: 'after-walk-out'; apology: boolean }
  | { kind: 'greet' }
  | { kind: 'thanks' }
  /** The learner has told of an illness, a death or a loss in their own family: sorrow first. */
  | { kind: 'condolence' }
  /** "Love you" from someone close, said back. */
  | { kind: 'affection' }
  /** `sorry`: the learner said the word; "That's on me" owns it without one, and is not quoted as "sorry". */
  | { kind: 'apology'; response: ApologyResponse; sorry: boolean }
  | { kind: 'empathy'; disclose: PersonaFact | null; bare: boolean }
  | { kind: 'clarify'; restate: string | null }
  /** The learner has only said hello (or that they are nervous): the persona's first question, again, kindly. */
  | { kind: 'settle'; question: string; thanked: boolean }
  | { kind: 'off-topic'; subject: string; pending: string | null }
  | { kind: 'steer'; quote: string | null }
  | { kind: 'resume'; question: string }
  | { kind: 'answer'; question: Question; content: AnswerContent }
  | FigureMove
  | { kind: 'hold-firm'; position: FirmPosition; restated: boolean }
  | { kind: 'concede'; position: FirmPosition; detail?: string | null }
  | {
      kind: 'yield';
      position: FirmPosition;
      detail: string | null;
      /** What it yields to is a no the learner gave reasons for, not an offer. */
      refused?: boolean;
    }
  | { kind: 'evidence'; line: string }
  /** explained: the learner gave their reasons, so the persona does not ask "why not?". */
  | { kind: 'counterpoint'; quote: string | null; refused: boolean; explained?: boolean }
  | { kind: 'consider'; verdict: 'accept' | 'maybe'; quote: string | null; detail: string | null }
  | {
      kind: 'commitment';
      quote: string | null;
      when: string | null;
      specific: boolean;
      /** It promises only to tell how things go ("I'll let you know"). */
      reportBack?: boolean;
    }
  | { kind: 'agreement' }
  | { kind: 'ask-specifics'; focus: SpecificsFocus; hedge: string | null; again: boolean }
  | { kind: 'acknowledge'; quote: string | null; plain?: boolean }
  | { kind: 'reported'; quote: string | null; figure: string; follow: boolean }
  | { kind: 'meet'; name: string }
  | { kind: 'pursue-goal'; goal: PersonaGoal; first: boolean }
  | { kind: 'press'; line: string }
  | { kind: 'not-so-fast'; goal: PersonaGoal | null }
  | { kind: 'summarise'; items: string[] }
  | { kind: 'wrap-up'; items: string[] }
  | { kind: 'close'; satisfied: boolean };

export type SpecificsFocus = 'number' | 'time' | 'example' | 'detail';

/** How the persona signals the end is near; matches the wrap-up phrasings. */
export const WRAP_UP_MARK =
  /\b(?:running short on time|start wrapping up|bring this to a close|nearly out of time)\b/i;

/**
 * What the persona answers in general terms when the scenario says nothing on it: what worries it, what
 * is hard for it, what it needs, and, as an interviewer, how the job works (training, team, a day, what
 * happens next).
 */
/**
 * What the persona answers for itself in general terms: a worry, what is hard, what it needs, the job (for
 * an interviewer), how it feels ("Are you upset with me?"), and the learner's own read, asked back when the
 * learner asks for its verdict on them ("What do I need to work on?").
 */
export type Concern =
  | 'worry'
  | 'hard'
  | 'need'
  | 'training'
  | 'team'
  | 'day'
  | 'next'
  | 'feeling'
  | 'your-read'
  /** Asked who the learner should talk to: it thinks who, and will say. */
  | 'someone'
  /** Asked how its words came across to someone: it had not seen it from that side. */
  | 'their-side'
  /** Asked what surprised it, or was hardest, in something it went through. */
  | 'looking-back'
  /** Asked what it would take to move it: the learner makes the case, it does not hand it over. */
  | 'case'
  /** Asked who else decides: it does, with others it answers to. */
  | 'decider'
  /** Asked what makes an application, a pitch or a person stand out: be specific. */
  | 'advice'
  /** Asked whether it has seen what the learner sees: some of it. */
  | 'noticed'
  /** A candidate asks what the biggest challenge is for the team or the place. */
  | 'challenge';
