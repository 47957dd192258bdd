import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import {
  passwordGrantBodySchema,
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
import { RpcError } from '@parley/server-observability';
import { DeleteAccountUseCase } from './use-cases/delete-account.use-case';
import { RefreshSessionUseCase } from './use-cases/refresh-session.use-case';
import { ResendConfirmationUseCase } from './use-cases/resend-confirmation.use-case';
import { SignInWithPasswordUseCase } from './use-cases/sign-in-with-password.use-case';
import { SignOutUseCase } from './use-cases/sign-out.use-case';
import { SignUpUseCase } from './use-cases/sign-up.use-case';
import { UpdateUserUseCase } from './use-cases/update-user.use-case';
import { VerifyEmailUseCase } from './use-cases/verify-email.use-case';

/** The caller must be signed in; the gateway puts the verified subject in the RPC meta. */
function signedIn(request: RpcRequest): string {
  const userId = request.meta?.userId;
  if (!userId) throw new RpcError(401, 'User is not authenticated');
  return userId;
}

const signOutSchema = z.object({ sessionId: z.uuid().optional(), scope: signOutScopeSchema });

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
    return this.verify.execute(verifyBodySchema.parse(request.data).token);
  }

  @MessagePattern(RPC.identity.resendConfirmation)
  onResend(@Payload() request: RpcRequest): Promise<Record<string, never>> {
    return this.resend.execute(resendBodySchema.parse(request.data).email);
  }

  @MessagePattern(RPC.identity.updateUser)
  onUpdateUser(@Payload() request: RpcRequest): Promise<AuthUser> {
    return this.updateUser.execute(
      signedIn(request),
      updateUserBodySchema.parse(request.data).data.full_name,
    );
  }

  @MessagePattern(RPC.identity.deleteAccount)
  onDeleteAccount(@Payload() request: RpcRequest): Promise<{ message: string }> {
    const { id } = z.object({ id: z.uuid() }).parse(request.data);
    const userId = signedIn(request);
    if (id !== userId) throw new RpcError(403, 'You do not have access to this resource');
    return this.deleteAccount.execute(userId);
  }
}
