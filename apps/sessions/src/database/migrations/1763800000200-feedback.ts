import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/** The feedback the coaching service computed for a completed session: one row per session. */
export class Feedback1763800000200 implements MigrationInterface {
  name = 'Feedback1763800000200';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}".feedback (
      session_id uuid PRIMARY KEY REFERENCES "${s}".practice_sessions (id) ON DELETE CASCADE,
      user_id uuid NOT NULL,
      scenario_id text NOT NULL,
      clarity numeric(3, 1) NOT NULL CHECK (clarity BETWEEN 0 AND 10),
      empathy numeric(3, 1) NOT NULL CHECK (empathy BETWEEN 0 AND 10),
      persuasion numeric(3, 1) NOT NULL CHECK (persuasion BETWEEN 0 AND 10),
      strengths text[] NOT NULL,
      weaknesses text[] NOT NULL,
      suggestions text[] NOT NULL,
      evidence jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX feedback_user_created_idx ON "${s}".feedback (user_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${schemaOf(q)}".feedback`);
  }
}
