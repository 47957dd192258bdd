import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MAX_MESSAGES_PER_SESSION, type Message, type PracticeSession } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import type { Caller } from '../../rpc-caller';
import { PracticeRepository } from '../practice.repository';
import { SESSION_ERRORS } from './start-session.use-case';

/** Each turn is stored as it happens, in order, only while the session is active and only by its owner. */
@Injectable()
export class AppendMessagesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly practice: PracticeRepository,
  ) {}

  async execute(caller: Caller, sessionId: string, messages: Message[]): Promise<PracticeSession> {
    return this.dataSource.transaction(async (manager) => {
      const rows: Array<{ status: string; message_count: number }> = await manager.query(
        `SELECT status, message_count FROM practice_sessions WHERE id = $1 AND user_id = $2 FOR UPDATE`,
        [sessionId, caller.userId],
      );
      const session = rows[0];
      if (!session) throw new RpcError(404, SESSION_ERRORS.sessionNotFound);
      if (session.status !== 'active') throw new RpcError(409, SESSION_ERRORS.sessionEnded);
      if (session.message_count + messages.length > MAX_MESSAGES_PER_SESSION)
        throw new RpcError(413, SESSION_ERRORS.tooManyMessages);
      await this.practice.appendMessages(manager, sessionId, session.message_count, messages);
      return (await this.practice.get(caller.userId, sessionId, manager))!;
    });
  }
}
