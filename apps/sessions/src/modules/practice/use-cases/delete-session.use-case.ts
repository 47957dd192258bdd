import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '@parley/server-database';
import { RpcError } from '@parley/server-observability';
import type { Caller } from '../../rpc-caller';
import { SESSION_ERRORS } from './start-session.use-case';

/** Deletes one of the caller's sessions with its messages. The month's usage stays counted. */
@Injectable()
export class DeleteSessionUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async execute(caller: Caller, sessionId: string): Promise<{ success: true }> {
    const deleted = await queryRows(
      this.dataSource,
      `DELETE FROM practice_sessions WHERE id = $1 AND user_id = $2 RETURNING id`,
      [sessionId, caller.userId],
    );
    if (deleted.length === 0) throw new RpcError(404, SESSION_ERRORS.sessionNotFound);
    return { success: true };
  }
}
