import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  HttpCode,
  Param,
  Post,
} from '@nestjs/common';
import { z } from 'zod';
import {
  appendMessagesBodySchema,
  startAttemptBodySchema,
  type Attempt,
  type StartAttemptBody,
  createSessionBodySchema,
  ERRORS,
  RPC,
  SESSION_FLOW_ERRORS,
  type CreateSessionBody,
  type MonthlyUsage,
  type PracticeSession,
  type PracticeSessionSummary,
} from '@parley/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/access-token';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { ServiceClients } from '../rpc/service-clients';
import { SessionCompletion } from '../coaching/session-completion';

const sessionId = new ZodValidationPipe(z.uuid({ message: 'id must be a session id (uuid)' }));
const userId = new ZodValidationPipe(z.uuid({ message: 'userId must be a user id (uuid)' }));

/** Practice sessions (spec section 7), saved as they go; only ever the caller's own. */
@Controller('api/user')
export class SessionsController {
  constructor(
    private readonly clients: ServiceClients,
    private readonly completion: SessionCompletion,
  ) {}

  @Get('sessions')
  list(@CurrentUser() user: AuthenticatedUser): Promise<PracticeSessionSummary[]> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.listSessions, {});
  }

  @Get('sessions/view/:id')
  view(@CurrentUser() user: AuthenticatedUser, @Param('id', sessionId) id: string): Promise<PracticeSession> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.getSession, { id });
  }

  @Get('sessions/last/:userId')
  last(
    @CurrentUser() user: AuthenticatedUser,
    @Param('userId', userId) owner: string,
  ): Promise<PracticeSession> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.lastSession, { userId: owner });
  }

  /**
   * Starts a practice, or resumes the scenario's active one (reopening, reloading, going back: no second
   * session). The partner's opening is the server's; `start_over: true` begins a new conversation.
   */
  @Post('sessions')
  @HttpCode(201)
  start(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(createSessionBodySchema)) body: CreateSessionBody,
  ): Promise<PracticeSession> {
    if (body.user_id && body.user_id !== user.id) throw new ForbiddenException({ error: ERRORS.forbidden });
    return this.completion.open(user, body);
  }

  /**
   * Refused (ADR 0036): a transcript grows only by a learner line and the partner's reply, both stored by
   * chat-completion with `session_id`. Validated first, so a partner line is refused by name.
   */
  @Post('sessions/:id/messages')
  @HttpCode(200)
  append(
    @Param('id', sessionId) _id: string,
    @Body(new ZodValidationPipe(appendMessagesBodySchema)) _body: unknown,
  ): never {
    throw new BadRequestException({ error: SESSION_FLOW_ERRORS.appendRefused });
  }

  /** "Try again from here": a new attempt from one of the learner's messages (counts like any session). */
  @Post('sessions/:id/attempts')
  @HttpCode(201)
  startAttempt(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', sessionId) id: string,
    @Body(new ZodValidationPipe(startAttemptBodySchema)) body: StartAttemptBody,
  ): Promise<PracticeSession> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.startAttempt, { id, body });
  }

  @Get('sessions/:id/attempts')
  attempts(@CurrentUser() user: AuthenticatedUser, @Param('id', sessionId) id: string): Promise<Attempt[]> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.listAttempts, { id });
  }

  @Delete('sessions/:id')
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', sessionId) id: string,
  ): Promise<{ success: true }> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.deleteSession, { id });
  }

  /**
   * Called by the spec's client when a session ends. Usage is derived from stored sessions, so this
   * cannot raise it: it answers the count the server holds.
   */
  @Post('increment-sessions/:userId')
  @HttpCode(200)
  async increment(
    @CurrentUser() user: AuthenticatedUser,
    @Param('userId', userId) owner: string,
  ): Promise<{ sessions_used: number }> {
    if (owner !== user.id) throw new ForbiddenException({ error: ERRORS.forbidden });
    const usage = await this.clients.sendAs<MonthlyUsage>(user, 'sessions', RPC.sessions.monthlyUsage, {
      userId: user.id,
    });
    return { sessions_used: usage.used };
  }
}
