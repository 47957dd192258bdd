import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@parley/contracts';
import { ListensTo, type DomainEventListener } from '@parley/server-messaging';
import { savePlayerProfile } from './save-player-profile';

/**
 * A new account becomes a player with no name on the boards: the name it signed up with is its account
 * name, not a display name it chose (that comes with the profile's announcement), nor is its e-mail.
 */
@Injectable()
@ListensTo('identity.user-registered')
export class CreatePlayerWhenUserRegisteredListener implements DomainEventListener<'identity.user-registered'> {
  async handle(event: DomainEvent<'identity.user-registered'>, manager: EntityManager): Promise<void> {
    await savePlayerProfile(manager, event.userId, new Date(event.occurredAt), {
      timezone: null,
    });
  }
}
