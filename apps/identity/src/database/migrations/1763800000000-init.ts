import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';
import { dropOutboxInboxDdl, outboxInboxDdl } from '@parley/server-messaging';

export class Init1763800000000 implements MigrationInterface {
  name = 'Init1763800000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}".users (
      id uuid PRIMARY KEY,
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      full_name text,
      plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'premium')),
      email_confirmed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    for (const sql of outboxInboxDdl(s)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    for (const sql of dropOutboxInboxDdl(s)) await q.query(sql);
    await q.query(`DROP TABLE "${s}".users`);
  }
}
