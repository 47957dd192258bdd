import type { DataSource } from 'typeorm';
import { queryRows } from '@parley/server-database';
import { CATEGORY_ORDER, currentBuckets } from './leaderboard-buckets';
import { LeaderboardScores } from './leaderboard-scores.repository';
import type { LeaderboardStore } from './leaderboard.store';

export interface RebuildReport {
  players: number;
  boards: number;
  deletedKeys: number;
}

/**
 * Recreates the boards people can see (all-time, this week, this month) from PostgreSQL after Redis lost
 * them, or to repair them. Runs in one transaction holding a SHARE lock on players: event handlers and
 * claims (which write players) wait until it is done, then put their own fresh scores on top, so nothing
 * is lost and nothing stale is written over newer data.
 */
export class RebuildLeaderboardsUseCase {
  private readonly scores = new LeaderboardScores();

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: LeaderboardStore,
  ) {}

  /**
   * With `onlyIfLost`, for the repair loop of every replica: nothing happens unless the boards are gone
   * (Redis restarted empty) and no other replica is rebuilding them right now; then null.
   */
  async execute(now?: Date): Promise<RebuildReport>;
  async execute(now: Date | undefined, options: { onlyIfLost: true }): Promise<RebuildReport | null>;
  async execute(now: Date = new Date(), options?: { onlyIfLost: true }): Promise<RebuildReport | null> {
    if (options?.onlyIfLost && (await this.store.isBuilt())) return null;
    return this.dataSource.transaction(async (manager) => {
      if (options?.onlyIfLost) {
        const [lock] = await queryRows<{ locked: boolean }>(
          manager,
          `SELECT pg_try_advisory_xact_lock(hashtext('leaderboards-rebuild:' || current_schema())) AS locked`,
        );
        if (!lock?.locked || (await this.store.isBuilt())) return null;
      }
      await manager.query(`LOCK TABLE players IN SHARE MODE`);
      const deletedKeys = await this.store.clear();
      let players = 0;
      let boards = 0;
      for (const bucket of currentBuckets(now)) {
        const rows = await this.scores.scoresOfEveryone(manager, bucket);
        players = Math.max(players, rows.length);
        await this.store.fill(bucket, rows);
        boards += CATEGORY_ORDER.length;
      }
      await this.store.markBuilt(now);
      return { players, boards, deletedKeys };
    });
  }
}
