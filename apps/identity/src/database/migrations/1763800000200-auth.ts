import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/** Credentials, refresh-token families and e-mail confirmations. Secrets are stored only as hashes. */
export class Auth1763800000200 implements MigrationInterface {
  name = 'Auth1763800000200';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}".credentials (
      user_id uuid PRIMARY KEY REFERENCES "${s}".users (id) ON DELETE CASCADE,
      password_hash text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE "${s}".refresh_tokens (
      id uuid PRIMARY KEY,
      family_id uuid NOT NULL,
      user_id uuid NOT NULL REFERENCES "${s}".users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      parent_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      revoked_at timestamptz
    )`);
    await q.query(`CREATE INDEX refresh_tokens_family_idx ON "${s}".refresh_tokens (family_id)`);
    await q.query(`CREATE INDEX refresh_tokens_user_idx ON "${s}".refresh_tokens (user_id)`);
    await q.query(`CREATE TABLE "${s}".email_confirmations (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES "${s}".users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`);
    await q.query(`CREATE INDEX email_confirmations_user_idx ON "${s}".email_confirmations (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE "${s}".email_confirmations`);
    await q.query(`DROP TABLE "${s}".refresh_tokens`);
    await q.query(`DROP TABLE "${s}".credentials`);
  }
}
