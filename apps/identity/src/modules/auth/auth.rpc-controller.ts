import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import {
  passwordGrantBodySchema,
  recoverBodySchema,
  refreshGrantBodySchema,
  resendBodySchema,
  RPC,
  signOutScopeSchema,
  signUpBodySchema,
  updateUserBodySchema,
  verifyBodySchema,
  type AuthSession,
  type AuthUser,
  type RpcRequest,
} from '@parley/contracts';
import { callerOf } from '../users/caller';
import { Reauthentications } from './reauthentications';
import { DeleteAccountUseCase } from './use-cases/delete-account.use-case';
import { RecoverPasswordUseCase } from './use-cases/recover-password.use-case';
import { RefreshSessionUseCase } from './use-cases/refresh-session.use-case';
import { ResendConfirmationUseCase } from './use-cases/resend-confirmation.use-case';
import { SignInWithPasswordUseCase } from './use-cases/sign-in-with-password.use-case';
import { SignOutUseCase } from './use-cases/sign-out.use-case';
import { SignUpUseCase } from './use-cases/sign-up.use-case';
import { UpdateUserUseCase } from './use-cases/update-user.use-case';
import { VerifyEmailUseCase } from './use-cases/verify-email.use-case';

/** The caller must be signed in; the gateway puts the verified subject in the RPC meta. */
const signedIn = (request: RpcRequest): string => callerOf(request);

const signOutSchema = z.object({ sessionId: z.uuid().optional(), scope: signOutScopeSchema });
/** Where a link in an e-mail lands: the gateway has checked it is inside PUBLIC_URL. */
const redirect = { redirectTo: z.url() };
const recoverSchema = recoverBodySchema.extend(redirect);
const updateUserSchema = z.object({
  sessionId: z.uuid().optional(),
  body: updateUserBodySchema,
  ...redirect,
});

/** Thin: validates what arrives (the gateway validated it too) and hands it to one use case. */
@Controller()
export class AuthRpcController {
  constructor(
    private readonly signUp: SignUpUseCase,
    private readonly signIn: SignInWithPasswordUseCase,
    private readonly refresh: RefreshSessionUseCase,
    private readonly signOut: SignOutUseCase,
    private readonly verify: VerifyEmailUseCase,
    private readonly resend: ResendConfirmationUseCase,
    private readonly updateUser: UpdateUserUseCase,
    private readonly deleteAccount: DeleteAccountUseCase,
    private readonly recover: RecoverPasswordUseCase,
    private readonly reauthentications: Reauthentications,
  ) {}

  @MessagePattern(RPC.identity.signUp)
  onSignUp(@Payload() request: RpcRequest): Promise<AuthUser> {
    return this.signUp.execute(signUpBodySchema.parse(request.data));
  }

  @MessagePattern(RPC.identity.signInWithPassword)
  onSignIn(@Payload() request: RpcRequest): Promise<AuthSession> {
    return this.signIn.execute(passwordGrantBodySchema.parse(request.data));
  }

  @MessagePattern(RPC.identity.refreshSession)
  onRefresh(@Payload() request: RpcRequest): Promise<AuthSession> {
    return this.refresh.execute(refreshGrantBodySchema.parse(request.data).refresh_token);
  }

  @MessagePattern(RPC.identity.signOut)
  async onSignOut(@Payload() request: RpcRequest): Promise<{ ok: true }> {
    const { sessionId, scope } = signOutSchema.parse(request.data);
    await this.signOut.execute({ userId: signedIn(request), sessionId, scope });
    return { ok: true };
  }

  @MessagePattern(RPC.identity.verifyEmail)
  onVerify(@Payload() request: RpcRequest): Promise<AuthSession> {
    const body = verifyBodySchema.parse(request.data);
    return this.verify.execute({
      type: body.type,
      token: (body.token_hash ?? body.token)!,
      email: body.email,
    });
  }

  @MessagePattern(RPC.identity.resendConfirmation)
  onResend(@Payload() request: RpcRequest): Promise<Record<string, never>> {
    return this.resend.execute(resendBodySchema.parse(request.data).email);
  }

  @MessagePattern(RPC.identity.recoverPassword)
  onRecover(@Payload() request: RpcRequest): Promise<Record<string, never>> {
    const { email, redirectTo } = recoverSchema.parse(request.data);
    return this.recover.execute(email, redirectTo);
  }

  @MessagePattern(RPC.identity.updateUser)
  onUpdateUser(@Payload() request: RpcRequest): Promise<AuthUser> {
    const userId = signedIn(request);
    return this.updateUser.execute({ userId, ...updateUserSchema.parse(request.data) });
  }

  /** GET /auth/v1/reauthenticate: a code to the caller's own confirmed address. */
  @MessagePattern(RPC.identity.reauthenticate)
  onReauthenticate(@Payload() request: RpcRequest): Promise<Record<string, never>> {
    return this.reauthentications.send(signedIn(request));
  }

  @MessagePattern(RPC.identity.deleteAccount)
  onDeleteAccount(@Payload() request: RpcRequest): Promise<{ message: string }> {
    const { id } = z.object({ id: z.uuid() }).parse(request.data);
    return this.deleteAccount.execute(callerOf(request, id));
  }
}
