import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/** One-time recovery codes of a second factor, stored as keyed digests (ADR 0035). */
export class MfaRecoveryCodes1763800000600 implements MigrationInterface {
  name = 'MfaRecoveryCodes1763800000600';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}".mfa_recovery_codes (
      id uuid PRIMARY KEY,
      factor_id uuid NOT NULL REFERENCES "${s}".mfa_factors (id) ON DELETE CASCADE,
      code_digest text NOT NULL,
      used_at timestamptz,
      UNIQUE (factor_id, code_digest)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${schemaOf(q)}".mfa_recovery_codes`);
  }
}
