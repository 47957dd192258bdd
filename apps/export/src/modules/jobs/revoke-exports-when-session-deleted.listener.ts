import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@parley/contracts';
import { ListensTo, type DomainEventListener } from '@parley/server-messaging';

/**
 * A deleted session: its share links stop opening the report and its export files go, for the owner only
 * (the event's user), in the inbox's transaction.
 */
@Injectable()
@ListensTo('sessions.session-deleted')
export class RevokeExportsWhenSessionDeletedListener implements DomainEventListener<'sessions.session-deleted'> {
  async handle(event: DomainEvent<'sessions.session-deleted'>, manager: EntityManager): Promise<void> {
    const owned = [event.userId, event.payload.sessionId];
    await manager.query(`DELETE FROM share_links WHERE user_id = $1 AND session_id = $2`, owned);
    await manager.query(`DELETE FROM export_jobs WHERE user_id = $1 AND session_id = $2`, owned);
  }
}
