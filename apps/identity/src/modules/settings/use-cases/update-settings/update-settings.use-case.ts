import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SettingsPatch } from '@parley/contracts';
import { ProfileUpdatedPublisher } from '../../../profile/events/profile-updated.publisher';
import { UserEntity } from '../../../users/user.entity';
import { UserSettingsEntity } from '../../database/user-settings.entity';
import { GetOrCreateSettingsUseCase } from '../get-or-create-settings/get-or-create-settings.use-case';

/**
 * Applies a partial update to the user's settings and returns the record (created first with the
 * defaults if the user never opened settings). The display name is also the account's full name, written
 * in the same transaction; a change of name, display name, time zone or board setting is announced as
 * `profile-updated`.
 */
@Injectable()
export class UpdateSettingsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: GetOrCreateSettingsUseCase,
    private readonly profileUpdated: ProfileUpdatedPublisher,
  ) {}

  execute(userId: string, patch: SettingsPatch): Promise<UserSettingsEntity | null> {
    return this.dataSource.transaction(async (manager) => {
      const found = await this.settings.ensure(manager, userId, { lock: 'pessimistic_write' });
      if (!found) return null;
      const before = found.settings;
      await manager.update(UserSettingsEntity, { user_id: userId }, { ...patch, updated_at: new Date() });

      let announce =
        (patch.timezone !== undefined && patch.timezone !== before.timezone) ||
        (patch.show_leaderboard !== undefined && patch.show_leaderboard !== before.show_leaderboard) ||
        (patch.display_name !== undefined && patch.display_name !== before.display_name);
      if (patch.display_name !== undefined) {
        const fullName = patch.display_name || null;
        await manager.update(UserEntity, { id: userId }, { fullName });
        announce ||= fullName !== found.user.fullName;
      }
      if (announce) await this.profileUpdated.publish(manager, userId);
      return manager.findOneByOrFail(UserSettingsEntity, { user_id: userId });
    });
  }
}
