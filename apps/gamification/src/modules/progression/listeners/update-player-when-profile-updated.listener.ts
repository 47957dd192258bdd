import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isKnownTimeZone, toIanaTimeZone, type DomainEvent } from '@parley/contracts';
import { ListensTo, type DomainEventListener } from '@parley/server-messaging';
import { Leaderboards } from '../../leaderboards/leaderboards';
import { savePlayerProfile } from './save-player-profile';
import { leaveBoards, rejoinBoards } from './board-presence';

/**
 * Keeps the display name the boards show, the time zone days are counted in and the learner's place on
 * the boards (Settings' show_leaderboard), as identity announces them.
 */
@Injectable()
@ListensTo('identity.profile-updated')
export class UpdatePlayerWhenProfileUpdatedListener implements DomainEventListener<'identity.profile-updated'> {
  constructor(private readonly leaderboards: Leaderboards) {}

  async handle(event: DomainEvent<'identity.profile-updated'>, manager: EntityManager): Promise<void> {
    const { fullName, displayName, timezone, showLeaderboard } = event.payload;
    const moved = await savePlayerProfile(manager, event.userId, new Date(event.occurredAt), {
      // An older publisher sends no display name: its fullName is the name settings' display name wrote.
      displayName: displayName === undefined ? fullName : displayName,
      timezone: timezone && isKnownTimeZone(timezone) ? toIanaTimeZone(timezone) : null,
      showLeaderboard,
    });
    if (!moved) return;
    if (moved.onBoards) await rejoinBoards(manager, this.leaderboards, event.userId);
    else await leaveBoards(manager, this.leaderboards, event.userId);
  }
}
