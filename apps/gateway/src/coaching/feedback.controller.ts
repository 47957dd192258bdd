import { Body, Controller, ForbiddenException, Get, HttpCode, Param, Post } from '@nestjs/common';
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
import type { AuthenticatedUser } from '../auth/jwt.strategy';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { ServiceClients } from '../rpc/service-clients';
import { SessionCompletion } from './session-completion';

const userId = new ZodValidationPipe(z.uuid({ message: 'userId must be a user id (uuid)' }));

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

  @Get('progress/:userId')
  progress(
    @CurrentUser() user: AuthenticatedUser,
    @Param('userId', userId) owner: string,
  ): Promise<ProgressRecord[]> {
    if (owner !== user.id) throw new ForbiddenException({ error: ERRORS.forbidden });
    return this.clients.sendAs(user, 'sessions', RPC.sessions.progress, { userId: owner });
  }
}
