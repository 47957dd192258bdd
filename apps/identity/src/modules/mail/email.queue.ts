import { z } from 'zod';
import { defineQueue } from '@parley/server-queue';

/** Outgoing e-mail. Sending is a job so a slow or failing SMTP relay never slows a request. */
export const emailQueue = defineQueue({
  name: 'identity-email',
  jobs: {
    'send-confirmation': z.object({
      to: z.email(),
      fullName: z.string().nullable(),
      confirmUrl: z.url(),
    }),
    /**
     * A recovery link for whoever holds this address, if anyone does: the worker looks the account up, so
     * the request answers the same, in the same time, for known and unknown addresses.
     */
    'send-recovery': z.object({ email: z.email(), redirectTo: z.url() }),
    /**
     * The link to the new address of an e-mail change. The worker sends it only when the address is free
     * (no account, not held for an undo), so the request answers the same for a taken one.
     */
    'send-email-change': z.object({
      to: z.email(),
      fullName: z.string().nullable(),
      confirmUrl: z.url(),
      userId: z.uuid().optional(),
    }),
    /** The re-authentication code (GoTrue's nonce) for the account's own address. */
    'send-reauthentication': z.object({
      to: z.email(),
      fullName: z.string().nullable(),
      code: z.string().regex(/^\d{6}$/),
    }),
    /** To the old address once a change took effect: what changed, and a link that undoes it. */
    'send-email-changed': z.object({
      to: z.email(),
      fullName: z.string().nullable(),
      newEmail: z.email(),
      undoUrl: z.url(),
    }),
  },
});
