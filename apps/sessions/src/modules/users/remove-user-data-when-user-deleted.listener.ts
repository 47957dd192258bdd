import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@parley/contracts';
import { ListensTo, Outbox, type DomainEventListener } from '@parley/server-messaging';

/** Account deletion: every session, message, feedback, own scenario, usage row and profile of the user goes. */
@Injectable()
@ListensTo('identity.user-deleted')
export class RemoveUserDataWhenUserDeletedListener implements DomainEventListener<'identity.user-deleted'> {
  constructor(private readonly outbox: Outbox) {}

  async handle(event: DomainEvent<'identity.user-deleted'>, manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM feedback WHERE user_id = $1`, [event.userId]);
    await manager.query(`DELETE FROM practice_sessions WHERE user_id = $1`, [event.userId]); // messages cascade
    await manager.query(`DELETE FROM scenarios WHERE owner_id = $1`, [event.userId]); // their own scenarios
    await manager.query(`DELETE FROM usage_ledger WHERE user_id = $1`, [event.userId]);
    await manager.query(`DELETE FROM user_profiles WHERE user_id = $1`, [event.userId]);
    await this.outbox.forgetUser(manager, event.userId);
  }
}
