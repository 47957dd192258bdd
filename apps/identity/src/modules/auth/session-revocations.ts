import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { revokedSessionKey } from '@parley/contracts';
import { REDIS } from '@parley/server-database';

/**
 * Access tokens are stateless JWTs; logout, refresh-token reuse and account deletion must still end them
 * before they expire. The identity service lists revoked session ids (refresh-token families) here for
 * the access-token lifetime.
 */
@Injectable()
export class SessionRevocations {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async revoke(sessionIds: string[], ttlSeconds: number): Promise<void> {
    if (sessionIds.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const id of sessionIds) pipeline.set(revokedSessionKey(id), '1', 'EX', ttlSeconds);
    await pipeline.exec();
  }
}
