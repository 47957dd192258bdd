import type { InlineCoaching, ScenarioDraft, SessionFeedback } from '@parley/contracts';
import { coachMessage } from '../feedback/domain/inline-coaching';
import { scoreTranscript } from '../feedback/domain/score-transcript';
import { generateOpening, generateReply } from '../roleplay/domain/roleplay-engine';
import {
  NotConfiguredError,
  type AiProvider,
  type CoachingInput,
  type FeedbackInput,
  type RoleplayInput,
  type ScenarioDraftInput,
} from './ai-provider';

/** Splits a reply into word-sized pieces, spaces attached, the way a model streams tokens. */
export function* pieces(text: string): Generator<string> {
  const parts = text.match(/\S+\s*/g) ?? [];
  for (const part of parts) yield part;
}

/** In-process, no network: the role-play engine and the rubric scorer in ../roleplay and ../feedback. */
export class BuiltinProvider implements AiProvider {
  readonly name = 'builtin' as const;

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

  async feedback(input: FeedbackInput): Promise<SessionFeedback> {
    return scoreTranscript(input.messages, input.scenario);
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
