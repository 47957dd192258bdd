import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/**
 * The time zones a player's days were counted in, each with the instant it took effect (issue 30: a day
 * was read in the player's current zone, so changing the zone could backfill a missed streak day). A
 * player who had announced a zone keeps it from the beginning of time, as it was read until now.
 */
export class ZoneChanges1763800000400 implements MigrationInterface {
  name = 'ZoneChanges1763800000400';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}".player_zones (
      user_id uuid NOT NULL REFERENCES "${s}".players (user_id) ON DELETE CASCADE,
      effective_from timestamptz NOT NULL,
      zone text NOT NULL,
      announced_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, effective_from)
    )`);
    await q.query(`INSERT INTO "${s}".player_zones (user_id, effective_from, zone, announced_at)
      SELECT user_id, '-infinity', timezone, profile_at FROM "${s}".players WHERE profile_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${schemaOf(q)}".player_zones`);
  }
}
