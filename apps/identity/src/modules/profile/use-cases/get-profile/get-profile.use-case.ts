import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DEFAULT_AVATAR_STYLE,
  DEFAULT_LANGUAGE,
  DEFAULT_TONE_PREFERENCE,
  type StoredProfile,
} from '@parley/contracts';
import { UserEntity } from '../../../users/user.entity';
import { ProfileEntity } from '../../database/profile.entity';

/**
 * The profile of a user, or null when the user does not exist. Before onboarding there is no row: the
 * answer then has the defaults and no goals, which is how the web client tells "not onboarded yet".
 */
@Injectable()
export class GetProfileUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async execute(userId: string): Promise<StoredProfile | null> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
    if (!user) return null;
    const profile = await this.dataSource.getRepository(ProfileEntity).findOneBy({ user_id: userId });
    return toStoredProfile(user, profile);
  }
}

export function toStoredProfile(user: UserEntity, profile: ProfileEntity | null): StoredProfile {
  return {
    id: user.id,
    // The account's name (the display name Settings keeps, as the boards and e-mails use it), then the
    // name given at onboarding: one name everywhere, so a new display name reaches the greeting too.
    full_name: user.fullName || profile?.full_name || null,
    communication_goals: profile?.communication_goals ?? [],
    tone_preference: profile?.tone_preference ?? DEFAULT_TONE_PREFERENCE,
    avatar_style: profile?.avatar_style ?? DEFAULT_AVATAR_STYLE,
    experience_level: profile?.experience_level ?? null,
    language: profile?.language ?? DEFAULT_LANGUAGE,
    plan: user.plan,
  };
}
