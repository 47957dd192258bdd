import { UserEntity } from '../modules/users/user.entity';
import { RefreshTokenEntity } from '../modules/auth/refresh-token.entity';
import {
  MfaChallengeEntity,
  MfaFactorEntity,
  MfaRecoveryCodeEntity,
} from '../modules/auth/mfa/mfa-factor.entity';
import { ProfileEntity } from '../modules/profile/database/profile.entity';
import { UserSettingsEntity } from '../modules/settings/database/user-settings.entity';
import { Init1763800000000 } from './migrations/1763800000000-init';
import { ProfilesAndSettings1763800000100 } from './migrations/1763800000100-profiles-and-settings';
import { Auth1763800000200 } from './migrations/1763800000200-auth';
import { RecoveryAndEmailChange1763800000300 } from './migrations/1763800000300-recovery-and-email-change';
import { ReauthenticationAndEmailChangeUndo1763800000400 } from './migrations/1763800000400-reauthentication-and-email-change-undo';
import { Mfa1763800000500 } from './migrations/1763800000500-mfa';
import { MfaRecoveryCodes1763800000600 } from './migrations/1763800000600-mfa-recovery-codes';

/** Entities and migrations of the identity schema, shared by the app and its migrate command. */
export const identityDatabase = {
  entities: [
    UserEntity,
    RefreshTokenEntity,
    ProfileEntity,
    UserSettingsEntity,
    MfaFactorEntity,
    MfaChallengeEntity,
    MfaRecoveryCodeEntity,
  ],
  migrations: [
    Init1763800000000,
    ProfilesAndSettings1763800000100,
    Auth1763800000200,
    RecoveryAndEmailChange1763800000300,
    ReauthenticationAndEmailChangeUndo1763800000400,
    Mfa1763800000500,
    MfaRecoveryCodes1763800000600,
  ],
};
