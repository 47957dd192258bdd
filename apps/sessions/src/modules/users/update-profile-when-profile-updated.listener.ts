import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@parley/contracts';
import { ListensTo, type DomainEventListener } from '@parley/server-messaging';

/** Keeps the user's plan and time zone as identity last announced them. */
@Injectable()
@ListensTo('identity.profile-updated')
export class UpdateProfileWhenProfileUpdatedListener implements DomainEventListener<'identity.profile-updated'> {
  async handle(event: DomainEvent<'identity.profile-updated'>, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO user_profiles (user_id, plan, timezone, updated_at) VALUES ($1, $2, COALESCE($3, 'UTC'), $4)
       ON CONFLICT (user_id) DO UPDATE SET plan = $2, timezone = COALESCE($3, user_profiles.timezone), updated_at = $4
       WHERE user_profiles.updated_at <= $4`,
      [event.userId, event.payload.plan, event.payload.timezone, event.occurredAt],
    );
  }
}
