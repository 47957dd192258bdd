import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ERRORS, type AuthUser } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { ProfileUpdatedPublisher } from '../../profile/events/profile-updated.publisher';
import { toAuthUser } from '../../users/users.rpc-controller';
import { UserEntity } from '../../users/user.entity';

/**
 * PUT /auth/v1/user with data.full_name: the account's name (the settings' display name follows it),
 * announced as profile-updated.
 */
@Injectable()
export class UpdateUserUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly profileUpdated: ProfileUpdatedPublisher,
  ) {}

  async execute(userId: string, fullName: string): Promise<AuthUser> {
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(UserEntity, {
        where: { id: userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) throw new RpcError(404, ERRORS.notFound);
      user.fullName = fullName.trim() || null;
      await manager.save(user);
      await manager.query(
        `UPDATE user_settings SET display_name = $2, updated_at = now() WHERE user_id = $1`,
        [userId, user.fullName ?? ''],
      );
      await this.profileUpdated.publish(manager, userId);
      return toAuthUser(user);
    });
  }
}
