import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/** The scenario catalogue, practice sessions with their messages, usage and what sessions knows of users. */
export class Practice1763800000100 implements MigrationInterface {
  name = 'Practice1763800000100';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}".scenarios (
      id text PRIMARY KEY,
      category text NOT NULL,
      title text NOT NULL,
      description text NOT NULL,
      tags text[] NOT NULL,
      difficulty text NOT NULL CHECK (difficulty IN ('Beginner', 'Intermediate', 'Advanced')),
      time_estimate text NOT NULL,
      user_role text NOT NULL,
      ai_role text NOT NULL,
      premium boolean NOT NULL,
      definition jsonb NOT NULL,
      position integer NOT NULL,
      retired_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX scenarios_tags_idx ON "${s}".scenarios USING gin (tags)`);
    await q.query(`CREATE TABLE "${s}".user_profiles (
      user_id uuid PRIMARY KEY,
      plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'premium')),
      timezone text NOT NULL DEFAULT 'UTC',
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE "${s}".practice_sessions (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      scenario_id text NOT NULL REFERENCES "${s}".scenarios (id),
      tone_preference text NOT NULL,
      avatar_style text,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed')),
      message_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    )`);
    await q.query(
      `CREATE INDEX practice_sessions_user_created_idx ON "${s}".practice_sessions (user_id, created_at DESC)`,
    );
    await q.query(`CREATE TABLE "${s}".session_messages (
      session_id uuid NOT NULL REFERENCES "${s}".practice_sessions (id) ON DELETE CASCADE,
      seq integer NOT NULL,
      sender text NOT NULL CHECK (sender IN ('user', 'ai')),
      content text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (session_id, seq)
    )`);
    // One row per session ever started, kept when the session is deleted, so deleting gives no quota back.
    await q.query(`CREATE TABLE "${s}".usage_ledger (
      session_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      month text NOT NULL,
      counted_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX usage_ledger_user_month_idx ON "${s}".usage_ledger (user_id, month)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const table of [
      'usage_ledger',
      'session_messages',
      'practice_sessions',
      'user_profiles',
      'scenarios',
    ]) {
      await q.query(`DROP TABLE "${s}".${table}`);
    }
  }
}
