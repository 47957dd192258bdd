import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '@parley/server-database';
import { createEvent, Outbox } from '@parley/server-messaging';
import { RpcError } from '@parley/server-observability';
import type { Caller } from '../../rpc-caller';
import { SESSION_ERRORS } from './start-session.use-case';

/**
 * Deletes one of the caller's sessions with its messages, and announces `sessions.session-deleted` in the
 * same transaction (export revokes the session's share links and files). The month's usage stays counted.
 */
@Injectable()
export class DeleteSessionUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async execute(caller: Caller, sessionId: string): Promise<{ success: true }> {
    await this.dataSource.transaction(async (manager) => {
      // queryRows: TypeORM answers a DELETE … RETURNING with [rows, count], never an empty array.
      const deleted = await queryRows(
        manager,
        `DELETE FROM practice_sessions WHERE id = $1 AND user_id = $2 RETURNING id`,
        [sessionId, caller.userId],
      );
      if (deleted.length === 0) throw new RpcError(404, SESSION_ERRORS.sessionNotFound);
      await this.outbox.add(
        manager,
        createEvent('sessions.session-deleted', caller.userId, {
          sessionId,
          deletedAt: new Date().toISOString(),
        }),
      );
    });
    return { success: true };
  }
}
