import { z } from 'zod';
import { defineQueue } from '@parley/server-queue';

/** Outgoing e-mail. Sending is a job so a slow or failing SMTP relay never slows a sign-up. */
export const emailQueue = defineQueue({
  name: 'identity-email',
  jobs: {
    'send-confirmation': z.object({
      to: z.email(),
      fullName: z.string().nullable(),
      confirmUrl: z.url(),
    }),
  },
});
