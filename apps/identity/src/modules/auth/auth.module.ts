import { Module } from '@nestjs/common';
import { PasswordHasher } from '../credentials/password-hasher';
import { ProfileModule } from '../profile/profile.module';
import { EmailProcessor } from '../mail/email.processor';
import { AuthRpcController } from './auth.rpc-controller';
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
 * e-mail change, account deletion.
 */
@Module({
  imports: [ProfileModule],
  controllers: [AuthRpcController],
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
  ],
})
export class AuthModule {}
