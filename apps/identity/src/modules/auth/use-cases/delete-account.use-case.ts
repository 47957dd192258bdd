import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ERRORS } from '@parley/contracts';
import { queryRows } from '@parley/server-database';
import { createEvent, Outbox } from '@parley/server-messaging';
import { RpcError } from '@parley/server-observability';
import { IDENTITY_ENV, type IdentityConfig } from '../../../identity.config';
import { SessionRevocations } from '../session-revocations';

/**
 * DELETE /api/user/{id}. Removes the account and everything identity holds about it (credentials, tokens,
 * confirmations, profile and settings go with it by cascade), ends its sessions, and announces
 * user-deleted so every other service removes its own data about the person.
 */
@Injectable()
export class DeleteAccountUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly revocations: SessionRevocations,
    @Inject(IDENTITY_ENV) private readonly env: IdentityConfig,
  ) {}

  async execute(userId: string): Promise<{ message: string }> {
    await this.dataSource.transaction(async (manager) => {
      const sessions: Array<{ family_id: string }> = await manager.query(
        `SELECT DISTINCT family_id FROM refresh_tokens WHERE user_id = $1`,
        [userId],
      );
      const deleted = await queryRows(manager, `DELETE FROM users WHERE id = $1 RETURNING id`, [userId]);
      if (deleted.length === 0) throw new RpcError(404, ERRORS.notFound);
      await this.outbox.forgetUser(manager, userId);
      await this.outbox.add(
        manager,
        createEvent('identity.user-deleted', userId, { deletedAt: new Date().toISOString() }),
      );
      // Last: when Redis refuses, the account stays as it was and the person can try again (ADR 0027).
      await this.revocations.revoke(
        sessions.map((s) => s.family_id),
        this.env.ACCESS_TOKEN_TTL_SECONDS,
      );
    });
    return { message: 'Account deleted' };
  }
}
