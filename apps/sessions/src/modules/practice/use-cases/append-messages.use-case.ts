import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MAX_MESSAGES_PER_SESSION, type Message, type PracticeSession } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import type { Caller } from '../../rpc-caller';
import { PracticeRepository } from '../practice.repository';
import { Usage } from '../usage';
import { SESSION_ERRORS } from './start-session.use-case';

/**
 * Each turn is stored as it happens, in order, only while the session is active and only by its owner.
 * Only the gateway calls this (the learner's line, then the partner's streamed reply): the public route
 * refuses client-written turns. A session's first learner line counts it against the month.
 */
@Injectable()
export class AppendMessagesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly practice: PracticeRepository,
    private readonly usage: Usage,
  ) {}

  async execute(caller: Caller, sessionId: string, messages: Message[]): Promise<PracticeSession> {
    const learnerLine = messages.some((m) => m.sender === 'user');
    return this.dataSource.transaction(async (manager) => {
      // The usage lock before the row lock, in the order a new session takes them (no deadlock).
      if (learnerLine) await this.usage.lock(manager, caller.userId);
      const rows: Array<{ status: string; message_count: number }> = await manager.query(
        `SELECT status, message_count FROM practice_sessions WHERE id = $1 AND user_id = $2 FOR UPDATE`,
        [sessionId, caller.userId],
      );
      const session = rows[0];
      if (!session) throw new RpcError(404, SESSION_ERRORS.sessionNotFound);
      if (session.status !== 'active') throw new RpcError(409, SESSION_ERRORS.sessionEnded);
      if (session.message_count + messages.length > MAX_MESSAGES_PER_SESSION)
        throw new RpcError(413, SESSION_ERRORS.tooManyMessages);
      if (learnerLine) await this.usage.countFirstLine(manager, caller, sessionId);
      await this.practice.appendMessages(manager, sessionId, session.message_count, messages);
      return (await this.practice.get(caller.userId, sessionId, manager))!;
    });
  }
}
