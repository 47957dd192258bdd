import {
  Inject,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Redis } from 'ioredis';
import { ERRORS, revokedSessionKey } from '@parley/contracts';
import { REDIS } from '@parley/server-database';
import { AccessTokenVerifier, type AuthenticatedUser } from './access-token';
import { IS_PUBLIC } from './public.decorator';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Global guard: a route needs a valid access token unless it is marked @Public(). The token is verified
 * (or found among those verified before, access-token.ts), then its sign-in is checked against the
 * revoked sessions in Redis on every request, so a sign-out is refused at once on every gateway.
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
    const request = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | string[] | undefined>; user?: AuthenticatedUser }>();
    const header = request.headers['authorization'];
    const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    if (!token) throw notAuthenticated();
    let user: AuthenticatedUser;
    try {
      user = await this.tokens.verify(token);
    } catch {
      throw notAuthenticated();
    }
    if (user.sessionId && (await this.redis.exists(revokedSessionKey(user.sessionId))))
      throw notAuthenticated();
    request.user = user;
    return true;
  }
}

const notAuthenticated = () => new UnauthorizedException({ error: ERRORS.notAuthenticated });
