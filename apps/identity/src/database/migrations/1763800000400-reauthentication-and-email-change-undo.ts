import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/**
 * Re-authentication codes (GET /auth/v1/reauthenticate, one per account, hashed) and the links that undo
 * an e-mail change, sent to the old address (docs/adr/0029-email-change-as-supabase-does-it.md).
 */
export class ReauthenticationAndEmailChangeUndo1763800000400 implements MigrationInterface {
  name = 'ReauthenticationAndEmailChangeUndo1763800000400';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}".reauthentications (
      user_id uuid PRIMARY KEY REFERENCES "${s}".users (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0
    )`);
    await q.query(`CREATE TABLE "${s}".email_change_undos (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES "${s}".users (id) ON DELETE CASCADE,
      old_email text NOT NULL CHECK (old_email = lower(old_email)),
      new_email text NOT NULL CHECK (new_email = lower(new_email)),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`);
    await q.query(`CREATE INDEX email_change_undos_user_idx ON "${s}".email_change_undos (user_id)`);
    await q.query(`CREATE INDEX email_change_undos_old_email_idx ON "${s}".email_change_undos (old_email)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE "${s}".email_change_undos`);
    await q.query(`DROP TABLE "${s}".reauthentications`);
  }
}
