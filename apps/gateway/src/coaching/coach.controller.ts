import { Body, Controller, Get, HttpException, Logger, Param, Post, Req, Res } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Subscription } from 'rxjs';
import { z } from 'zod';
import {
  COACH_ERRORS,
  coachChatBodySchema,
  RPC,
  type CoachChatBody,
  type CoachThreadEntry,
  type PracticeSession,
  type StoredFeedback,
} from '@parley/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import { toErrorResponse } from '../http/http-error.filter';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { ServiceClients } from '../rpc/service-clients';
import type { RawReply, RawRequest } from './chat.controller';
import { openEventStream, sendEvent } from '../http/event-stream';
import { SessionCompletion } from './session-completion';

/** The signed-in caller as the gateway's other routes take it (whatever module declares it). */
type AuthenticatedUser = Parameters<SessionCompletion['definitionFor']>[0];

const sessionId = new ZodValidationPipe(z.uuid({ message: 'id must be a session id (uuid)' }));

/**
 * Ask the coach (issue 20): questions about a completed session's feedback, answered by coaching's
 * provider from the session's transcript, scores, evidence and scenario, streamed like the chat. The
 * question and the whole answer are saved to the session's thread once the answer has finished.
 */
@Controller('api')
export class CoachController {
  private readonly logger = new Logger('Coach');

  constructor(
    private readonly clients: ServiceClients,
    private readonly completion: SessionCompletion,
  ) {}

  /**
   * `data: {"content": "..."}` lines, then `data: {"retry_from": n}` when the coach suggests a turn to
   * try again, then `data: {"done": true}`; a failure ends it with `data: {"error": "..."}`.
   */
  @Post('chat/coach')
  async ask(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(coachChatBodySchema)) body: CoachChatBody,
    @Req() request: RawRequest,
    @Res() reply: RawReply,
  ): Promise<void> {
    // Before any byte is streamed: someone else's session is sessions' 404, an open one a clear 409.
    const session = await this.clients.sendAs<PracticeSession>(user, 'sessions', RPC.sessions.getSession, {
      id: body.session_id,
    });
    const feedback = await this.clients.sendAs<StoredFeedback | null>(
      user,
      'sessions',
      RPC.sessions.getFeedback,
      { id: body.session_id },
    );
    if (!feedback) throw new HttpException({ error: COACH_ERRORS.noFeedback }, 409);
    const definition = await this.completion.definitionFor(user, session.scenario_id).catch(() => undefined);
    const streamId = randomUUID();
    const res = openEventStream(reply, request);

    let text = '';
    let retryFrom: number | null = null;
    let finished = false;
    const subscription: Subscription = this.clients
      .stream<{ content?: string; retryFrom?: number }>(
        'coaching',
        RPC.coaching.askCoach,
        {
          streamId,
          definition,
          transcript: session.messages.map((m) => ({ sender: m.sender, content: m.content })),
          feedback: { ...feedback, objectives: feedback.objectives ?? [] },
          thread: body.messages,
        },
        user,
      )
      .subscribe({
        next: (piece) => {
          if (typeof piece.content === 'string') {
            text += piece.content;
            sendEvent(res, { content: piece.content });
          } else if (typeof piece.retryFrom === 'number') {
            retryFrom = piece.retryFrom;
            sendEvent(res, { retry_from: piece.retryFrom });
          }
        },
        error: (error: unknown) => {
          finished = true;
          sendEvent(res, { error: toErrorResponse(error).body.error });
          res.end();
        },
        complete: () => {
          finished = true;
          const question = body.messages.at(-1)!;
          this.clients
            .sendAs(user, 'sessions', RPC.sessions.appendCoachThread, {
              id: body.session_id,
              entries: [
                { sender: 'user', content: question.content, retry_from: null },
                { sender: 'coach', content: text.trim().slice(0, 4000), retry_from: retryFrom },
              ],
            })
            .catch((error: unknown) =>
              this.logger.warn(
                `could not save the coach thread of ${body.session_id}: ${(error as Error).message}`,
              ),
            )
            .finally(() => {
              sendEvent(res, { done: true });
              res.end();
            });
        },
      });
    res.on('close', () => {
      if (finished) return;
      subscription.unsubscribe();
      this.clients.sendAs(user, 'coaching', RPC.coaching.cancelStream, { streamId }).catch(() => undefined);
    });
  }

  /** The session's coach thread, for the report, replay and PDF. */
  @Get('user/sessions/:id/coach')
  thread(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', sessionId) id: string,
  ): Promise<CoachThreadEntry[]> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.getCoachThread, { id });
  }
}
