import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpException,
  Param,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { z } from 'zod';
import {
  AUTH_ERRORS,
  enrollFactorBodySchema,
  verifyFactorBodySchema,
  type EnrollFactorBody,
  type EnrolledFactor,
  type MfaChallenge,
  type VerifyFactorBody,
  passwordGrantBodySchema,
  refreshGrantBodySchema,
  resendBodySchema,
  RPC,
  signOutScopeSchema,
  signUpBodySchema,
  text,
  updateUserBodySchema,
  recoverBodySchema,
  VERIFY_TYPES,
  type RecoverBody,
  verifyBodySchema,
  type AuthSession,
  type AuthUser,
  type PasswordGrantBody,
  type RefreshGrantBody,
  type ResendBody,
  type SignOutScope,
  type SignUpBody,
  type UpdateUserBody,
  type VerifyBody,
} from '@parley/contracts';
import { Public } from '@parley/server-observability';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/access-token';
import { AuthThrottled } from '../auth/auth-throttle';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { ServiceClients } from '../rpc/service-clients';
import { VerifyRedirects } from './verify-redirects';

const grantTypeSchema = z.object({
  grant_type: z.enum(['password', 'refresh_token'], {
    message: 'grant_type must be password or refresh_token',
  }),
});
const factorIdPipe = new ZodValidationPipe(z.uuid({ message: 'Factor not found' }));
const redirectQuerySchema = z.object({ redirect_to: text({ max: 2000 }).optional() });
const verifyQuerySchema = redirectQuerySchema.extend({
  token: text({ min: 1, max: 200 }),
  type: z.enum(VERIFY_TYPES).default('signup'),
});

/**
 * The `type` a link lands with. An undo link lands as a recovery: the owner, signed in again with every
 * other session ended, chooses a new password on the page (and supabase-js fires PASSWORD_RECOVERY).
 */
function landingType(type: string): string {
  return type === 'email_change_undo' ? 'recovery' : type;
}

interface RedirectReply {
  status(code: number): RedirectReply;
  header(name: string, value: string): RedirectReply;
  send(body?: unknown): void;
}

/** The Supabase Auth (GoTrue) wire format under /auth/v1, answered by the identity service. */
@Controller('auth/v1')
export class AuthUserController {
  constructor(
    private readonly clients: ServiceClients,
    private readonly redirects: VerifyRedirects,
  ) {}

  @Post('signup')
  @Public()
  @AuthThrottled()
  @HttpCode(200)
  signUp(@Body(new ZodValidationPipe(signUpBodySchema)) body: SignUpBody): Promise<AuthUser> {
    return this.clients.send<AuthUser>('identity', RPC.identity.signUp, body);
  }

  /** POST /auth/v1/token?grant_type=password | refresh_token */
  @Post('token')
  @Public()
  @AuthThrottled()
  @HttpCode(200)
  token(
    @Query(new ZodValidationPipe(grantTypeSchema)) query: z.infer<typeof grantTypeSchema>,
    @Body() body: unknown,
  ): Promise<AuthSession> {
    if (query.grant_type === 'password') {
      const credentials: PasswordGrantBody = new ZodValidationPipe(passwordGrantBodySchema).transform(body);
      return this.clients.send<AuthSession>('identity', RPC.identity.signInWithPassword, credentials);
    }
    const refresh: RefreshGrantBody = new ZodValidationPipe(refreshGrantBodySchema).transform(body);
    return this.clients.send<AuthSession>('identity', RPC.identity.refreshSession, refresh);
  }

  @Post('logout')
  @HttpCode(204)
  async logout(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodValidationPipe(z.object({ scope: signOutScopeSchema }))) query: { scope: SignOutScope },
  ): Promise<void> {
    await this.clients.send(
      'identity',
      RPC.identity.signOut,
      { sessionId: user.sessionId, scope: query.scope },
      { userId: user.id },
    );
  }

  /** The link in the confirmation e-mail: confirms, signs in, and lands on /auth/callback with the session. */
  @Get('verify')
  @Public()
  @AuthThrottled()
  async verifyLink(@Query() query: unknown, @Res() reply: RedirectReply): Promise<void> {
    const parsed = verifyQuerySchema.safeParse(query);
    const rawType = (query as { type?: unknown } | undefined)?.type;
    const target = parsed.success
      ? this.redirects.target(parsed.data.redirect_to, parsed.data.type)
      : this.redirects.target(undefined, typeof rawType === 'string' ? rawType : undefined);
    if (!parsed.success)
      return this.redirect(reply, this.redirects.withError(target, AUTH_ERRORS.confirmationInvalid));
    try {
      const session = await this.clients.send<AuthSession>('identity', RPC.identity.verifyEmail, {
        type: parsed.data.type,
        token: parsed.data.token,
      });
      this.redirect(reply, this.redirects.withSession(target, session, landingType(parsed.data.type)));
    } catch (error) {
      // Identity says why a link did not work (used, expired, unknown); anything else reads as invalid.
      const reason =
        error instanceof HttpException && error.getStatus() === 403
          ? (error.getResponse() as { error?: string }).error
          : undefined;
      this.redirect(reply, this.redirects.withError(target, reason ?? AUTH_ERRORS.confirmationInvalid));
    }
  }

  @Post('verify')
  @Public()
  @AuthThrottled()
  @HttpCode(200)
  verify(@Body(new ZodValidationPipe(verifyBodySchema)) body: VerifyBody): Promise<AuthSession> {
    return this.clients.send<AuthSession>('identity', RPC.identity.verifyEmail, body);
  }

  /**
   * POST /auth/v1/recover[?redirect_to=…]: the same answer whether or not the address has an account: an
   * empty one, or within a minute of the last request for the address 429 over_email_send_rate_limit.
   */
  @Post('recover')
  @Public()
  @AuthThrottled()
  @HttpCode(200)
  recover(
    @Query(new ZodValidationPipe(redirectQuerySchema)) query: z.infer<typeof redirectQuerySchema>,
    @Body(new ZodValidationPipe(recoverBodySchema)) body: RecoverBody,
  ): Promise<Record<string, never>> {
    return this.clients.send('identity', RPC.identity.recoverPassword, {
      email: body.email,
      redirectTo: this.redirects.target(query.redirect_to, 'recovery'),
    });
  }

  @Post('resend')
  @Public()
  @AuthThrottled()
  @HttpCode(200)
  resend(@Body(new ZodValidationPipe(resendBodySchema)) body: ResendBody): Promise<Record<string, never>> {
    return this.clients.send('identity', RPC.identity.resendConfirmation, body);
  }

  /** GET /auth/v1/user: the signed-in user, always the token's own subject. */
  @Get('user')
  user(@CurrentUser() user: AuthenticatedUser): Promise<AuthUser> {
    return this.clients.send<AuthUser>(
      'identity',
      RPC.identity.getUser,
      { id: user.id },
      { userId: user.id },
    );
  }

  /**
   * PUT /auth/v1/user[?redirect_to=…]: name, password or e-mail of the token's own subject. Under the
   * stricter auth limit: a new address needs the current password or a re-authentication nonce.
   */
  @Put('user')
  @AuthThrottled()
  updateUser(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodValidationPipe(redirectQuerySchema)) query: z.infer<typeof redirectQuerySchema>,
    @Body(new ZodValidationPipe(updateUserBodySchema)) body: UpdateUserBody,
  ): Promise<AuthUser> {
    return this.clients.send<AuthUser>(
      'identity',
      RPC.identity.updateUser,
      {
        sessionId: user.sessionId,
        body,
        redirectTo: this.redirects.target(query.redirect_to, 'email_change'),
      },
      { userId: user.id },
    );
  }

  /** GET /auth/v1/reauthenticate: e-mails the signed-in user a code to send as `nonce` (GoTrue's flow). */
  @Get('reauthenticate')
  @AuthThrottled()
  reauthenticate(@CurrentUser() user: AuthenticatedUser): Promise<Record<string, never>> {
    return this.clients.send('identity', RPC.identity.reauthenticate, {}, { userId: user.id });
  }

  /**
   * POST /auth/v1/factors: enrols a TOTP factor for the signed-in user (supabase-js `mfa.enroll`). The
   * factor routes are open to an aal1 token: they are how a sign-in reaches aal2 (ADR 0035).
   */
  @Post('factors')
  @AuthThrottled()
  @HttpCode(200)
  enrollFactor(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(enrollFactorBodySchema)) body: EnrollFactorBody,
  ): Promise<EnrolledFactor> {
    return this.clients.send<EnrolledFactor>(
      'identity',
      RPC.identity.enrollFactor,
      { sessionId: user.sessionId, body },
      { userId: user.id },
    );
  }

  @Post('factors/:id/challenge')
  @AuthThrottled()
  @HttpCode(200)
  challengeFactor(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', factorIdPipe) factorId: string,
  ): Promise<MfaChallenge> {
    return this.clients.send<MfaChallenge>(
      'identity',
      RPC.identity.challengeFactor,
      { sessionId: user.sessionId, factorId },
      { userId: user.id },
    );
  }

  /** A right code raises the sign-in to aal2: the answer is a new session (supabase-js saves it). */
  @Post('factors/:id/verify')
  @AuthThrottled()
  @HttpCode(200)
  verifyFactor(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', factorIdPipe) factorId: string,
    @Body(new ZodValidationPipe(verifyFactorBodySchema)) body: VerifyFactorBody,
  ): Promise<AuthSession> {
    return this.clients.send<AuthSession>(
      'identity',
      RPC.identity.verifyFactor,
      { sessionId: user.sessionId, factorId, body },
      { userId: user.id },
    );
  }

  /** DELETE /auth/v1/factors/{id}: a verified factor only from an aal2 sign-in. */
  @Delete('factors/:id')
  @AuthThrottled()
  unenrollFactor(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', factorIdPipe) factorId: string,
  ): Promise<{ id: string }> {
    return this.clients.send<{ id: string }>(
      'identity',
      RPC.identity.unenrollFactor,
      { sessionId: user.sessionId, factorId },
      { userId: user.id },
    );
  }

  private redirect(reply: RedirectReply, location: string): void {
    reply.status(303).header('location', location).header('cache-control', 'no-store').send();
  }
}
