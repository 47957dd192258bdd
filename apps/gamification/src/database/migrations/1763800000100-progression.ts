import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/**
 * Players, the append-only XP ledger, completed sessions as gamification saw them, active days (streaks),
 * earned badges, daily challenge progress and the tombstones of deleted users.
 */
export class Progression1763800000100 implements MigrationInterface {
  name = 'Progression1763800000100';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    // Totals kept beside the ledger in the same transactions, so reads never sum the ledger.
    await q.query(`CREATE TABLE "${s}".players (
      user_id uuid PRIMARY KEY,
      username text,
      timezone text NOT NULL DEFAULT 'UTC',
      profile_at timestamptz,
      total_xp integer NOT NULL DEFAULT 0 CHECK (total_xp >= 0),
      level smallint NOT NULL DEFAULT 1,
      sessions_completed integer NOT NULL DEFAULT 0,
      current_streak integer NOT NULL DEFAULT 0,
      longest_streak integer NOT NULL DEFAULT 0,
      last_active_day date,
      badges_count integer NOT NULL DEFAULT 0,
      challenges_claimed integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX players_total_xp_idx ON "${s}".players (total_xp DESC, user_id DESC)`);
    // One row per award; the unique key makes every award happen at most once whatever is redelivered.
    await q.query(`CREATE TABLE "${s}".xp_ledger (
      id bigserial PRIMARY KEY,
      user_id uuid NOT NULL,
      reason text NOT NULL CHECK (reason IN ('session-completed', 'new-scenario', 'daily-streak', 'daily-challenge')),
      source_key text NOT NULL,
      amount integer NOT NULL CHECK (amount > 0),
      event_id uuid,
      awarded_at timestamptz NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT xp_ledger_once UNIQUE (user_id, reason, source_key)
    )`);
    await q.query(`CREATE INDEX xp_ledger_awarded_at_idx ON "${s}".xp_ledger (awarded_at, user_id)`);
    // Append-only: entries are never changed; they go only when their user is erased.
    await q.query(`CREATE FUNCTION "${s}".xp_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'xp_ledger is append-only'; END $$`);
    await q.query(`CREATE TRIGGER xp_ledger_no_update BEFORE UPDATE ON "${s}".xp_ledger
      FOR EACH ROW EXECUTE FUNCTION "${s}".xp_ledger_append_only()`);
    await q.query(`CREATE TABLE "${s}".completed_sessions (
      session_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      scenario_id text NOT NULL,
      category text NOT NULL,
      clarity real NOT NULL,
      empathy real NOT NULL,
      persuasion real NOT NULL,
      message_count integer NOT NULL,
      completed_at timestamptz NOT NULL,
      local_day date NOT NULL,
      event_id uuid NOT NULL
    )`);
    await q.query(
      `CREATE INDEX completed_sessions_user_idx ON "${s}".completed_sessions (user_id, completed_at)`,
    );
    await q.query(`CREATE INDEX completed_sessions_at_idx ON "${s}".completed_sessions (completed_at)`);
    // A day (the user's calendar) with activity, and the streak that day ends.
    await q.query(`CREATE TABLE "${s}".active_days (
      user_id uuid NOT NULL,
      day date NOT NULL,
      streak integer NOT NULL,
      first_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, day)
    )`);
    await q.query(`CREATE INDEX active_days_day_idx ON "${s}".active_days (day)`);
    await q.query(`CREATE TABLE "${s}".user_badges (
      user_id uuid NOT NULL,
      badge_id text NOT NULL,
      earned_at timestamptz NOT NULL,
      event_id uuid,
      PRIMARY KEY (user_id, badge_id)
    )`);
    await q.query(`CREATE INDEX user_badges_earned_at_idx ON "${s}".user_badges (earned_at)`);
    await q.query(`CREATE TABLE "${s}".daily_challenges (
      user_id uuid NOT NULL,
      challenge_id text NOT NULL,
      day date NOT NULL,
      progress integer NOT NULL DEFAULT 0,
      target integer NOT NULL,
      completed_at timestamptz,
      PRIMARY KEY (user_id, challenge_id)
    )`);
    // Events still in flight for an erased user must not bring them back.
    await q.query(`CREATE TABLE "${s}".deleted_users (
      user_id uuid PRIMARY KEY,
      deleted_at timestamptz NOT NULL
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const table of [
      'deleted_users',
      'daily_challenges',
      'user_badges',
      'active_days',
      'completed_sessions',
      'xp_ledger',
      'players',
    ]) {
      await q.query(`DROP TABLE "${s}".${table}`);
    }
    await q.query(`DROP FUNCTION "${s}".xp_ledger_append_only()`);
  }
}
