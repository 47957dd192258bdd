import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/**
 * A learner's own scenarios live beside the catalogue's (owner_id set, what they wrote in `custom`), so a
 * session's foreign key, history title and definition look-up work the same for both. A retry of a
 * session is a session of its own, linked to the conversation's first attempt.
 */
export class CustomScenariosAndAttempts1763800000300 implements MigrationInterface {
  name = 'CustomScenariosAndAttempts1763800000300';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE "${s}".scenarios ADD COLUMN owner_id uuid, ADD COLUMN custom jsonb,
      ADD COLUMN created_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(
      `CREATE INDEX scenarios_owner_idx ON "${s}".scenarios (owner_id, created_at) WHERE owner_id IS NOT NULL`,
    );
    await q.query(`ALTER TABLE "${s}".practice_sessions
      ADD COLUMN parent_session_id uuid REFERENCES "${s}".practice_sessions (id) ON DELETE SET NULL,
      ADD COLUMN branch_from_index integer CHECK (branch_from_index >= 0)`);
    await q.query(
      `CREATE INDEX practice_sessions_parent_idx ON "${s}".practice_sessions (parent_session_id) WHERE parent_session_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(
      `ALTER TABLE "${s}".practice_sessions DROP COLUMN parent_session_id, DROP COLUMN branch_from_index`,
    );
    await q.query(`DELETE FROM "${s}".scenarios WHERE owner_id IS NOT NULL`);
    await q.query(
      `ALTER TABLE "${s}".scenarios DROP COLUMN owner_id, DROP COLUMN custom, DROP COLUMN created_at`,
    );
  }
}
