import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import {
  ERRORS,
  RPC,
  sessionFeedbackSchema,
  type ProgressRecord,
  type RpcRequest,
  type StoredFeedback,
} from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { callerOf } from '../rpc-caller';
import { CompleteSessionUseCase } from './complete-session.use-case';
import { FeedbackRepository } from './feedback.repository';

@Controller()
export class FeedbackRpcController {
  constructor(
    private readonly complete: CompleteSessionUseCase,
    private readonly feedback: FeedbackRepository,
  ) {}

  @MessagePattern(RPC.sessions.completeSession)
  onComplete(@Payload() request: RpcRequest): Promise<StoredFeedback> {
    const { id, feedback } = z.object({ id: z.uuid(), feedback: sessionFeedbackSchema }).parse(request.data);
    return this.complete.execute(callerOf(request), id, feedback);
  }

  @MessagePattern(RPC.sessions.getFeedback)
  async onGet(@Payload() request: RpcRequest): Promise<StoredFeedback | null> {
    const { id } = z.object({ id: z.uuid() }).parse(request.data);
    return this.feedback.forSession(callerOf(request).userId, id);
  }

  @MessagePattern(RPC.sessions.progress)
  onProgress(@Payload() request: RpcRequest): Promise<ProgressRecord[]> {
    const caller = callerOf(request);
    const { userId } = z.object({ userId: z.uuid() }).parse(request.data);
    if (userId !== caller.userId) throw new RpcError(403, ERRORS.forbidden);
    return this.feedback.progress(caller.userId);
  }
}
