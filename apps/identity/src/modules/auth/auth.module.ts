import { Module } from '@nestjs/common';
import { PasswordHasher } from '../credentials/password-hasher';
import { ProfileModule } from '../profile/profile.module';
import { EmailProcessor } from '../mail/email.processor';
import { IDENTITY_ENV, type IdentityConfig } from '../../identity.config';
import { AuthRpcController } from './auth.rpc-controller';
import { ChallengeFactorUseCase } from './mfa/challenge-factor.use-case';
import { EnrollFactorUseCase } from './mfa/enroll-factor.use-case';
import { MfaRpcController } from './mfa/mfa.rpc-controller';
import { SecretBox } from './mfa/secret-box';
import { UnenrollFactorUseCase } from './mfa/unenroll-factor.use-case';
import { VerifyFactorUseCase } from './mfa/verify-factor.use-case';
import { EmailChanges } from './email-changes';
import { EmailConfirmations } from './email-confirmations';
import { PasswordRecoveries } from './password-recoveries';
import { Reauthentications } from './reauthentications';
import { SessionIssuer } from './session-issuer';
import { SessionRevocations } from './session-revocations';
import { DeleteAccountUseCase } from './use-cases/delete-account.use-case';
import { RecoverPasswordUseCase } from './use-cases/recover-password.use-case';
import { RefreshSessionUseCase } from './use-cases/refresh-session.use-case';
import { ResendConfirmationUseCase } from './use-cases/resend-confirmation.use-case';
import { SignInWithPasswordUseCase } from './use-cases/sign-in-with-password.use-case';
import { SignOutUseCase } from './use-cases/sign-out.use-case';
import { SignUpUseCase } from './use-cases/sign-up.use-case';
import { UpdateUserUseCase } from './use-cases/update-user.use-case';
import { VerifyEmailUseCase } from './use-cases/verify-email.use-case';

/**
 * Sign-up with e-mail confirmation, password sign-in, refresh rotation, sign-out, password recovery,
 * e-mail change, account deletion, second factors (TOTP).
 */
@Module({
  imports: [ProfileModule],
  controllers: [AuthRpcController, MfaRpcController],
  providers: [
    PasswordHasher,
    SessionIssuer,
    SessionRevocations,
    EmailConfirmations,
    PasswordRecoveries,
    EmailChanges,
    Reauthentications,
    EmailProcessor,
    SignUpUseCase,
    SignInWithPasswordUseCase,
    RefreshSessionUseCase,
    SignOutUseCase,
    VerifyEmailUseCase,
    ResendConfirmationUseCase,
    UpdateUserUseCase,
    DeleteAccountUseCase,
    RecoverPasswordUseCase,
    {
      provide: SecretBox,
      inject: [IDENTITY_ENV],
      useFactory: (env: IdentityConfig) => SecretBox.fromConfig(env),
    },
    EnrollFactorUseCase,
    ChallengeFactorUseCase,
    VerifyFactorUseCase,
    UnenrollFactorUseCase,
  ],
})
export class AuthModule {}
