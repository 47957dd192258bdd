import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { AUTH_ERROR_CODES, emailSendRateLimitMessage } from '@parley/contracts';
import { REDIS } from '@parley/server-database';
import { RpcError } from '@parley/server-observability';
import { QueueFactory } from '@parley/server-queue';
import { emailQueue } from '../../mail/email.queue';

/** One recovery e-mail per address per minute, as GoTrue limits it. */
export const RECOVERY_EMAIL_INTERVAL_SECONDS = 60;

export function recoveryRequestKey(email: string): string {
  return `auth:recovery-requested:${createHash('sha256').update(email.toLowerCase()).digest('hex')}`;
}

/**
 * POST /auth/v1/recover. The same answer after the same work for every address (one Redis round trip, at
 * most one job): whether the address has an account is decided by the e-mail worker, out of the
 * request's sight. The window is kept per address, known or not, so a second request inside it is
 * refused alike for both, as GoTrue does: 429 `over_email_send_rate_limit`, saying how long to wait,
 * rather than an answer that claims a mail went out when none did.
 */
@Injectable()
export class RecoverPasswordUseCase {
  constructor(
    private readonly queues: QueueFactory,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async execute(email: string, redirectTo: string): Promise<Record<string, never>> {
    const key = recoveryRequestKey(email);
    // One atomic round trip: start the window if there is none, and read what is left of it.
    const replies = await this.redis
      .multi()
      .set(key, '1', 'EX', RECOVERY_EMAIL_INTERVAL_SECONDS, 'NX')
      .pttl(key)
      .exec();
    if (!replies) throw new Error('Redis did not run the recovery-window transaction');
    const [[setError, set] = [null, null], [ttlError, ttl] = [null, null]] = replies;
    if (setError) throw setError;
    if (ttlError) throw ttlError;
    if (set !== 'OK') {
      const left = typeof ttl === 'number' && ttl > 0 ? ttl : RECOVERY_EMAIL_INTERVAL_SECONDS * 1000;
      const seconds = Math.max(1, Math.ceil(left / 1000));
      throw new RpcError(429, emailSendRateLimitMessage(seconds), {
        code: AUTH_ERROR_CODES.overEmailSendRateLimit,
        retryAfterSeconds: seconds,
      });
    }
    await this.queues.client(emailQueue).add('send-recovery', { email: email.toLowerCase(), redirectTo });
    return {};
  }
}
