import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AI_ERRORS } from '@parley/contracts';
import { REDIS } from '@parley/server-database';
import { RpcError } from '@parley/server-observability';

/** Per-user cap on AI calls per minute (AI_CALLS_PER_USER_PER_MINUTE), shared by every coaching instance. */
@Injectable()
export class AiCallLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject('AI_CALLS_PER_USER_PER_MINUTE') private readonly perMinute: number,
  ) {}

  async take(userId: string): Promise<void> {
    const key = `ai-calls:${userId}:${Math.floor(Date.now() / 60_000)}`;
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, 120).exec()) as [
      [null, number],
      unknown,
    ];
    if (count > this.perMinute) throw new RpcError(429, AI_ERRORS.tooManyCalls);
  }
}
