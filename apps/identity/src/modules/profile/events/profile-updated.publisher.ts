import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { toIanaTimeZone } from '@parley/contracts';
import { createEvent, Outbox } from '@parley/server-messaging';
import { UserSettingsEntity } from '../../settings/database/user-settings.entity';
import { UserEntity } from '../../users/user.entity';
import { ProfileEntity } from '../database/profile.entity';

/**
 * Writes `identity.profile-updated` with the user's current name, time zone, plan, display name and board
 * setting into the outbox, in
 * the caller's transaction, so consumers (sessions' monthly quota, gamification's streak days and
 * leaderboard names) see the state that was committed, or nothing.
 */
@Injectable()
export class ProfileUpdatedPublisher {
  constructor(private readonly outbox: Outbox) {}

  async publish(manager: EntityManager, userId: string): Promise<void> {
    const user = await manager.findOneByOrFail(UserEntity, { id: userId });
    const profile = await manager.findOneBy(ProfileEntity, { user_id: userId });
    const settings = await manager.findOneBy(UserSettingsEntity, { user_id: userId });
    await this.outbox.add(
      manager,
      createEvent('identity.profile-updated', userId, {
        // The account's name (what settings' display name writes), else the name given at onboarding.
        fullName: user.fullName || profile?.full_name || null,
        timezone: settings ? toIanaTimeZone(settings.timezone) : null,
        plan: user.plan,
        // The name the learner chose for others to see, and whether they are on the boards at all (issue
        // 30). Before settings exist nothing has been chosen: both stay out, and boards keep `fullName`.
        ...(settings
          ? { displayName: settings.display_name.trim() || null, showLeaderboard: settings.show_leaderboard }
          : {}),
      }),
    );
  }
}
