import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { AUTH_ERRORS, type AuthSession, type PasswordGrantBody } from '@parley/contracts';
import { REDIS } from '@parley/server-database';
import { createEvent, Outbox } from '@parley/server-messaging';
import { RpcError } from '@parley/server-observability';
import { IDENTITY_ENV, type IdentityConfig } from '../../../identity.config';
import { PasswordHasher } from '../../credentials/password-hasher';
import { UserEntity } from '../../users/user.entity';
import { SessionIssuer } from '../session-issuer';

export const FAILURE_WINDOW_SECONDS = 3600;

/** Failed attempts are counted per address (known or not), so the lock tells nothing about existence. */
export function failedSignInKey(email: string): string {
  return `auth:failed-sign-in:${createHash('sha256').update(email.toLowerCase()).digest('hex')}`;
}

/**
 * POST /auth/v1/token?grant_type=password. Unknown address and wrong password get the same error after
 * the same argon2 work. More than SIGN_IN_MAX_FAILURES_PER_HOUR failures on one address in an hour lock
 * it until the window passes, whatever the password.
 */
@Injectable()
export class SignInWithPasswordUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionIssuer,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(IDENTITY_ENV) private readonly env: IdentityConfig,
  ) {}

  async execute(body: PasswordGrantBody): Promise<AuthSession> {
    const email = body.email.toLowerCase();
    const failuresKey = failedSignInKey(email);
    const failures = Number((await this.redis.get(failuresKey)) ?? 0);
    if (failures >= this.env.SIGN_IN_MAX_FAILURES_PER_HOUR)
      throw new RpcError(429, AUTH_ERRORS.accountLocked);

    const rows: Array<{ id: string; password_hash: string }> = await this.dataSource.query(
      `SELECT u.id, c.password_hash FROM users u JOIN credentials c ON c.user_id = u.id WHERE u.email = $1`,
      [email],
    );
    const found = rows[0];
    const valid = found
      ? await this.hasher.verify(found.password_hash, body.password)
      : await this.hasher.verifyAgainstNothing(body.password);
    if (!found || !valid) {
      await this.redis.multi().incr(failuresKey).expire(failuresKey, FAILURE_WINDOW_SECONDS, 'NX').exec();
      throw new RpcError(400, AUTH_ERRORS.invalidCredentials);
    }

    const user = await this.dataSource.getRepository(UserEntity).findOneByOrFail({ id: found.id });
    if (!user.emailConfirmedAt) throw new RpcError(400, AUTH_ERRORS.emailNotConfirmed);
    await this.redis.del(failuresKey);
    return this.dataSource.transaction(async (manager) => {
      const session = await this.sessions.issue(manager, user);
      await this.outbox.add(
        manager,
        createEvent('identity.user-signed-in', user.id, { at: new Date().toISOString(), timezone: null }),
      );
      return session;
    });
  }
}
