import { Inject, Injectable, Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { DataSource, type EntityManager } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { REDIS } from '@parley/server-database';
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
 * failure does not fail the event: the boards are a view, and `leaderboards rebuild` restores them.
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
    const entries = await this.scores.scoresOfUser(manager, userId, bucketsOf(days));
    try {
      await this.store.write(userId, entries);
    } catch (error) {
      this.logger.warn(`leaderboard write failed for ${userId}: ${(error as Error).message}`);
    }
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
