import { Controller, Inject, Logger } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Observable } from 'rxjs';
import { z } from 'zod';
import {
  AI_ERRORS,
  chatScenarioSchema,
  chatToneOf,
  coachChatBodySchema,
  MAX_MESSAGES_PER_SESSION,
  objectiveCheckSchema,
  scoreEvidenceSchema,
  draftScenarioBodySchema,
  scenarioDraftSchema,
  fillerWordsBodySchema,
  inlineCoachingBodySchema,
  MAX_CHAT_MESSAGES,
  messageSchema,
  RPC,
  scenarioDefinitionSchema,
  type AiPartner,
  type InlineCoaching,
  type RpcRequest,
  type ScenarioDraft,
  type SessionFeedback,
  type SpeechAnalysis,
} from '@parley/contracts';
import { QueueFactory } from '@parley/server-queue';
import { RpcError, toRpcErrorBody } from '@parley/server-observability';
import { AI_PROVIDER, type AiProvider, type CoachPiece } from '../ai/ai-provider';
import { partnerOf } from '../ai/ai.module';
import { builtinFeedback } from '../ai/model-feedback';
import { AiCallLimiter } from './ai-call-limiter';
import { analysisQueue } from './analysis.queue';
import { definitionFromChatScenario } from './scenario-fallback';

const roleplaySchema = z.object({
  streamId: z.uuid(),
  definition: scenarioDefinitionSchema.optional(),
  scenario: chatScenarioSchema,
  tone: z.string().max(20).optional(),
  messages: z.array(messageSchema).min(1).max(MAX_CHAT_MESSAGES),
});
const openingSchema = z.object({
  definition: scenarioDefinitionSchema.optional(),
  scenario: chatScenarioSchema,
  tone: z.string().max(20).optional(),
});
const inlineCoachingRpcSchema = inlineCoachingBodySchema.extend({
  definition: scenarioDefinitionSchema.optional(),
});
const feedbackSchema = z.object({
  messages: z.array(messageSchema).max(MAX_CHAT_MESSAGES),
  definition: scenarioDefinitionSchema.optional(),
});

const evidenceList = z.array(scoreEvidenceSchema).max(200);
const askCoachSchema = z.object({
  streamId: z.uuid(),
  definition: scenarioDefinitionSchema.optional(),
  transcript: z.array(messageSchema).max(MAX_MESSAGES_PER_SESSION),
  feedback: z.object({
    clarity: z.number(),
    empathy: z.number(),
    persuasion: z.number(),
    strengths: z.array(z.string()),
    weaknesses: z.array(z.string()),
    suggestions: z.array(z.string()),
    evidence: z.object({ clarity: evidenceList, empathy: evidenceList, persuasion: evidenceList }),
    objectives: z.array(objectiveCheckSchema).optional(),
  }),
  thread: coachChatBodySchema.shape.messages,
});
const draftSchema = z.object({ body: draftScenarioBodySchema, builtin: scenarioDraftSchema });

/** How long an API instance waits for a background analysis before giving up (the job still finishes). */
const ANALYSIS_WAIT_MS = 45_000;

/** The caller's user id from the RPC meta; 401 without one. */
export function signedIn(request: RpcRequest): string {
  const userId = request.meta?.userId;
  if (!userId) throw new RpcError(401, 'User is not authenticated');
  return userId;
}

@Controller()
export class CoachingRpcController {
  /** Generations in flight on this instance, so a browser that goes away can stop its own. */
  private readonly streams = new Map<string, AbortController>();
  private readonly logger = new Logger('Coaching');

  constructor(
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
    private readonly limiter: AiCallLimiter,
    private readonly queues: QueueFactory,
  ) {}

  /**
   * The partner's reply, emitted piece by piece as the provider produces it; a `notice` first when the
   * reply is not the configured model's (it is down and the builtin partner took the turn).
   */
  @MessagePattern(RPC.coaching.streamReply)
  streamReply(@Payload() request: RpcRequest): Observable<{ content: string } | { notice: string }> {
    const userId = signedIn(request);
    const input = roleplaySchema.parse(request.data);
    return this.cancellable(userId, input.streamId, async function* (ai, signal) {
      const scenario = input.definition ?? definitionFromChatScenario(input.scenario);
      const notices: string[] = [];
      for await (const piece of ai.streamReply(
        {
          scenario,
          tone: chatToneOf(input.tone),
          messages: input.messages,
          onNotice: (notice) => notices.push(notice),
        },
        signal,
      )) {
        for (const notice of notices.splice(0)) yield { notice };
        yield { content: piece };
      }
    });
  }

  /** Ask the coach: the answer about a session's feedback, piece by piece, then the turn to retry. */
  @MessagePattern(RPC.coaching.askCoach)
  askCoach(@Payload() request: RpcRequest): Observable<CoachPiece> {
    const userId = signedIn(request);
    const input = askCoachSchema.parse(request.data);
    return this.cancellable(userId, input.streamId, (ai, signal) =>
      ai.askCoach(
        {
          scenario: input.definition,
          transcript: input.transcript,
          feedback: input.feedback,
          thread: input.thread,
        },
        signal,
      ),
    );
  }

  /**
   * A generation as an Observable that the gateway can stop by its stream id (cancelStream) or by
   * unsubscribing; it waits for the caller's turn under the AI call limit first.
   */
  private cancellable<T>(
    userId: string,
    streamId: string,
    generate: (ai: AiProvider, signal: AbortSignal) => AsyncIterable<T>,
  ): Observable<T> {
    return new Observable<T>((subscriber) => {
      const controller = new AbortController();
      this.streams.set(streamId, controller);
      void (async () => {
        try {
          await this.limiter.take(userId);
          for await (const piece of generate(this.ai, controller.signal)) {
            if (controller.signal.aborted) break;
            subscriber.next(piece);
          }
          subscriber.complete();
        } catch (error) {
          subscriber.error(
            controller.signal.aborted ? { status: 499, error: 'Cancelled' } : toRpcErrorBody(error),
          );
        } finally {
          this.streams.delete(streamId);
        }
      })();
      return () => controller.abort();
    });
  }

  /** The gateway's browser connection closed: stop generating. */
  @MessagePattern(RPC.coaching.cancelStream)
  cancel(@Payload() request: RpcRequest): { cancelled: boolean } {
    const { streamId } = z.object({ streamId: z.uuid() }).parse(request.data);
    const controller = this.streams.get(streamId);
    controller?.abort();
    return { cancelled: controller !== undefined };
  }

  /** Who plays the partner: the builtin engine, or a model by name (the chat and its report say so). */
  @MessagePattern(RPC.coaching.partner)
  partner(@Payload() request: RpcRequest): AiPartner {
    signedIn(request);
    return partnerOf(this.ai);
  }

  @MessagePattern(RPC.coaching.opening)
  async opening(@Payload() request: RpcRequest): Promise<{ content: string }> {
    await this.limiter.take(signedIn(request));
    const input = openingSchema.parse(request.data);
    const scenario = input.definition ?? definitionFromChatScenario(input.scenario);
    try {
      return { content: await this.ai.opening({ scenario, tone: chatToneOf(input.tone) }) };
    } catch {
      // The spec's fallback when generating an opening fails.
      return { content: `Let's begin practicing **${input.scenario.title}**.` };
    }
  }

  @MessagePattern(RPC.coaching.inlineCoaching)
  async inlineCoaching(@Payload() request: RpcRequest): Promise<{ coaching: InlineCoaching }> {
    await this.limiter.take(signedIn(request));
    const { definition, ...body } = inlineCoachingRpcSchema.parse(request.data);
    return { coaching: await this.ai.inlineCoaching({ ...body, scenario: definition }) };
  }

  /** Whole-session feedback, computed by a worker; this instance only waits for it. */
  @MessagePattern(RPC.coaching.feedback)
  async feedback(@Payload() request: RpcRequest): Promise<SessionFeedback> {
    await this.limiter.take(signedIn(request));
    const input = feedbackSchema.parse(request.data);
    return this.queues
      .client(analysisQueue)
      .addAndWait(
        'session-feedback',
        { messages: input.messages, scenario: input.definition },
        ANALYSIS_WAIT_MS,
      )
      .catch((error: unknown) => {
        // The worker did not answer in time (or failed): End Session shows no error while the builtin
        // engine can score the transcript here.
        this.logger.warn(
          `feedback from the worker failed (${(error as Error).message}); the builtin engine scores it`,
        );
        try {
          return builtinFeedback(input.messages, input.definition);
        } catch {
          throw new RpcError(502, `${AI_ERRORS.feedbackFailed}: ${(error as Error).message}`);
        }
      });
  }

  /** "Draft it for me": the model's draft when one is configured, else the catalogue's builtin draft. */
  @MessagePattern(RPC.coaching.draftScenario)
  async draftScenario(@Payload() request: RpcRequest): Promise<ScenarioDraft> {
    await this.limiter.take(signedIn(request));
    return this.ai.draftScenario(draftSchema.parse(request.data));
  }

  @MessagePattern(RPC.coaching.speech)
  async speech(@Payload() request: RpcRequest): Promise<SpeechAnalysis> {
    signedIn(request);
    const { messages } = fillerWordsBodySchema.parse(request.data);
    return this.queues.client(analysisQueue).addAndWait('speech-analysis', { messages }, ANALYSIS_WAIT_MS);
  }
}
