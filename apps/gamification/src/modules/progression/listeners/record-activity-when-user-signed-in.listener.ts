import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@parley/contracts';
import { ListensTo, type DomainEventListener } from '@parley/server-messaging';
import { PlayerProgress } from '../player-progress';

/** Signing in makes the day active: the streak goes on and the day's 10 XP is paid once. */
@Injectable()
@ListensTo('identity.user-signed-in')
export class RecordActivityWhenUserSignedInListener implements DomainEventListener<'identity.user-signed-in'> {
  constructor(private readonly progress: PlayerProgress) {}

  async handle(event: DomainEvent<'identity.user-signed-in'>, manager: EntityManager): Promise<void> {
    const change = await this.progress.begin(manager, event.userId, event.id);
    if (!change) return;
    const at = new Date(event.payload.at);
    await this.progress.recordActiveDay(manager, change, at);
    await this.progress.evaluateBadges(manager, change, at);
    await this.progress.save(manager, change);
  }
}
