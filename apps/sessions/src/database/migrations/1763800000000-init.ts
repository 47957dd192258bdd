import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';
import { dropOutboxInboxDdl, outboxInboxDdl } from '@parley/server-messaging';

/** The sessions schema starts with its outbox and inbox; its own tables come with the features that own them. */
export class Init1763800000000 implements MigrationInterface {
  name = 'Init1763800000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of outboxInboxDdl(schemaOf(q))) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropOutboxInboxDdl(schemaOf(q))) await q.query(sql);
  }
}
