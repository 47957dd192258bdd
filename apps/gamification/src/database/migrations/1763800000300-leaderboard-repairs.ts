import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/**
 * Leaderboard writes that Redis refused: the player and the days whose boards need their scores again.
 * Written in the transaction that changed the player, so a repair is owed exactly when the change committed;
 * the repair loop (leaderboard-repair.scheduler.ts) writes the scores and deletes the row.
 */
export class LeaderboardRepairs1763800000300 implements MigrationInterface {
  name = 'LeaderboardRepairs1763800000300';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}".leaderboard_repairs (
      user_id uuid PRIMARY KEY,
      days date[] NOT NULL DEFAULT '{}',
      queued_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${schemaOf(q)}".leaderboard_repairs`);
  }
}
