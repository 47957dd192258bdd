import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@parley/contracts';
import { assertIdentifier } from '@parley/server-database';
import { outboxChannel } from './outbox-inbox.ddl';
import { topicFor } from './topics';

/**
 * Writes events into the service's outbox using the caller's transaction, so the event exists if and
 * only if the state change it describes was committed. The relay publishes it afterwards.
 */
export class Outbox {
  constructor(
    private readonly schema: string,
    private readonly topicPrefix: string,
  ) {
    assertIdentifier(schema);
  }

  async add(manager: EntityManager, ...events: DomainEvent[]): Promise<void> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('Outbox.add must run inside the transaction that changes the state it describes');
    }
    for (const event of events) {
      await manager.query(
        `INSERT INTO "${this.schema}".outbox (id, topic, key, type, event) VALUES ($1, $2, $3, $4, $5)`,
        [event.id, topicFor(this.topicPrefix, event.type), event.userId, event.type, JSON.stringify(event)],
      );
    }
    // Delivered to the relay's LISTEN connection only when (and if) this transaction commits.
    await manager.query('SELECT pg_notify($1, $2)', [outboxChannel(this.schema), String(events.length)]);
  }

  /**
   * Account deletion: drops the user's events from the outbox (published or not), so nothing about them
   * stays here; `keep` lists types that must still go out (identity's own user-deleted).
   */
  async forgetUser(manager: EntityManager, userId: string, keep: string[] = []): Promise<void> {
    await manager.query(
      `DELETE FROM "${this.schema}".outbox WHERE key = $1 AND NOT (type = ANY($2::text[]))`,
      [userId, keep],
    );
  }
}
