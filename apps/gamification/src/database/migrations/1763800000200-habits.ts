import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/**
 * Habits that last (docs/adr/0019): streak freezes, weekly leagues, what the feedback found in each
 * completed session (for practice aimed at the weakest skill), and what streaks need to judge a gap
 * across a change of time zone (each active day's last activity and the zone it was counted in).
 */
export class Habits1763800000200 implements MigrationInterface {
  name = 'Habits1763800000200';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE "${s}".players
      ADD COLUMN xp_spent integer NOT NULL DEFAULT 0 CHECK (xp_spent >= 0),
      ADD COLUMN league_tier smallint NOT NULL DEFAULT 0,
      ADD COLUMN league_week text`);
    await q.query(`ALTER TABLE "${s}".active_days ADD COLUMN last_at timestamptz, ADD COLUMN zone text`);
    await q.query(`UPDATE "${s}".active_days a SET last_at = a.first_at,
      zone = COALESCE((SELECT timezone FROM "${s}".players p WHERE p.user_id = a.user_id), 'UTC')`);
    await q.query(
      `ALTER TABLE "${s}".active_days ALTER COLUMN last_at SET NOT NULL, ALTER COLUMN zone SET NOT NULL`,
    );
    await q.query(`ALTER TABLE "${s}".completed_sessions
      ADD COLUMN open_questions integer NOT NULL DEFAULT 0,
      ADD COLUMN objectives jsonb NOT NULL DEFAULT '[]'`);
    // One row per freeze a player ever got; used_on is the calendar day it covered (null while held).
    await q.query(`CREATE TABLE "${s}".streak_freezes (
      id bigserial PRIMARY KEY,
      user_id uuid NOT NULL,
      source_key text NOT NULL,
      acquired_at timestamptz NOT NULL,
      used_on date,
      CONSTRAINT streak_freezes_once UNIQUE (user_id, source_key)
    )`);
    await q.query(`CREATE TABLE "${s}".leagues (
      id bigserial PRIMARY KEY,
      week text NOT NULL,
      tier smallint NOT NULL,
      members integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz
    )`);
    await q.query(
      `CREATE INDEX leagues_open_idx ON "${s}".leagues (week, tier, id) WHERE settled_at IS NULL`,
    );
    // A member's own week: Monday to Monday in their zone when they were placed.
    await q.query(`CREATE TABLE "${s}".league_members (
      user_id uuid NOT NULL,
      week text NOT NULL,
      league_id bigint NOT NULL REFERENCES "${s}".leagues (id),
      week_from timestamptz NOT NULL,
      week_to timestamptz NOT NULL,
      placed_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, week)
    )`);
    await q.query(`CREATE INDEX league_members_league_idx ON "${s}".league_members (league_id)`);
    // What settlement decided, once per member and week.
    await q.query(`CREATE TABLE "${s}".league_results (
      user_id uuid NOT NULL,
      week text NOT NULL,
      league_id bigint NOT NULL,
      rank integer NOT NULL,
      week_xp integer NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('promoted', 'stayed', 'demoted')),
      tier_before smallint NOT NULL,
      tier_after smallint NOT NULL,
      settled_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, week)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const table of ['league_results', 'league_members', 'leagues', 'streak_freezes']) {
      await q.query(`DROP TABLE "${s}".${table}`);
    }
    await q.query(`ALTER TABLE "${s}".completed_sessions DROP COLUMN open_questions, DROP COLUMN objectives`);
    await q.query(`ALTER TABLE "${s}".active_days DROP COLUMN last_at, DROP COLUMN zone`);
    await q.query(
      `ALTER TABLE "${s}".players DROP COLUMN xp_spent, DROP COLUMN league_tier, DROP COLUMN league_week`,
    );
  }
}
