import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { AUTH_ERRORS, mfaEnabledKey } from '@parley/contracts';
import { REDIS } from '@parley/server-database';
import { RpcError } from '@parley/server-observability';
import { assuranceOf } from './assurance';
import { MfaFactorEntity } from './mfa-factor.entity';

/**
 * DELETE /auth/v1/factors/{id}: removing a verified factor needs a sign-in at aal2 (a fresh code, GoTrue's
 * rule), so a stolen password alone cannot turn the second factor off. An unverified one goes freely.
 */
@Injectable()
export class UnenrollFactorUseCase {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async execute(input: { userId: string; sessionId?: string; factorId: string }): Promise<{ id: string }> {
    const removed = await this.dataSource.transaction(async (manager) => {
      const factor = await manager.findOneBy(MfaFactorEntity, { id: input.factorId, userId: input.userId });
      if (!factor) throw new RpcError(404, AUTH_ERRORS.mfaFactorNotFound);
      if (factor.status === 'verified') {
        const { aal } = await assuranceOf(manager, input.userId, input.sessionId);
        if (aal !== 'aal2') throw new RpcError(403, AUTH_ERRORS.aal2Required);
      }
      await manager.delete(MfaFactorEntity, { id: factor.id });
      const left = await manager.countBy(MfaFactorEntity, { userId: input.userId, status: 'verified' });
      return { id: factor.id, left };
    });
    if (removed.left === 0) await this.redis.del(mfaEnabledKey(input.userId));
    return { id: removed.id };
  }
}
