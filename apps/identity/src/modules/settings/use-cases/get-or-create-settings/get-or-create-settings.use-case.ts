import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ProfileUpdatedPublisher } from '../../../profile/events/profile-updated.publisher';
import { ProfileEntity } from '../../../profile/database/profile.entity';
import { UserEntity } from '../../../users/user.entity';
import { UserSettingsEntity } from '../../database/user-settings.entity';
import { defaultSettings } from '../../domain/default-settings';

export interface SettingsOfUser {
  user: UserEntity;
  settings: UserSettingsEntity;
}

/**
 * The user's settings record, created with the spec's defaults on first read (the browser's time zone,
 * UTC without one). Null when the user does not exist. Creating it announces the time zone.
 */
@Injectable()
export class GetOrCreateSettingsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly profileUpdated: ProfileUpdatedPublisher,
  ) {}

  async execute(userId: string, timezone?: string): Promise<UserSettingsEntity | null> {
    const existing = await this.dataSource.getRepository(UserSettingsEntity).findOneBy({ user_id: userId });
    if (existing) return existing;
    const found = await this.dataSource.transaction((manager) =>
      this.ensure(manager, userId, { timezone, lock: 'pessimistic_read' }),
    );
    return found?.settings ?? null;
  }

  /**
   * In the caller's transaction: the user and their record, created when missing. The user row stays
   * locked to the end of the transaction: shared for a read (an account deletion waits), exclusive for a
   * writer, so two quick updates of one user queue up instead of deadlocking.
   */
  async ensure(
    manager: EntityManager,
    userId: string,
    options: { timezone?: string; lock: 'pessimistic_read' | 'pessimistic_write' },
  ): Promise<SettingsOfUser | null> {
    const { timezone } = options;
    const user = await manager.findOne(UserEntity, { where: { id: userId }, lock: { mode: options.lock } });
    if (!user) return null;
    let settings = await manager.findOneBy(UserSettingsEntity, { user_id: userId });
    if (!settings) {
      const profile = await manager.findOneBy(ProfileEntity, { user_id: userId });
      // Two first visits at once: one insert wins, the other does nothing and reads the winner's row.
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(UserSettingsEntity)
        .values(
          defaultSettings({
            userId,
            email: user.email,
            names: [user.fullName, profile?.full_name],
            timezone,
          }),
        )
        .orIgnore()
        .returning(['user_id'])
        .execute();
      if ((inserted.raw as unknown[]).length > 0) await this.profileUpdated.publish(manager, userId);
      settings = await manager.findOneByOrFail(UserSettingsEntity, { user_id: userId });
    }
    return { user, settings };
  }
}
