import { Body, Controller, Get, HttpCode, HttpException, Logger, Post, Req, Res } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Subscription } from 'rxjs';
import {
  chatCompletionBodySchema,
  fillerWordsBodySchema,
  generateOpeningBodySchema,
  inlineCoachingBodySchema,
  MAX_CHAT_MESSAGES,
  postSessionFeedbackBodySchema,
  RPC,
  SESSION_FLOW_ERRORS,
  type AiPartner,
  type ChatCompletionBody,
  type ChatScenario,
  type FillerWordsBody,
  type GenerateOpeningBody,
  type InlineCoaching,
  type InlineCoachingBody,
  type Message,
  type PostSessionFeedbackBody,
  type PracticeSession,
  type SessionFeedback,
  type SpeechAnalysis,
  type StoredFeedback,
} from '@parley/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/access-token';
import { toErrorResponse } from '../http/http-error.filter';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { ServiceClients } from '../rpc/service-clients';
import { openEventStream, sendEvent } from '../http/event-stream';
import { SessionCompletion } from './session-completion';

/** Fastify's reply and request as the streaming routes use them (the raw Node objects underneath). */
export interface RawReply {
  raw: import('node:http').ServerResponse;
  getHeaders(): Record<string, unknown>;
}
export interface RawRequest {
  id: string;
  raw: import('node:http').IncomingMessage;
}

/** The stream's last word when the partner's reply could not be stored (the learner sends the line again). */
export const REPLY_NOT_SAVED = 'The reply could not be saved. Send your line again.';

/**
 * The AI partner and the coach (spec section 7, /api/chat/*, /api/analysis/*). The gateway orchestrates:
 * it looks the scenario up in sessions, asks coaching, and saves turns and feedback back to sessions.
 */
@Controller('api')
export class ChatController {
  private readonly logger = new Logger('Chat');

  constructor(
    private readonly clients: ServiceClients,
    private readonly completion: SessionCompletion,
  ) {}

  /**
   * Streams the reply as `data: {"content": "..."}` lines, each flushed as soon as it is produced, then
   * `data: {"done": true}`; a failure ends it with `data: {"error": "..."}`. A `data: {"notice": "..."}`
   * before the content says the reply is the offline partner's (the model is not answering).
   *
   * With `session_id` the conversation is the session's STORED transcript, not the client's history: the
   * learner's new line (the last message sent) is stored, the partner answers the stored transcript, and
   * its whole reply is stored before `done` is sent. Sending again the learner's unanswered last line
   * (a retry after a failed reply) answers it without storing it twice.
   */
  @Post('chat/chat-completion')
  async chatCompletion(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(chatCompletionBodySchema)) body: ChatCompletionBody,
    @Req() request: RawRequest,
    @Res() reply: RawReply,
  ): Promise<void> {
    const sessionId = body.session_id;
    let messages: Message[] = body.messages;
    let scenarioId = body.scenario.id;
    if (sessionId) {
      const session = await this.learnerTurn(user, sessionId, body.messages.at(-1));
      messages = session.messages.slice(-MAX_CHAT_MESSAGES);
      scenarioId = session.scenario_id;
    }
    const definition = await this.completion.definitionFor(user, scenarioId);
    const streamId = randomUUID();
    const res = openEventStream(reply, request);

    let text = '';
    let finished = false;
    const subscription: Subscription = this.clients
      .stream<{ content: string } | { notice: string }>(
        'coaching',
        RPC.coaching.streamReply,
        { streamId, definition, scenario: { ...body.scenario, id: scenarioId }, tone: body.tone, messages },
        user,
      )
      .subscribe({
        next: (piece) => {
          // A word for the learner about the reply (the offline partner took the turn): not part of it.
          if ('notice' in piece) return sendEvent(res, { notice: piece.notice });
          text += piece.content;
          sendEvent(res, { content: piece.content });
        },
        error: (error: unknown) => {
          finished = true;
          sendEvent(res, { error: toErrorResponse(error).body.error });
          res.end();
        },
        complete: () => {
          finished = true;
          void this.storeReply(user, sessionId, text.trim()).then((stored) => {
            // The end marker: a stream that stops without it was cut off (a client can tell the two apart).
            // With a session it comes once the reply is stored, so the next turn reads it. A reply that could
            // not be stored ends in an error instead: the learner's line stays unanswered, and sent again it
            // is answered (not stored twice), so the transcript never lacks a reply the learner saw.
            sendEvent(res, stored ? { done: true } : { error: REPLY_NOT_SAVED });
            res.end();
          });
        },
      });
    // A browser that goes away stops the generation upstream.
    res.on('close', () => {
      if (finished) return;
      subscription.unsubscribe();
      this.clients.sendAs(user, 'coaching', RPC.coaching.cancelStream, { streamId }).catch(() => undefined);
    });
  }

  /**
   * The learner's turn in a stored session: the session must be the caller's (else 404) and active, the
   * line sent last must be the learner's; it is stored unless it is the unanswered line already stored.
   */
  private async learnerTurn(
    user: AuthenticatedUser,
    sessionId: string,
    last: Message | undefined,
  ): Promise<PracticeSession> {
    if (last?.sender !== 'user') throw new HttpException({ error: SESSION_FLOW_ERRORS.lastNotLearner }, 400);
    const session = await this.clients.sendAs<PracticeSession>(user, 'sessions', RPC.sessions.getSession, {
      id: sessionId,
    });
    if (session.status !== 'active')
      throw new HttpException({ error: SESSION_FLOW_ERRORS.sessionEnded }, 409);
    const tail = session.messages.at(-1);
    if (tail?.sender === 'user' && tail.content === last.content) return session;
    return this.clients.sendAs<PracticeSession>(user, 'sessions', RPC.sessions.appendMessages, {
      id: sessionId,
      body: { messages: [last] },
    });
  }

  /** The partner's streamed reply, stored as sent (only the server writes partner lines). */
  private async storeReply(
    user: AuthenticatedUser,
    sessionId: string | undefined,
    text: string,
  ): Promise<boolean> {
    if (!sessionId || !text) return true;
    return this.clients
      .sendAs(user, 'sessions', RPC.sessions.appendMessages, {
        id: sessionId,
        body: { messages: [{ sender: 'ai', content: text }] },
      })
      .then(
        () => true,
        (error: unknown) => {
          this.logger.warn(`could not save the reply to session ${sessionId}: ${(error as Error).message}`);
          return false;
        },
      );
  }

  /** Who plays the partner: Parley's offline engine, or a model by name (kind and name only). */
  @Get('chat/partner')
  partner(@CurrentUser() user: AuthenticatedUser): Promise<AiPartner> {
    return this.clients.sendAs(user, 'coaching', RPC.coaching.partner, {});
  }

  @Post('chat/generate-opening')
  @HttpCode(200)
  async generateOpening(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(generateOpeningBodySchema)) body: GenerateOpeningBody,
  ): Promise<{ content: string }> {
    const scenario: ChatScenario = { id: body.scenario_id, title: body.title, description: body.description };
    const definition = await this.completion.definitionFor(user, body.scenario_id);
    return this.clients.sendAs(user, 'coaching', RPC.coaching.opening, {
      definition,
      scenario,
      tone: body.tone,
    });
  }

  @Post('chat/inline-coaching')
  @HttpCode(200)
  async inlineCoaching(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(inlineCoachingBodySchema)) body: InlineCoachingBody,
  ): Promise<{ coaching: InlineCoaching }> {
    const definition = await this.completion.definitionFor(user, body.scenario_id);
    return this.clients.sendAs(user, 'coaching', RPC.coaching.inlineCoaching, { ...body, definition });
  }

  /**
   * With `session_id`: the feedback for the session's STORED transcript, computed once and kept; the
   * session is completed and session-completed published. Without: feedback for the messages sent.
   */
  @Post('chat/post-session-feedback')
  @HttpCode(200)
  async postSessionFeedback(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(postSessionFeedbackBodySchema)) body: PostSessionFeedbackBody,
  ): Promise<SessionFeedback | StoredFeedback> {
    if (body.session_id) return this.completion.complete(user, body.session_id);
    if (!body.messages?.length) throw new HttpException({ error: 'messages or session_id is required' }, 400);
    return this.clients.sendAs<SessionFeedback>(user, 'coaching', RPC.coaching.feedback, {
      messages: body.messages,
    });
  }

  @Post('analysis/filler-words')
  @HttpCode(200)
  fillerWords(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(fillerWordsBodySchema)) body: FillerWordsBody,
  ): Promise<SpeechAnalysis> {
    return this.clients.sendAs(user, 'coaching', RPC.coaching.speech, body);
  }
}
