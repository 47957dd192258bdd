import { Inject, Injectable, Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { DataSource, type EntityManager } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { queryRows, REDIS } from '@parley/server-database';
import type { Day } from '../progression/domain/calendar';
import { bucketsOf } from './leaderboard-buckets';
import { LeaderboardScores } from './leaderboard-scores.repository';
import { LeaderboardStore } from './leaderboard.store';

/** The schema name doubles as the Redis namespace of this deployment's (or test run's) boards. */
export function leaderboardNamespace(dataSource: DataSource): string {
  const schema = (dataSource.options as PostgresConnectionOptions).schema;
  if (!schema) throw new Error('Data source has no schema configured');
  return schema;
}

/**
 * Keeps one user's places on the boards current. Called last in the transaction that changed their
 * totals, while their player row is locked, so the writes of one user happen in commit order. A Redis
 * failure does not fail the event: the boards are a view. The transaction records the repair it owes
 * (`leaderboard_repairs`), which the repair loop pays once Redis answers (LeaderboardRepairScheduler).
 */
@Injectable()
export class Leaderboards {
  private readonly logger = new Logger('Leaderboards');
  readonly store: LeaderboardStore;
  readonly scores = new LeaderboardScores();

  constructor(@Inject(REDIS) redis: Redis, dataSource: DataSource) {
    this.store = new LeaderboardStore(redis, leaderboardNamespace(dataSource));
  }

  /** Recomputes the user's all-time scores and those of the weeks and months of `days`. */
  async refresh(manager: EntityManager, userId: string, days: Iterable<Day>): Promise<void> {
    const list = [...days];
    const entries = await this.scores.scoresOfUser(manager, userId, bucketsOf(list));
    try {
      await this.store.write(userId, entries);
    } catch (error) {
      this.logger.warn(`leaderboard write failed for ${userId}, repair queued: ${(error as Error).message}`);
      await manager.query(
        `INSERT INTO leaderboard_repairs (user_id, days) VALUES ($1, $2::date[])
         ON CONFLICT (user_id) DO UPDATE
           SET days = ARRAY(SELECT DISTINCT d FROM unnest(leaderboard_repairs.days || EXCLUDED.days) AS d ORDER BY d)`,
        [userId, list],
      );
    }
  }

  /**
   * Pays up to `limit` queued repairs, each in its own transaction under the player's row lock (so it
   * cannot write over a newer change of that player); a repair that Redis refuses again stays queued.
   * Answers how many were paid.
   */
  async repairQueued(dataSource: DataSource, limit = 200): Promise<number> {
    const queued = await queryRows<{ user_id: string }>(
      dataSource,
      `SELECT user_id FROM leaderboard_repairs ORDER BY queued_at LIMIT $1`,
      [limit],
    );
    let paid = 0;
    for (const { user_id: userId } of queued) {
      await dataSource.transaction(async (manager) => {
        await manager.query(`SELECT 1 FROM players WHERE user_id = $1 FOR UPDATE`, [userId]);
        const [repair] = await queryRows<{ days: string[] }>(
          manager,
          `SELECT ARRAY(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(days) AS d) AS days
             FROM leaderboard_repairs WHERE user_id = $1`,
          [userId],
        );
        if (!repair) return;
        const entries = await this.scores.scoresOfUser(manager, userId, bucketsOf(repair.days as Day[]));
        await this.store.write(userId, entries);
        await manager.query(`DELETE FROM leaderboard_repairs WHERE user_id = $1`, [userId]);
        paid += 1;
      });
    }
    return paid;
  }

  async remove(userId: string): Promise<void> {
    try {
      await this.store.remove(userId);
    } catch (error) {
      // The player row is gone, so boards never show them; a rebuild drops the stale member.
      this.logger.warn(`leaderboard removal failed for ${userId}: ${(error as Error).message}`);
    }
  }
}
