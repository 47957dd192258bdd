import {
  Inject,
  Injectable,
  ForbiddenException,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Redis } from 'ioredis';
import { AUTH_ERRORS, ERRORS, mfaEnabledKey, revokedSessionKey } from '@parley/contracts';
import { REDIS } from '@parley/server-database';
import { AccessTokenVerifier, type AuthenticatedUser } from './access-token';
import { IS_PUBLIC } from './public.decorator';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Global guard: a route needs a valid access token unless it is marked @Public(). The token is verified
 * (or found among those verified before, access-token.ts), then its sign-in is checked against the
 * revoked sessions in Redis on every request, so a sign-out is refused at once on every gateway.
 *
 * Second factor (ADR 0035): an `aal1` token of an account with a verified factor is refused for the
 * user's data, everything under /api; /auth/v1 stays open to it, which is what finishing the sign-in
 * (challenge, verify, the user object, sign-out) needs. A token issued before the account's first factor
 * was verified carries no `next_aal`; identity marks the account in Redis for one token lifetime, read in
 * the same round trip as the revocation.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokenVerifier,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<{
      headers: Record<string, string | string[] | undefined>;
      url?: string;
      user?: AuthenticatedUser;
    }>();
    const header = request.headers['authorization'];
    const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    if (!token) throw notAuthenticated();
    let user: AuthenticatedUser;
    try {
      user = await this.tokens.verify(token);
    } catch {
      throw notAuthenticated();
    }
    const forData = user.aal !== 'aal2' && /^\/api(\/|\?|$)/.test(request.url ?? '');
    if (forData && user.secondFactorDue) throw secondFactorDue();
    const keys = [
      ...(user.sessionId ? [revokedSessionKey(user.sessionId)] : []),
      ...(forData ? [mfaEnabledKey(user.id)] : []),
    ];
    if (keys.length > 0 && (await this.redis.exists(...keys)) > 0) {
      if (user.sessionId && (await this.redis.exists(revokedSessionKey(user.sessionId))))
        throw notAuthenticated();
      throw secondFactorDue();
    }
    request.user = user;
    return true;
  }
}

const notAuthenticated = () => new UnauthorizedException({ error: ERRORS.notAuthenticated });
const secondFactorDue = () => new ForbiddenException({ error: AUTH_ERRORS.aal2Required });
