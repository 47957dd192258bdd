import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProfileUpdatedPublisher } from '../../../profile/events/profile-updated.publisher';
import { UserEntity } from '../../../users/user.entity';

export type Plan = UserEntity['plan'];

export interface PlanChange {
  userId: string;
  email: string;
  previous: Plan;
  plan: Plan;
  changed: boolean;
}

/**
 * Puts an account on a plan (an operator's grant or revoke; purchasing does not exist yet). A real change
 * is announced as `profile-updated` in the same transaction; asking for the current plan changes nothing.
 * Null when no account has that e-mail (compared case-insensitively).
 */
@Injectable()
export class ChangePlanUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly profileUpdated: ProfileUpdatedPublisher,
  ) {}

  execute(email: string, plan: Plan): Promise<PlanChange | null> {
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(UserEntity, {
        where: { email },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) return null;
      const change = {
        userId: user.id,
        email: user.email,
        previous: user.plan,
        plan,
        changed: user.plan !== plan,
      };
      if (change.changed) {
        await manager.update(UserEntity, { id: user.id }, { plan });
        await this.profileUpdated.publish(manager, user.id);
      }
      return change;
    });
  }
}
