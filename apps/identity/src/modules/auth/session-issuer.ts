import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { AuthSession } from '@parley/contracts';
import { IDENTITY_ENV, type IdentityConfig } from '../../identity.config';
import { SigningKey } from '../keys/signing-key';
import { toAuthUser } from '../users/users.rpc-controller';
import type { UserEntity } from '../users/user.entity';
import { RefreshTokenEntity } from './refresh-token.entity';
import { hashSecretToken, newSecretToken } from './secret-token';

/** Builds the session JSON of the Supabase Auth wire format: a signed access token and a new refresh token. */
@Injectable()
export class SessionIssuer {
  constructor(
    private readonly key: SigningKey,
    @Inject(IDENTITY_ENV) private readonly env: IdentityConfig,
  ) {}

  /** Starts a new family (a sign-in) or continues one (a refresh, with `parentId`). */
  async issue(
    manager: EntityManager,
    user: UserEntity,
    family: { familyId?: string; parentId?: string } = {},
  ): Promise<AuthSession> {
    const refreshToken = newSecretToken();
    const familyId = family.familyId ?? randomUUID();
    const now = new Date();
    await manager.insert(RefreshTokenEntity, {
      id: randomUUID(),
      familyId,
      userId: user.id,
      tokenHash: hashSecretToken(refreshToken),
      parentId: family.parentId ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.env.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    const ttl = this.env.ACCESS_TOKEN_TTL_SECONDS;
    const { token, expiresAt } = await this.key.signAccessToken(
      { userId: user.id, email: user.email, plan: user.plan, sessionId: familyId },
      ttl,
      now,
    );
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: ttl,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: toAuthUser(user),
    };
  }
}
