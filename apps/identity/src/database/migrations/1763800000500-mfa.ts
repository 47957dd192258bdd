import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/**
 * Second factors (TOTP, secrets sealed with AES-GCM), their challenges, and the assurance level of each
 * sign-in kept on its refresh tokens so a refresh keeps it (docs/adr/0035-two-factor-sign-in.md).
 */
export class Mfa1763800000500 implements MigrationInterface {
  name = 'Mfa1763800000500';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}".mfa_factors (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES "${s}".users (id) ON DELETE CASCADE,
      friendly_name text,
      factor_type text NOT NULL CHECK (factor_type = 'totp'),
      status text NOT NULL CHECK (status IN ('verified', 'unverified')),
      secret_sealed text NOT NULL,
      last_used_step bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX mfa_factors_user_idx ON "${s}".mfa_factors (user_id)`);
    await q.query(
      `CREATE UNIQUE INDEX mfa_factors_friendly_name_idx ON "${s}".mfa_factors (user_id, friendly_name)
       WHERE friendly_name IS NOT NULL`,
    );
    await q.query(`CREATE TABLE "${s}".mfa_challenges (
      id uuid PRIMARY KEY,
      factor_id uuid NOT NULL REFERENCES "${s}".mfa_factors (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX mfa_challenges_factor_idx ON "${s}".mfa_challenges (factor_id)`);
    await q.query(`ALTER TABLE "${s}".refresh_tokens
      ADD COLUMN aal text NOT NULL DEFAULT 'aal1' CHECK (aal IN ('aal1', 'aal2')),
      ADD COLUMN amr jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE "${s}".refresh_tokens DROP COLUMN amr, DROP COLUMN aal`);
    await q.query(`DROP TABLE "${s}".mfa_challenges`);
    await q.query(`DROP TABLE "${s}".mfa_factors`);
  }
}
