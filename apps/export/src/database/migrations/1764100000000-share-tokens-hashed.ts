import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/**
 * Share tokens stored hashed (issue 30): a link keeps the SHA-256 of its token (hex) and an id, never the
 * token. Existing links are hashed in place, so every link handed out before keeps opening its report.
 */
export class ShareTokensHashed1764100000000 implements MigrationInterface {
  name = 'ShareTokensHashed1764100000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE "${s}".share_links ADD COLUMN id uuid, ADD COLUMN token_hash text`);
    await q.query(
      `UPDATE "${s}".share_links
       SET id = gen_random_uuid(), token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex')`,
    );
    // Dropping the token drops its primary key with it.
    await q.query(`ALTER TABLE "${s}".share_links DROP COLUMN token`);
    await q.query(
      `ALTER TABLE "${s}".share_links ALTER COLUMN id SET NOT NULL, ALTER COLUMN token_hash SET NOT NULL,
       ADD PRIMARY KEY (id),
       ADD CONSTRAINT share_links_token_hash_key UNIQUE (token_hash),
       ADD CONSTRAINT share_links_token_hash_check CHECK (token_hash ~ '^[0-9a-f]{64}$')`,
    );
  }

  /** A token cannot be had back from its hash: going down closes every link. */
  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DELETE FROM "${s}".share_links`);
    await q.query(
      `ALTER TABLE "${s}".share_links DROP CONSTRAINT share_links_pkey, DROP COLUMN id, DROP COLUMN token_hash,
       ADD COLUMN token text PRIMARY KEY`,
    );
  }
}
