import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { OnboardingProfile, StoredProfile } from '@parley/contracts';
import { UserEntity } from '../../../users/user.entity';
import { ProfileEntity } from '../../database/profile.entity';
import { ProfileUpdatedPublisher } from '../../events/profile-updated.publisher';
import { toStoredProfile } from '../get-profile/get-profile.use-case';

/**
 * Onboarding's Finish: creates or replaces the user's profile and announces it, in one transaction.
 * Null when the user does not exist. A full name left out keeps the one already saved; a full name given is
 * the account's name from then on (the display name in Settings, the greeting, the boards and e-mails), so
 * the learner has one name everywhere.
 */
@Injectable()
export class SaveProfileUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly profileUpdated: ProfileUpdatedPublisher,
  ) {}

  execute(userId: string, input: OnboardingProfile): Promise<StoredProfile | null> {
    return this.dataSource.transaction(async (manager) => {
      // FOR SHARE: an account deletion waits for this transaction instead of racing the insert.
      const user = await manager.findOne(UserEntity, {
        where: { id: userId },
        lock: { mode: 'pessimistic_read' },
      });
      if (!user) return null;
      await manager.upsert(
        ProfileEntity,
        {
          user_id: userId,
          ...(input.full_name !== undefined ? { full_name: input.full_name || null } : {}),
          communication_goals: input.communication_goals,
          tone_preference: input.tone_preference,
          experience_level: input.experience_level,
          avatar_style: input.avatar_style,
          language: input.language,
          updated_at: new Date(),
        },
        ['user_id'],
      );
      const fullName = input.full_name?.trim();
      if (fullName && fullName !== user.fullName) {
        await manager.update(UserEntity, { id: userId }, { fullName });
        user.fullName = fullName;
        await manager.query(
          `UPDATE user_settings SET display_name = $2, updated_at = now() WHERE user_id = $1`,
          [userId, fullName],
        );
      }
      await this.profileUpdated.publish(manager, userId);
      return toStoredProfile(user, await manager.findOneByOrFail(ProfileEntity, { user_id: userId }));
    });
  }
}
