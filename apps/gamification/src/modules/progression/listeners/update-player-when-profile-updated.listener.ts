import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isKnownTimeZone, toIanaTimeZone, type DomainEvent } from '@parley/contracts';
import { ListensTo, type DomainEventListener } from '@parley/server-messaging';
import { savePlayerProfile } from './save-player-profile';

/** Keeps the name the leaderboards show and the time zone days are counted in, as identity announces them. */
@Injectable()
@ListensTo('identity.profile-updated')
export class UpdatePlayerWhenProfileUpdatedListener implements DomainEventListener<'identity.profile-updated'> {
  async handle(event: DomainEvent<'identity.profile-updated'>, manager: EntityManager): Promise<void> {
    const { fullName, timezone } = event.payload;
    await savePlayerProfile(manager, event.userId, new Date(event.occurredAt), {
      username: fullName,
      timezone: timezone && isKnownTimeZone(timezone) ? toIanaTimeZone(timezone) : null,
    });
  }
}
