import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { QueueFactory } from '@parley/server-queue';
import { IDENTITY_ENV, type IdentityConfig } from '../../identity.config';
import { confirmationEmail } from './confirmation-email';
import { emailQueue } from './email.queue';

/** Sends the e-mail jobs through SMTP; retried with backoff by the queue when the relay fails. */
@Injectable()
export class EmailProcessor implements OnApplicationShutdown {
  private readonly logger = new Logger('EmailProcessor');
  private readonly transport: Transporter;

  constructor(queues: QueueFactory, @Inject(IDENTITY_ENV) env: IdentityConfig) {
    this.transport = createTransport(env.SMTP_URL);
    const from = env.MAIL_FROM;
    queues.worker(
      emailQueue,
      {
        'send-confirmation': async ({ to, fullName, confirmUrl }) => {
          const mail = confirmationEmail({
            fullName,
            confirmUrl,
            validHours: env.EMAIL_CONFIRMATION_TTL_HOURS,
          });
          const info = await this.transport.sendMail({ from, to, ...mail });
          this.logger.log(`confirmation e-mail sent (${String(info.messageId)})`);
          return undefined;
        },
      },
      { concurrency: 4 },
    );
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
