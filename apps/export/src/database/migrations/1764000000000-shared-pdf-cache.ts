import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/**
 * A share link keeps the PDF of its report once rendered (issue 30: the public PDF was rendered again on
 * every anonymous hit). The snapshot never changes, so neither does its PDF; it goes with the link.
 */
export class SharedPdfCache1764000000000 implements MigrationInterface {
  name = 'SharedPdfCache1764000000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE "${s}".share_links ADD COLUMN pdf bytea`);
    await q.query(`ALTER TABLE "${s}".share_links ADD COLUMN pdf_renders integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`ALTER TABLE "${s}".share_links DROP COLUMN pdf_renders`);
    await q.query(`ALTER TABLE "${s}".share_links DROP COLUMN pdf`);
  }
}
