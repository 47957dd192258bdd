import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@parley/contracts';
import { ListensTo, Outbox, type DomainEventListener } from '@parley/server-messaging';

/** Account deletion: every export job (with its file) and every share link of the user goes. */
@Injectable()
@ListensTo('identity.user-deleted')
export class RemoveExportsWhenUserDeletedListener implements DomainEventListener<'identity.user-deleted'> {
  constructor(private readonly outbox: Outbox) {}

  async handle(event: DomainEvent<'identity.user-deleted'>, manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM export_jobs WHERE user_id = $1`, [event.userId]);
    await manager.query(`DELETE FROM share_links WHERE user_id = $1`, [event.userId]);
    await this.outbox.forgetUser(manager, event.userId);
  }
}
