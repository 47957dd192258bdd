import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { QueueFactory } from '@parley/server-queue';
import { IDENTITY_ENV, type IdentityConfig } from '../../identity.config';
import { EMAIL_CHANGE_UNDO_HOURS, EmailChanges } from '../auth/email-changes';
import { PasswordRecoveries, RECOVERY_LINK_TTL_MINUTES } from '../auth/password-recoveries';
import { REAUTHENTICATION_CODE_TTL_MINUTES } from '../auth/reauthentications';
import {
  confirmationEmail,
  emailChangedEmail,
  emailChangeEmail,
  reauthenticationEmail,
  recoveryEmail,
  type RenderedEmail,
} from './link-emails';
import { emailQueue } from './email.queue';

/** Sends the e-mail jobs through SMTP; retried with backoff by the queue when the relay fails. */
@Injectable()
export class EmailProcessor implements OnApplicationShutdown {
  private readonly logger = new Logger('EmailProcessor');
  private readonly transport: Transporter;

  constructor(
    queues: QueueFactory,
    recoveries: PasswordRecoveries,
    emailChanges: EmailChanges,
    @Inject(IDENTITY_ENV) env: IdentityConfig,
  ) {
    this.transport = createTransport(env.SMTP_URL);
    const from = env.MAIL_FROM;
    const send = async (kind: string, to: string, mail: RenderedEmail) => {
      const info = await this.transport.sendMail({ from, to, ...mail });
      this.logger.log(`${kind} e-mail sent (${String(info.messageId)})`);
      return undefined;
    };
    queues.worker(
      emailQueue,
      {
        'send-confirmation': ({ to, fullName, confirmUrl }) =>
          send(
            'confirmation',
            to,
            confirmationEmail({ fullName, confirmUrl, validHours: env.EMAIL_CONFIRMATION_TTL_HOURS }),
          ),
        'send-recovery': async ({ email, redirectTo }) => {
          const link = await recoveries.linkFor(email, redirectTo);
          if (!link) return undefined; // no account: nothing to send, and the request said the same
          return send(
            'recovery',
            link.user.email,
            recoveryEmail({
              fullName: link.user.fullName,
              resetUrl: link.url,
              validMinutes: RECOVERY_LINK_TTL_MINUTES,
            }),
          );
        },
        'send-email-change': async ({ to, fullName, confirmUrl, userId }) => {
          // A taken address gets nothing; the request answered as for a free one.
          if (await emailChanges.addressHeld(to, userId)) return undefined;
          return send(
            'e-mail change',
            to,
            emailChangeEmail({ fullName, confirmUrl, validHours: env.EMAIL_CONFIRMATION_TTL_HOURS }),
          );
        },
        'send-reauthentication': ({ to, fullName, code }) =>
          send(
            're-authentication',
            to,
            reauthenticationEmail({ fullName, code, validMinutes: REAUTHENTICATION_CODE_TTL_MINUTES }),
          ),
        'send-email-changed': ({ to, fullName, newEmail, undoUrl }) =>
          send(
            'e-mail changed',
            to,
            emailChangedEmail({ fullName, newEmail, undoUrl, validHours: EMAIL_CHANGE_UNDO_HOURS }),
          ),
      },
      { concurrency: 4 },
    );
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
