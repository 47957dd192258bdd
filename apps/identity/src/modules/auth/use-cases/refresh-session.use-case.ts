import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { AUTH_ERRORS, type AuthSession } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { IDENTITY_ENV, type IdentityConfig } from '../../../identity.config';
import { UserEntity } from '../../users/user.entity';
import { RefreshTokenEntity } from '../refresh-token.entity';
import { hashSecretToken } from '../secret-token';
import { SessionIssuer } from '../session-issuer';
import { SessionRevocations } from '../session-revocations';

type Outcome = { session: AuthSession } | { error: string };

/**
 * POST /auth/v1/token?grant_type=refresh_token. Each refresh token works once: it is marked used and a
 * child is issued in the same family, at the same assurance level (aal) as its parent. Presenting a used token again means it leaked (or was stolen): the
 * whole family is revoked, refresh tokens and the access tokens issued from them alike.
 */
@Injectable()
export class RefreshSessionUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionIssuer,
    private readonly revocations: SessionRevocations,
    @Inject(IDENTITY_ENV) private readonly env: IdentityConfig,
  ) {}

  async execute(refreshToken: string): Promise<AuthSession> {
    const outcome = await this.dataSource.transaction(async (manager): Promise<Outcome> => {
      const token = await manager
        .getRepository(RefreshTokenEntity)
        .createQueryBuilder('t')
        .setLock('pessimistic_write')
        .where('t.token_hash = :hash', { hash: hashSecretToken(refreshToken) })
        .getOne();
      if (!token || token.revokedAt) return { error: AUTH_ERRORS.refreshTokenNotFound };
      if (token.usedAt) {
        await manager.update(
          RefreshTokenEntity,
          { familyId: token.familyId, revokedAt: IsNull() },
          { revokedAt: new Date() },
        );
        // In the same transaction: when Redis refuses, the family stays as it was, so the next try of
        // the stolen token revokes it again rather than finding it "not found" (ADR 0027).
        await this.revocations.revoke([token.familyId], this.env.ACCESS_TOKEN_TTL_SECONDS);
        return { error: AUTH_ERRORS.refreshTokenAlreadyUsed };
      }
      if (token.expiresAt.getTime() <= Date.now()) return { error: AUTH_ERRORS.refreshTokenExpired };
      await manager.update(RefreshTokenEntity, { id: token.id }, { usedAt: new Date() });
      const user = await manager.findOneByOrFail(UserEntity, { id: token.userId });
      return {
        session: await this.sessions.issue(
          manager,
          user,
          { familyId: token.familyId, parentId: token.id },
          { aal: token.aal, amr: token.amr },
        ),
      };
    });
    if ('session' in outcome) return outcome.session;
    throw new RpcError(400, outcome.error);
  }
}
