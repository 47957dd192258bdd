import type { InlineCoaching, Message, ScenarioDraft, SessionFeedback } from '@parley/contracts';
import {
  type CoachQuestionInput,
  answerQuestion,
  coachMessage,
  generateOpening,
  generateReply,
  lineActs,
  scoreTranscript,
  SHIPPED_GATE,
  UNGATED,
  WITHHELD_CLAIMS,
} from '@parley/builtin-coach';
import { definitionFromChatScenario } from '../coaching/scenario-fallback';
import {
  NotConfiguredError,
  type AiProvider,
  type CoachingInput,
  type CoachPiece,
  type FeedbackInput,
  type RoleplayInput,
  type ScenarioDraftInput,
} from './ai-provider';

/** Splits a reply into word-sized pieces, spaces attached, the way a model streams tokens. */
export function* pieces(text: string): Generator<string> {
  const parts = text.match(/\S+\s*/g) ?? [];
  for (const part of parts) yield part;
}

/** What the warm-up says: a short conversation that walks the engine's common paths. */
const WARM_UP_LINES = [
  "Um, hi, thanks for making the time. I'd like to talk about the project deadline, you know?",
  'We shipped the billing system two weeks early last quarter, and I led a team of five to do it.',
  'I understand this is hard for you. Could we agree on Friday, and I send you the plan in writing?',
  'Thanks, that works for me. Goodbye!',
];

/**
 * Runs the engine, the scorer and the tip writer once on a made-up scenario, so that the first learner
 * after a start does not wait for the code to be compiled: a cold first reply takes about 150 ms on a
 * small machine, a warm one about 10 ms (voice mode's latency budget is 300 ms for the whole turn).
 */
export function warmUpBuiltinEngine(): void {
  const scenario = definitionFromChatScenario({
    title: 'Agree a new deadline.',
    description: 'A colleague needs the project one week earlier than planned.',
    userRole: 'Project lead',
    aiRole: 'Department head',
  });
  for (const tone of ['friendly', 'neutral', 'tough'] as const) {
    const messages: Message[] = [{ sender: 'ai', content: generateOpening(scenario, tone) }];
    for (const line of WARM_UP_LINES) {
      messages.push({ sender: 'user', content: line });
      messages.push({ sender: 'ai', content: generateReply({ scenario, tone, messages }) });
      coachMessage({ title: scenario.title, description: scenario.description, message: line });
    }
    scoreTranscript(messages, scenario);
  }
}

/** In-process, no network: the role-play engine and the rubric scorer in ../roleplay and ../feedback. */
export class BuiltinProvider implements AiProvider {
  readonly name = 'builtin' as const;

  /**
   * `ungated`: say every kind of claim, even those held back for their precision on the frozen test split
   * (claim-gate.ts) — only for the eval, which measures every kind to decide the gate.
   */
  constructor(private readonly options: { ungated?: boolean } = {}) {}

  async *streamReply(input: RoleplayInput, signal: AbortSignal): AsyncIterable<string> {
    const reply = generateReply({ scenario: input.scenario, tone: input.tone, messages: input.messages });
    for (const piece of pieces(reply)) {
      if (signal.aborted) return;
      yield piece;
      await new Promise((resolve) => setImmediate(resolve)); // flush each piece, as a model would
    }
  }

  async opening(input: {
    scenario: RoleplayInput['scenario'];
    tone: RoleplayInput['tone'];
  }): Promise<string> {
    return generateOpening(input.scenario, input.tone);
  }

  async inlineCoaching(input: CoachingInput): Promise<InlineCoaching> {
    return coachMessage(input);
  }

  /** The kinds of claim the shipped engine holds back, with the precision that held them back, for the eval. */
  withheldClaims(): Record<string, { precision: number; said: number }> {
    return { ...WITHHELD_CLAIMS } as Record<string, { precision: number; said: number }>;
  }

  /** What the engine understands a learner's line to do (the acts it would claim), for the eval. */
  async lineActs(text: string): Promise<string[]> {
    return [...lineActs().actsOf(text)];
  }

  async feedback(input: FeedbackInput): Promise<SessionFeedback> {
    return scoreTranscript(input.messages, input.scenario, this.options.ungated ? UNGATED : SHIPPED_GATE);
  }

  /** The common questions, answered from the evidence the scorer computed (../coach/domain). */
  async *askCoach(input: CoachQuestionInput, signal: AbortSignal): AsyncIterable<CoachPiece> {
    const answer = answerQuestion(input);
    for (const piece of pieces(answer.text)) {
      if (signal.aborted) return;
      yield { content: piece };
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (answer.retryFrom !== null) yield { retryFrom: answer.retryFrom };
  }

  /** The catalogue's closest scenarios already drafted it (sessions owns the catalogue). */
  async draftScenario(input: ScenarioDraftInput): Promise<ScenarioDraft> {
    return input.builtin;
  }

  async transcribe(): Promise<string> {
    throw new NotConfiguredError(
      'Speech-to-text is not configured: set OPENAI_BASE_URL (and OPENAI_API_KEY) to a service with a transcription model',
    );
  }
}
