import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import {
  activeSessionRpcSchema,
  appendMessagesRpcSchema,
  startAttemptBodySchema,
  type Attempt,
  ERRORS,
  monthlyUsageRpcSchema,
  RPC,
  type MonthlyUsage,
  type PracticeSession,
  type PracticeSessionSummary,
  type RpcRequest,
  startSessionRpcSchema,
} from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { callerOf } from '../rpc-caller';
import { PracticeRepository } from './practice.repository';
import { AppendMessagesUseCase } from './use-cases/append-messages.use-case';
import { DeleteSessionUseCase } from './use-cases/delete-session.use-case';
import { StartAttemptUseCase } from './use-cases/start-attempt.use-case';
import { SESSION_ERRORS, StartSessionUseCase } from './use-cases/start-session.use-case';
import { Usage } from './usage';

const idSchema = z.object({ id: z.uuid({ message: 'id must be a session id (uuid)' }) });
const appendSchema = idSchema.extend({ body: appendMessagesRpcSchema });

@Controller()
export class PracticeRpcController {
  constructor(
    private readonly practice: PracticeRepository,
    private readonly start: StartSessionUseCase,
    private readonly append: AppendMessagesUseCase,
    private readonly remove: DeleteSessionUseCase,
    private readonly usage: Usage,
    private readonly attempt: StartAttemptUseCase,
  ) {}

  /** "Try again from here": a new attempt from one of the learner's messages. */
  @MessagePattern(RPC.sessions.startAttempt)
  onStartAttempt(@Payload() request: RpcRequest): Promise<PracticeSession> {
    const { id, body } = idSchema.extend({ body: startAttemptBodySchema }).parse(request.data);
    return this.attempt.execute(callerOf(request), id, body.from_index);
  }

  /** Every attempt of the session's conversation, with scores. */
  @MessagePattern(RPC.sessions.listAttempts)
  async onListAttempts(@Payload() request: RpcRequest): Promise<Attempt[]> {
    const attempts = await this.practice.attempts(callerOf(request).userId, idSchema.parse(request.data).id);
    if (attempts.length === 0) throw new RpcError(404, SESSION_ERRORS.sessionNotFound);
    return attempts;
  }

  @MessagePattern(RPC.sessions.startSession)
  onStart(@Payload() request: RpcRequest): Promise<PracticeSession> {
    return this.start.execute(callerOf(request), startSessionRpcSchema.parse(request.data));
  }

  /** The caller's active session of a scenario, or null: reopening a chat resumes it. */
  @MessagePattern(RPC.sessions.activeSession)
  onActive(@Payload() request: RpcRequest): Promise<PracticeSession | null> {
    const { scenario_id } = activeSessionRpcSchema.parse(request.data);
    return this.practice.activeFor(callerOf(request).userId, scenario_id);
  }

  @MessagePattern(RPC.sessions.appendMessages)
  onAppend(@Payload() request: RpcRequest): Promise<PracticeSession> {
    const { id, body } = appendSchema.parse(request.data);
    return this.append.execute(callerOf(request), id, body.messages);
  }

  @MessagePattern(RPC.sessions.listSessions)
  onList(@Payload() request: RpcRequest): Promise<PracticeSessionSummary[]> {
    return this.practice.list(callerOf(request).userId);
  }

  @MessagePattern(RPC.sessions.getSession)
  async onGet(@Payload() request: RpcRequest): Promise<PracticeSession> {
    const session = await this.practice.get(callerOf(request).userId, idSchema.parse(request.data).id);
    if (!session) throw new RpcError(404, SESSION_ERRORS.sessionNotFound);
    return session;
  }

  @MessagePattern(RPC.sessions.lastSession)
  async onLast(@Payload() request: RpcRequest): Promise<PracticeSession> {
    const caller = callerOf(request);
    const { userId } = z.object({ userId: z.uuid() }).parse(request.data);
    if (userId !== caller.userId) throw new RpcError(403, ERRORS.forbidden);
    const session = await this.practice.latest(caller.userId);
    if (!session) throw new RpcError(404, SESSION_ERRORS.sessionNotFound);
    return session;
  }

  @MessagePattern(RPC.sessions.deleteSession)
  onDelete(@Payload() request: RpcRequest): Promise<{ success: true }> {
    return this.remove.execute(callerOf(request), idSchema.parse(request.data).id);
  }

  /** The profile's sessions_used: the caller's sessions this calendar month, in their time zone. */
  @MessagePattern(RPC.sessions.monthlyUsage)
  async onMonthlyUsage(@Payload() request: RpcRequest): Promise<MonthlyUsage> {
    const caller = callerOf(request);
    const { userId } = monthlyUsageRpcSchema.parse(request.data ?? {});
    if (userId !== undefined && userId !== caller.userId) throw new RpcError(403, ERRORS.forbidden);
    return { used: (await this.usage.currentMonth(caller.userId)).used };
  }
}
