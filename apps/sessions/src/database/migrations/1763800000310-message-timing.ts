import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/**
 * A spoken or dictated learner message keeps its timing (speaking time, silences inside the turn, the
 * pause before it), so the speech analysis and the feedback can use it after the page is gone.
 */
export class MessageTiming1763800000310 implements MigrationInterface {
  name = 'MessageTiming1763800000310';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${schemaOf(q)}".session_messages ADD COLUMN timing jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${schemaOf(q)}".session_messages DROP COLUMN timing`);
  }
}
