import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/** Ask the coach: each session's thread of questions and answers, kept with the session. */
export class CoachThreads1763800000400 implements MigrationInterface {
  name = 'CoachThreads1763800000400';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}".coach_messages (
      session_id uuid NOT NULL REFERENCES "${s}".practice_sessions (id) ON DELETE CASCADE,
      seq integer NOT NULL,
      sender text NOT NULL CHECK (sender IN ('user', 'coach')),
      content text NOT NULL,
      retry_from integer CHECK (retry_from >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (session_id, seq)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${schemaOf(q)}".coach_messages`);
  }
}
