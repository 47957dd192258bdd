import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/**
 * Boards show the display name the learner chose, never the account name (issue 30), and a learner can
 * leave the boards (Settings' show_leaderboard). Existing names were what settings' display name wrote.
 */
export class BoardNamesAndLeaving1763800000500 implements MigrationInterface {
  name = 'BoardNamesAndLeaving1763800000500';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    // Names announced with a profile were what settings' display name wrote; a name known only from
    // registration is the account's name, which no board shows.
    await q.query(`ALTER TABLE "${s}".players RENAME COLUMN username TO display_name`);
    await q.query(`UPDATE "${s}".players SET display_name = NULL WHERE profile_at IS NULL`);
    await q.query(`ALTER TABLE "${s}".players ADD COLUMN on_boards boolean NOT NULL DEFAULT true`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE "${s}".players DROP COLUMN on_boards`);
    await q.query(`ALTER TABLE "${s}".players RENAME COLUMN display_name TO username`);
  }
}
