import {
  Body,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
} from '@nestjs/common';
import { z } from 'zod';
import {
  ERRORS,
  RPC,
  saveFeedbackBodySchema,
  type ProgressRecord,
  type SaveFeedbackBody,
  type StoredFeedback,
} from '@parley/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/access-token';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { ServiceClients } from '../rpc/service-clients';
import { SessionCompletion } from './session-completion';

const userId = new ZodValidationPipe(z.uuid({ message: 'userId must be a user id (uuid)' }));
const sessionId = new ZodValidationPipe(z.uuid({ message: 'sessionId must be a session id (uuid)' }));

/** What GET /api/user/feedback/{sessionId} answers when there is none for the caller (also for others' sessions). */
export const FEEDBACK_NOT_FOUND = 'Feedback not found';

/** Feedback and progress (spec section 7). Scores are the server's, never the client's. */
@Controller('api/user')
export class FeedbackController {
  constructor(
    private readonly clients: ServiceClients,
    private readonly completion: SessionCompletion,
  ) {}

  /**
   * The spec's client posts scores here after a session. What is stored is the feedback the coaching
   * service computed for the session's stored transcript; the posted numbers are validated and ignored.
   */
  @Post('feedback')
  @HttpCode(200)
  save(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(saveFeedbackBodySchema)) body: SaveFeedbackBody,
  ): Promise<StoredFeedback> {
    return this.completion.complete(user, body.session_id);
  }

  /**
   * The stored feedback of one of the caller's sessions (the conversation replay reads it). Sessions
   * looks it up by session AND owner, so another user's session answers the same 404 as one not yet
   * completed.
   */
  @Get('feedback/:sessionId')
  async stored(
    @CurrentUser() user: AuthenticatedUser,
    @Param('sessionId', sessionId) id: string,
  ): Promise<StoredFeedback> {
    const feedback = await this.clients.sendAs<StoredFeedback | null>(
      user,
      'sessions',
      RPC.sessions.getFeedback,
      { id },
    );
    if (!feedback) throw new NotFoundException({ error: FEEDBACK_NOT_FOUND });
    return feedback;
  }

  @Get('progress/:userId')
  progress(
    @CurrentUser() user: AuthenticatedUser,
    @Param('userId', userId) owner: string,
  ): Promise<ProgressRecord[]> {
    if (owner !== user.id) throw new ForbiddenException({ error: ERRORS.forbidden });
    return this.clients.sendAs(user, 'sessions', RPC.sessions.progress, { userId: owner });
  }
}
