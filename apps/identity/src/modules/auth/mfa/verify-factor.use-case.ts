import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { AUTH_ERRORS, mfaEnabledKey, type AuthSession } from '@parley/contracts';
import { REDIS } from '@parley/server-database';
import { RpcError } from '@parley/server-observability';
import { IDENTITY_ENV, type IdentityConfig } from '../../../identity.config';
import { UserEntity } from '../../users/user.entity';
import { RefreshTokenEntity } from '../refresh-token.entity';
import { SessionIssuer } from '../session-issuer';
import { assuranceOf } from './assurance';
import { CHALLENGE_TTL_SECONDS } from './challenge-factor.use-case';
import { MfaChallengeEntity, MfaFactorEntity, MfaRecoveryCodeEntity } from './mfa-factor.entity';
import { normalizeRecoveryCode } from './recovery-codes';
import { SecretBox } from './secret-box';
import { totpStepOf } from './totp';

/** Wrong codes a factor takes in a window before it refuses every code until the window ends. */
export const MAX_FAILED_VERIFICATIONS = 5;
export const FAILED_VERIFICATION_WINDOW_SECONDS = 300;

export function failedVerificationsKey(factorId: string): string {
  return `auth:mfa-failures:${factorId}`;
}

type Outcome =
  { session: AuthSession; enabled: boolean } | { error: string; status: number; failed?: boolean };

/**
 * POST /auth/v1/factors/{id}/verify. The code must be right for the current 30-second step or one either
 * side, and for a later step than the factor's last accepted code (so no code works twice, even at once:
 * the step is moved forward by a conditional UPDATE). The challenge is spent either way it succeeds.
 * Success verifies an enrolling factor and raises the caller's sign-in to aal2: a new session in the same
 * family, its other outstanding refresh tokens used up. Five wrong codes in five minutes lock the factor.
 * One of the factor's recovery codes stands in for a TOTP code, once each (not to verify an enrolment).
 */
@Injectable()
export class VerifyFactorUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionIssuer,
    @Inject(SecretBox) private readonly box: SecretBox,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(IDENTITY_ENV) private readonly env: IdentityConfig,
  ) {}

  async execute(input: {
    userId: string;
    sessionId?: string;
    factorId: string;
    challengeId: string;
    code: string;
  }): Promise<AuthSession> {
    const failures = failedVerificationsKey(input.factorId);
    const outcome = await this.dataSource.transaction(async (manager): Promise<Outcome> => {
      const factor = await manager.findOne(MfaFactorEntity, {
        where: { id: input.factorId, userId: input.userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!factor) return { status: 404, error: AUTH_ERRORS.mfaFactorNotFound };
      if (Number((await this.redis.get(failures)) ?? 0) >= MAX_FAILED_VERIFICATIONS)
        return { status: 429, error: AUTH_ERRORS.mfaTooManyAttempts };
      const challenge = await manager.findOneBy(MfaChallengeEntity, {
        id: input.challengeId,
        factorId: factor.id,
      });
      if (!challenge) return { status: 404, error: AUTH_ERRORS.mfaChallengeNotFound };
      if (challenge.createdAt.getTime() + CHALLENGE_TTL_SECONDS * 1000 <= Date.now()) {
        await manager.delete(MfaChallengeEntity, { id: challenge.id });
        return { status: 422, error: AUTH_ERRORS.mfaChallengeExpired };
      }
      const method = await this.spend(manager, factor, input.code);
      if (!method) return { status: 422, error: AUTH_ERRORS.mfaCodeInvalid, failed: true };

      const enabled = factor.status === 'unverified';
      await manager.delete(MfaChallengeEntity, { id: challenge.id });
      const before = await assuranceOf(manager, input.userId, input.sessionId);
      if (input.sessionId)
        await manager.update(
          RefreshTokenEntity,
          { familyId: input.sessionId, userId: input.userId, usedAt: IsNull(), revokedAt: IsNull() },
          { usedAt: new Date() },
        );
      const user = await manager.findOneByOrFail(UserEntity, { id: input.userId });
      const session = await this.sessions.issue(
        manager,
        user,
        input.sessionId ? { familyId: input.sessionId } : {},
        {
          aal: 'aal2',
          amr: [
            ...before.amr.filter((entry) => entry.method !== method),
            { method, timestamp: Math.floor(Date.now() / 1000) },
          ],
        },
      );
      return { session, enabled };
    });
    if ('error' in outcome) {
      if (outcome.failed)
        await this.redis
          .multi()
          .incr(failures)
          .expire(failures, FAILED_VERIFICATION_WINDOW_SECONDS, 'NX')
          .exec();
      throw new RpcError(outcome.status, outcome.error);
    }
    await this.redis.del(failures);
    // Sign-ins made before this one carry no next_aal: the gateway refuses their aal1 tokens from now on.
    if (outcome.enabled)
      await this.redis.set(mfaEnabledKey(input.userId), '1', 'EX', this.env.ACCESS_TOKEN_TTL_SECONDS);
    return outcome.session;
  }

  /**
   * Spends the code: a TOTP code moves the factor's last step forward (verifying an enrolling factor); a
   * recovery code of a verified factor is marked used. Null when it is neither, or spent before.
   */
  private async spend(
    manager: EntityManager,
    factor: MfaFactorEntity,
    code: string,
  ): Promise<'totp' | 'mfa/recovery-code' | null> {
    const step = totpStepOf(this.box.open(factor.secretSealed, factor.id), code);
    if (step !== null) {
      if (factor.lastUsedStep !== null && step <= Number(factor.lastUsedStep)) return null;
      await manager.update(
        MfaFactorEntity,
        { id: factor.id },
        { lastUsedStep: String(step), status: 'verified', updatedAt: new Date() },
      );
      return 'totp';
    }
    const recovery = normalizeRecoveryCode(code);
    if (recovery === null || factor.status !== 'verified') return null;
    const spent = await manager.update(
      MfaRecoveryCodeEntity,
      { factorId: factor.id, codeDigest: this.box.digest(recovery), usedAt: IsNull() },
      { usedAt: new Date() },
    );
    return spent.affected === 1 ? 'mfa/recovery-code' : null;
  }
}
