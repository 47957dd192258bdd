import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@parley/contracts';
import { ListensTo, Outbox, type DomainEventListener } from '@parley/server-messaging';
import { Leaderboards } from '../../leaderboards/leaderboards';

/**
 * Erasure: the ledger, sessions, days, badges, challenges and the player go, the user leaves every
 * leaderboard, and a tombstone (the id only) stops events still in flight from bringing them back.
 */
@Injectable()
@ListensTo('identity.user-deleted')
export class RemovePlayerWhenUserDeletedListener implements DomainEventListener<'identity.user-deleted'> {
  constructor(
    private readonly leaderboards: Leaderboards,
    private readonly outbox: Outbox,
  ) {}

  async handle(event: DomainEvent<'identity.user-deleted'>, manager: EntityManager): Promise<void> {
    const userId = event.userId;
    await manager.query(
      `INSERT INTO deleted_users (user_id, deleted_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [userId, event.payload.deletedAt],
    );
    // The player row first: it is what every other writer of this user locks.
    await manager.query(`SELECT 1 FROM players WHERE user_id = $1 FOR UPDATE`, [userId]);
    for (const table of [
      'xp_ledger',
      'completed_sessions',
      'active_days',
      'user_badges',
      'daily_challenges',
      'streak_freezes',
      'league_results',
    ]) {
      await manager.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
    }
    // Their place in leagues goes, and the leagues they were in count one member fewer.
    await manager.query(
      `WITH gone AS (DELETE FROM league_members WHERE user_id = $1 RETURNING league_id)
       UPDATE leagues l SET members = l.members - 1 FROM gone WHERE l.id = gone.league_id`,
      [userId],
    );
    await manager.query(`DELETE FROM players WHERE user_id = $1`, [userId]);
    await this.outbox.forgetUser(manager, userId);
    await this.leaderboards.remove(userId);
  }
}
