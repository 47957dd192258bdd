import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, LessThan } from 'typeorm';
import { AUTH_ERRORS, type MfaChallenge } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { MfaChallengeEntity, MfaFactorEntity } from './mfa-factor.entity';

/** How long a challenge takes a code (GoTrue's default MFA challenge expiry). */
export const CHALLENGE_TTL_SECONDS = 300;

/** POST /auth/v1/factors/{id}/challenge: only on the caller's own factor; another's reads as unknown. */
@Injectable()
export class ChallengeFactorUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async execute(input: { userId: string; factorId: string }): Promise<MfaChallenge> {
    const factor = await this.dataSource.manager.findOneBy(MfaFactorEntity, {
      id: input.factorId,
      userId: input.userId,
    });
    if (!factor) throw new RpcError(404, AUTH_ERRORS.mfaFactorNotFound);
    const now = new Date();
    const id = randomUUID();
    // Challenges never answered go with the next one, so they do not pile up.
    await this.dataSource.manager.delete(MfaChallengeEntity, {
      factorId: factor.id,
      createdAt: LessThan(new Date(now.getTime() - CHALLENGE_TTL_SECONDS * 1000)),
    });
    await this.dataSource.manager.insert(MfaChallengeEntity, { id, factorId: factor.id, createdAt: now });
    return { id, type: 'totp', expires_at: Math.floor(now.getTime() / 1000) + CHALLENGE_TTL_SECONDS };
  }
}
