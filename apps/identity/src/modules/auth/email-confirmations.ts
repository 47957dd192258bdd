import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '@parley/server-database';
import { createEvent, Outbox } from '@parley/server-messaging';
import { QueueFactory } from '@parley/server-queue';
import { IDENTITY_ENV, type IdentityConfig } from '../../identity.config';
import { emailQueue } from '../mail/email.queue';
import { UserEntity } from '../users/user.entity';
import { hashSecretToken, newSecretToken } from './secret-token';

/** Confirmation links: a single-use token (stored hashed) that expires, sent by the e-mail queue. */
@Injectable()
export class EmailConfirmations {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly queues: QueueFactory,
    @Inject(IDENTITY_ENV) private readonly env: IdentityConfig,
  ) {}

  /** Link the e-mail carries: GoTrue's verify endpoint, which signs the person in and lands on /auth/callback. */
  confirmUrl(token: string): string {
    const url = new URL('/auth/v1/verify', this.env.PUBLIC_URL);
    url.searchParams.set('token', token);
    url.searchParams.set('type', 'signup');
    url.searchParams.set('redirect_to', new URL('/auth/callback', this.env.PUBLIC_URL).toString());
    return url.toString();
  }

  async send(user: UserEntity): Promise<void> {
    const token = newSecretToken();
    const now = Date.now();
    await this.dataSource.query(
      `INSERT INTO email_confirmations (token_hash, user_id, expires_at) VALUES ($1, $2, $3)`,
      [hashSecretToken(token), user.id, new Date(now + this.env.EMAIL_CONFIRMATION_TTL_HOURS * 3_600_000)],
    );
    await this.queues.client(emailQueue).add('send-confirmation', {
      to: user.email,
      fullName: user.fullName,
      confirmUrl: this.confirmUrl(token),
    });
  }

  /** Uses the token once; returns the confirmed user, or null when the link is unknown, used or expired. */
  async confirm(manager: EntityManager, token: string): Promise<UserEntity | null> {
    const rows = await queryRows<{ user_id: string }>(
      manager,
      `UPDATE email_confirmations SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [hashSecretToken(token)],
    );
    const userId = rows[0]?.user_id;
    if (!userId) return null;
    const user = await manager.findOneByOrFail(UserEntity, { id: userId });
    if (!user.emailConfirmedAt) {
      user.emailConfirmedAt = new Date();
      await manager.save(user);
      await this.outbox.add(manager, createEvent('identity.user-confirmed', user.id, { email: user.email }));
    }
    return user;
  }
}
