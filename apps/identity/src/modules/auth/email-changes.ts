import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AUTH_ERRORS } from '@parley/contracts';
import { queryRows } from '@parley/server-database';
import { QueueFactory } from '@parley/server-queue';
import { IDENTITY_ENV, type IdentityConfig } from '../../identity.config';
import { ProfileUpdatedPublisher } from '../profile/events/profile-updated.publisher';
import { emailQueue } from '../mail/email.queue';
import { UserEntity } from '../users/user.entity';
import { consumeLinkToken, createLinkToken, type LinkRefusal } from './one-time-links';
import { PasswordRecoveries, verifyUrl } from './password-recoveries';
import { hashSecretToken, newSecretToken } from './secret-token';
import { SessionRevocations } from './session-revocations';

/** How long the old address can undo a change (and no one else can take that address). */
export const EMAIL_CHANGE_UNDO_HOURS = 24;

/** Work to do once the transaction has committed (an e-mail to queue). */
export type AfterCommit = () => Promise<void>;

/**
 * Changing the account's address (docs/adr/0029-email-change-as-supabase-does-it.md): the new address
 * gets a link, and the change takes effect only when it is opened. Until then the person signs in with
 * the old address. Once it takes effect, the old address is told and gets a link that undoes it for
 * EMAIL_CHANGE_UNDO_HOURS; meanwhile that address stays held for the account.
 */
@Injectable()
export class EmailChanges {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: QueueFactory,
    private readonly profileUpdated: ProfileUpdatedPublisher,
    private readonly recoveries: PasswordRecoveries,
    private readonly revocations: SessionRevocations,
    @Inject(IDENTITY_ENV) private readonly env: IdentityConfig,
  ) {}

  /**
   * Records the pending change and returns the e-mail to queue once the transaction commits. The same
   * work and the same answer whether or not the address is taken: the e-mail worker looks that up and
   * sends nothing to a taken address (`addressHeld`).
   */
  async start(
    manager: EntityManager,
    user: UserEntity,
    newEmail: string,
    redirectTo: string,
  ): Promise<AfterCommit> {
    const token = await createLinkToken(
      manager,
      'email_changes',
      user.id,
      this.env.EMAIL_CONFIRMATION_TTL_HOURS * 3_600_000,
      { new_email: newEmail },
    );
    const job = {
      to: newEmail,
      fullName: user.fullName,
      confirmUrl: verifyUrl(this.env.PUBLIC_URL, token, 'email_change', redirectTo),
      userId: user.id,
    };
    return async () => {
      await this.queues.client(emailQueue).add('send-email-change', job);
    };
  }

  /**
   * Whether an address belongs to another account or is held for one's undo link. `except` is the
   * account asking (its own old address is not held against it).
   */
  async addressHeld(
    email: string,
    except?: string,
    runner: Pick<EntityManager, 'query'> = this.dataSource,
  ): Promise<boolean> {
    const rows = await queryRows(
      runner,
      `SELECT 1 FROM users WHERE email = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)
       UNION ALL
       SELECT 1 FROM email_change_undos
        WHERE old_email = $1 AND used_at IS NULL AND expires_at > now() AND ($2::uuid IS NULL OR user_id <> $2::uuid)
       LIMIT 1`,
      [email.toLowerCase(), except ?? null],
    );
    return rows.length > 0;
  }

  /**
   * Uses the link: the account's address becomes the new one (the settings' copy too), and the old
   * address is to be told, with its undo link, once this commits.
   */
  async consume(
    manager: EntityManager,
    token: string,
  ): Promise<{ user: UserEntity; after: AfterCommit } | LinkRefusal> {
    const row = await consumeLinkToken<{ user_id: string; new_email: string }>(
      manager,
      'email_changes',
      token,
      {
        used: AUTH_ERRORS.confirmationInvalid,
        expired: AUTH_ERRORS.confirmationInvalid,
      },
    );
    if ('error' in row) return row;
    // Someone may have registered (or be holding) the address since the link was sent.
    if (await this.addressHeld(row.new_email, row.user_id, manager))
      return { error: AUTH_ERRORS.confirmationInvalid };
    const user = await manager.findOneByOrFail(UserEntity, { id: row.user_id });
    const oldEmail = user.email;
    await this.setEmail(manager, user, row.new_email);
    // Not createLinkToken: a later change must not void the undo link of an earlier one.
    const undoToken = newSecretToken();
    await manager.query(
      `INSERT INTO email_change_undos (token_hash, user_id, old_email, new_email, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
      [hashSecretToken(undoToken), user.id, oldEmail, user.email, EMAIL_CHANGE_UNDO_HOURS],
    );
    const job = {
      to: oldEmail,
      fullName: user.fullName,
      newEmail: user.email,
      undoUrl: verifyUrl(
        this.env.PUBLIC_URL,
        undoToken,
        'email_change_undo',
        new URL('/auth/reset-password', this.env.PUBLIC_URL).toString(),
      ),
    };
    return {
      user,
      after: async () => {
        await this.queues.client(emailQueue).add('send-email-changed', job);
      },
    };
  }

  /**
   * Uses an undo link: the address goes back to the old one, pending changes and later undo links are
   * void, and every session and recovery link of the account ends (whoever changed the address may hold
   * them); the caller then signs the owner in to choose a new password.
   */
  async undo(manager: EntityManager, token: string): Promise<UserEntity | LinkRefusal> {
    const row = await consumeLinkToken<{ user_id: string; old_email: string; created_at: Date }>(
      manager,
      'email_change_undos',
      token,
      { used: AUTH_ERRORS.confirmationInvalid, expired: AUTH_ERRORS.confirmationInvalid },
    );
    if ('error' in row) return row;
    if (await this.addressHeld(row.old_email, row.user_id, manager))
      return { error: AUTH_ERRORS.confirmationInvalid };
    const user = await manager.findOneByOrFail(UserEntity, { id: row.user_id });
    await this.setEmail(manager, user, row.old_email);
    await manager.query(`UPDATE email_changes SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [
      user.id,
    ]);
    await manager.query(
      `UPDATE email_change_undos SET used_at = now()
        WHERE user_id = $1 AND used_at IS NULL AND created_at > $2`,
      [user.id, row.created_at],
    );
    await this.recoveries.invalidate(manager, user.id);
    const families = await queryRows<{ family_id: string }>(
      manager,
      `UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING family_id`,
      [user.id],
    );
    await this.revocations.revoke(
      families.map((f) => f.family_id),
      this.env.ACCESS_TOKEN_TTL_SECONDS,
    );
    return user;
  }

  /** The address waiting for confirmation, if any (GoTrue's `new_email`). */
  async pending(manager: EntityManager, userId: string): Promise<string | null> {
    const rows: Array<{ new_email: string }> = await manager.query(
      `SELECT new_email FROM email_changes WHERE user_id = $1 AND used_at IS NULL AND expires_at > now()
        ORDER BY created_at DESC LIMIT 1`,
      [userId],
    );
    return rows[0]?.new_email ?? null;
  }

  private async setEmail(manager: EntityManager, user: UserEntity, email: string): Promise<void> {
    user.email = email;
    await manager.save(user);
    await manager.query(`UPDATE user_settings SET email = $2, updated_at = now() WHERE user_id = $1`, [
      user.id,
      user.email,
    ]);
    await this.profileUpdated.publish(manager, user.id);
  }
}
