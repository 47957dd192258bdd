import type {
  ChatTone,
  DraftScenarioBody,
  ScenarioDraft,
  InlineCoaching,
  Message,
  ScenarioDefinition,
  SessionFeedback,
} from '@parley/contracts';
import type { CoachQuestionInput } from '@parley/builtin-coach';

export interface RoleplayInput {
  scenario: ScenarioDefinition;
  tone: ChatTone;
  messages: Message[];
  /** Told, before the reply, when it does not come from the configured model (the builtin partner took the turn). */
  onNotice?: (notice: string) => void;
}

export interface CoachingInput {
  title: string;
  description: string;
  message: string;
  /** The full scenario when it is a catalogue one: persona, what it holds firm on, the learner's objectives. */
  scenario?: ScenarioDefinition;
}

export interface FeedbackInput {
  messages: Message[];
  scenario?: ScenarioDefinition;
}

/** "Draft it for me": the learner's situation, and the builtin draft from the closest catalogue scenarios. */
export interface ScenarioDraftInput {
  body: DraftScenarioBody;
  builtin: ScenarioDraft;
}

/** A piece of the coach's streamed answer, or (once, at the end) the learner turn it suggests retrying. */
export type CoachPiece = { content: string } | { retryFrom: number };

/** Thrown by a provider that cannot do something in this deployment (e.g. speech-to-text without a model). */
export class NotConfiguredError extends Error {}

/**
 * The one port the coaching service talks to a model through. `builtin` runs in-process with no network;
 * `openai` speaks to any OpenAI-compatible endpoint. Both pass the same contract tests.
 */
export interface AiProvider {
  readonly name: 'builtin' | 'openai';
  /** The partner's next reply, piece by piece as it is produced; stops when `signal` aborts. */
  streamReply(input: RoleplayInput, signal: AbortSignal): AsyncIterable<string>;
  opening(input: { scenario: ScenarioDefinition; tone: ChatTone }): Promise<string>;
  inlineCoaching(input: CoachingInput): Promise<InlineCoaching>;
  feedback(input: FeedbackInput): Promise<SessionFeedback>;
  transcribe(audio: Buffer, mimeType: string, signal?: AbortSignal): Promise<string>;
  /** Ask the coach: an answer about a session's feedback, streamed, then the turn to retry. */
  askCoach(input: CoachQuestionInput, signal: AbortSignal): AsyncIterable<CoachPiece>;
  /** A custom scenario's optional fields drafted from its situation. */
  draftScenario(input: ScenarioDraftInput): Promise<ScenarioDraft>;
}

export const AI_PROVIDER = Symbol('AI_PROVIDER');
