import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { DataSource, type EntityManager } from 'typeorm';
import { AUTH_ERRORS, ERRORS, type AuthUser, type UpdateUserBody } from '@parley/contracts';
import { REDIS } from '@parley/server-database';
import { RpcError } from '@parley/server-observability';
import { IDENTITY_ENV, type IdentityConfig } from '../../../identity.config';
import { PasswordHasher } from '../../credentials/password-hasher';
import { passwordProblem } from '../../credentials/password-policy';
import { ProfileUpdatedPublisher } from '../../profile/events/profile-updated.publisher';
import { toAuthUser } from '../../users/users.rpc-controller';
import { assuranceOf } from '../mfa/assurance';
import { factorsOf, hasVerified } from '../mfa/factors';
import { UserEntity } from '../../users/user.entity';
import { EmailChanges } from '../email-changes';
import { PasswordRecoveries } from '../password-recoveries';
import { SessionRevocations } from '../session-revocations';
import { Reauthentications } from '../reauthentications';
import { FAILURE_WINDOW_SECONDS, failedSignInKey } from './sign-in-with-password.use-case';

export interface UpdateUserInput {
  userId: string;
  /** The caller's session (refresh-token family): it stays signed in when the password changes. */
  sessionId?: string;
  body: UpdateUserBody;
  /** Where the e-mail change link lands (inside PUBLIC_URL; the gateway checked it). */
  redirectTo: string;
}

/**
 * PUT /auth/v1/user. The name (the settings' display name follows it, announced as profile-updated); a
 * new password under the sign-up rules, after which every other session and refresh token of the account
 * is revoked and no older recovery link works; a new address, which needs re-authentication (the current
 * password or a nonce from GET /auth/v1/reauthenticate) and takes effect once confirmed. The answer for
 * a new address is the same, byte for byte, whether or not another account has it (ADR 0029). On an
 * account with a verified second factor, the password and the address change only from an aal2 sign-in
 * (GoTrue's rule), so neither a stolen password nor the e-mailed reset link alone takes the account over
 * (ADR 0035).
 */
@Injectable()
export class UpdateUserUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly profileUpdated: ProfileUpdatedPublisher,
    private readonly hasher: PasswordHasher,
    private readonly recoveries: PasswordRecoveries,
    private readonly emailChanges: EmailChanges,
    private readonly revocations: SessionRevocations,
    private readonly reauthentications: Reauthentications,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(IDENTITY_ENV) private readonly env: IdentityConfig,
  ) {}

  async execute(input: UpdateUserInput): Promise<AuthUser> {
    const { userId, body } = input;
    const problem = body.password === undefined ? null : passwordProblem(body.password);
    if (problem) throw new RpcError(422, problem);
    const newEmail = body.email?.toLowerCase();
    const current = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
    if (!current) throw new RpcError(404, ERRORS.notFound);
    if (body.password !== undefined || (newEmail && newEmail !== current.email))
      await this.requireSecondFactor(userId, input.sessionId);
    if (newEmail && newEmail !== current.email) await this.reauthenticate(current, body);
    const passwordHash = body.password === undefined ? undefined : await this.hasher.hash(body.password);

    const result = await this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(UserEntity, {
        where: { id: userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) throw new RpcError(404, ERRORS.notFound);
      if (body.data) await this.rename(manager, user, body.data.full_name);
      const revoked =
        body.password !== undefined && passwordHash
          ? await this.setPassword(manager, user, body.password, passwordHash, input.sessionId)
          : [];
      const sendChange =
        newEmail && newEmail !== user.email
          ? await this.emailChanges.start(manager, user, newEmail, input.redirectTo)
          : null;
      const answer = {
        user: {
          ...toAuthUser(user, await factorsOf(manager, user.id)),
          new_email: await this.emailChanges.pending(manager, user.id),
        },
        sendChange,
        email: user.email,
      };
      // Last: when Redis refuses, the password stays the old one and the person can try again (ADR 0027).
      await this.revocations.revoke(revoked, this.env.ACCESS_TOKEN_TTL_SECONDS);
      return answer;
    });
    if (body.password !== undefined) await this.redis.del(failedSignInKey(result.email));
    await result.sendChange?.();
    return result.user;
  }

  /** The current password (wrong ones count as failed sign-ins), or the e-mailed nonce, spent once. */
  private async requireSecondFactor(userId: string, sessionId: string | undefined): Promise<void> {
    const manager = this.dataSource.manager;
    if (!hasVerified(await factorsOf(manager, userId))) return;
    if ((await assuranceOf(manager, userId, sessionId)).aal !== 'aal2')
      throw new RpcError(403, AUTH_ERRORS.aal2RequiredForUpdate);
  }

  private async reauthenticate(user: UserEntity, body: UpdateUserBody): Promise<void> {
    if (body.current_password !== undefined) {
      const failuresKey = failedSignInKey(user.email);
      if (Number((await this.redis.get(failuresKey)) ?? 0) >= this.env.SIGN_IN_MAX_FAILURES_PER_HOUR)
        throw new RpcError(429, AUTH_ERRORS.accountLocked);
      const [row] = await this.dataSource.query<Array<{ password_hash: string }>>(
        `SELECT password_hash FROM credentials WHERE user_id = $1`,
        [user.id],
      );
      if (row && (await this.hasher.verify(row.password_hash, body.current_password))) return;
      await this.redis.multi().incr(failuresKey).expire(failuresKey, FAILURE_WINDOW_SECONDS, 'NX').exec();
      throw new RpcError(400, AUTH_ERRORS.currentPasswordInvalid);
    }
    if (body.nonce !== undefined) {
      if (await this.reauthentications.verify(user.id, body.nonce)) return;
      throw new RpcError(400, AUTH_ERRORS.nonceInvalid);
    }
    throw new RpcError(400, AUTH_ERRORS.reauthenticationNeeded);
  }

  private async rename(manager: EntityManager, user: UserEntity, fullName: string): Promise<void> {
    user.fullName = fullName.trim() || null;
    await manager.save(user);
    await manager.query(`UPDATE user_settings SET display_name = $2, updated_at = now() WHERE user_id = $1`, [
      user.id,
      user.fullName ?? '',
    ]);
    await this.profileUpdated.publish(manager, user.id);
  }

  /** Returns the sessions (refresh-token families) that end: every one but the caller's. */
  private async setPassword(
    manager: EntityManager,
    user: UserEntity,
    password: string,
    passwordHash: string,
    sessionId: string | undefined,
  ): Promise<string[]> {
    const [current] = await manager.query<Array<{ password_hash: string }>>(
      `SELECT password_hash FROM credentials WHERE user_id = $1`,
      [user.id],
    );
    if (current && (await this.hasher.verify(current.password_hash, password)))
      throw new RpcError(422, AUTH_ERRORS.samePassword);
    await manager.query(
      `INSERT INTO credentials (user_id, password_hash) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = now()`,
      [user.id, passwordHash],
    );
    await this.recoveries.invalidate(manager, user.id);
    const rows: Array<{ family_id: string }> = await manager.query(
      `SELECT DISTINCT family_id FROM refresh_tokens
        WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR family_id <> $2::uuid)`,
      [user.id, sessionId ?? null],
    );
    await manager.query(
      `UPDATE refresh_tokens SET revoked_at = now()
        WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR family_id <> $2::uuid)`,
      [user.id, sessionId ?? null],
    );
    return rows.map((r) => r.family_id);
  }
}
