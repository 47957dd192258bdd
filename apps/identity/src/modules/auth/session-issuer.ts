import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Aal, AmrEntry, AuthSession } from '@parley/contracts';
import { IDENTITY_ENV, type IdentityConfig } from '../../identity.config';
import { SigningKey } from '../keys/signing-key';
import { toAuthUser } from '../users/users.rpc-controller';
import type { UserEntity } from '../users/user.entity';
import { factorsOf, hasVerified } from './mfa/factors';
import { RefreshTokenEntity } from './refresh-token.entity';
import { hashSecretToken, newSecretToken } from './secret-token';

/** How the sign-in was authenticated: a first factor (a new `aal1` sign-in) or the level and methods so far. */
export type Assurance = AmrEntry['method'] | { aal: Aal; amr: AmrEntry[] };

/** Builds the session JSON of the Supabase Auth wire format: a signed access token and a new refresh token. */
@Injectable()
export class SessionIssuer {
  constructor(
    private readonly key: SigningKey,
    @Inject(IDENTITY_ENV) private readonly env: IdentityConfig,
  ) {}

  /**
   * Starts a new family (a sign-in) or continues one (a refresh, with `parentId`). A sign-in is `aal1`
   * until a second factor is verified in it; on an account with a verified factor its `aal1` tokens carry
   * `next_aal: aal2`, which the gateway refuses for the user's data.
   */
  async issue(
    manager: EntityManager,
    user: UserEntity,
    family: { familyId?: string; parentId?: string } = {},
    assurance: Assurance = 'password',
  ): Promise<AuthSession> {
    const refreshToken = newSecretToken();
    const familyId = family.familyId ?? randomUUID();
    const now = new Date();
    const { aal, amr } =
      typeof assurance === 'string'
        ? { aal: 'aal1' as const, amr: [{ method: assurance, timestamp: Math.floor(now.getTime() / 1000) }] }
        : assurance;
    await manager.insert(RefreshTokenEntity, {
      id: randomUUID(),
      familyId,
      userId: user.id,
      tokenHash: hashSecretToken(refreshToken),
      parentId: family.parentId ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.env.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
      aal,
      amr,
    });
    const factors = await factorsOf(manager, user.id);
    const ttl = this.env.ACCESS_TOKEN_TTL_SECONDS;
    const { token, expiresAt } = await this.key.signAccessToken(
      {
        userId: user.id,
        email: user.email,
        plan: user.plan,
        sessionId: familyId,
        aal,
        amr,
        ...(aal === 'aal1' && hasVerified(factors) ? { nextAal: 'aal2' as const } : {}),
      },
      ttl,
      now,
    );
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: ttl,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: toAuthUser(user, factors),
    };
  }
}
