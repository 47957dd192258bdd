import { Injectable } from '@nestjs/common';
import { randomInt, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AUTH_ERRORS, ERRORS } from '@parley/contracts';
import { queryRows } from '@parley/server-database';
import { RpcError } from '@parley/server-observability';
import { QueueFactory } from '@parley/server-queue';
import { emailQueue } from '../mail/email.queue';
import { UserEntity } from '../users/user.entity';
import { hashSecretToken } from './secret-token';

/** How long a re-authentication code works; one new code a minute at most; wrong tries per code. */
export const REAUTHENTICATION_CODE_TTL_MINUTES = 15;
const RESEND_AFTER_SECONDS = 60;
const MAX_ATTEMPTS = 5;

const codeHash = (userId: string, code: string) => hashSecretToken(`${userId}:${code}`);

/**
 * GoTrue's re-authentication: `GET /auth/v1/reauthenticate` mails a six-digit code (the "nonce") to the
 * account's confirmed address, and `PUT /auth/v1/user {email, nonce}` spends it. One code per account,
 * stored hashed; it works once, for REAUTHENTICATION_CODE_TTL_MINUTES, and MAX_ATTEMPTS wrong tries void it.
 */
@Injectable()
export class Reauthentications {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: QueueFactory,
  ) {}

  async send(userId: string): Promise<Record<string, never>> {
    const job = await this.dataSource.transaction(async (manager) => {
      const user = await manager.findOneBy(UserEntity, { id: userId });
      if (!user) throw new RpcError(404, ERRORS.notFound);
      if (!user.emailConfirmedAt) throw new RpcError(400, AUTH_ERRORS.verifyEmailFirst);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const written = await queryRows(
        manager,
        `INSERT INTO reauthentications (user_id, code_hash, expires_at)
              VALUES ($1, $2, now() + make_interval(mins => $3))
         ON CONFLICT (user_id) DO UPDATE
                 SET code_hash = EXCLUDED.code_hash, sent_at = now(), expires_at = EXCLUDED.expires_at, attempts = 0
               WHERE reauthentications.sent_at < now() - make_interval(secs => $4)
         RETURNING user_id`,
        [userId, codeHash(userId, code), REAUTHENTICATION_CODE_TTL_MINUTES, RESEND_AFTER_SECONDS],
      );
      if (written.length === 0) throw new RpcError(429, AUTH_ERRORS.reauthenticateTooSoon);
      return { to: user.email, fullName: user.fullName, code };
    });
    await this.queues.client(emailQueue).add('send-reauthentication', job);
    return {};
  }

  /** Spends the account's code: true once for the right code; every try counts against MAX_ATTEMPTS. */
  async verify(userId: string, nonce: string): Promise<boolean> {
    const [row] = await queryRows<{ code_hash: string }>(
      this.dataSource,
      `UPDATE reauthentications SET attempts = attempts + 1
        WHERE user_id = $1 AND expires_at > now() AND attempts < $2
        RETURNING code_hash`,
      [userId, MAX_ATTEMPTS],
    );
    if (!row) return false;
    const given = Buffer.from(codeHash(userId, nonce));
    const stored = Buffer.from(row.code_hash);
    if (given.length !== stored.length || !timingSafeEqual(given, stored)) return false;
    const spent = await queryRows(
      this.dataSource,
      `DELETE FROM reauthentications WHERE user_id = $1 AND code_hash = $2 RETURNING user_id`,
      [userId, row.code_hash],
    );
    return spent.length === 1;
  }
}
