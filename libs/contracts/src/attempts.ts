import { z } from 'zod';
import { MAX_MESSAGES_PER_SESSION } from './sessions';

/* Retry from any turn (issue 20): a new attempt of a conversation, and the list of its attempts. */

/** POST /api/user/sessions/{id}/attempts: the index of the learner message to say again. */
export const startAttemptBodySchema = z
  .object({
    from_index: z
      .number({ message: 'from_index must be a number' })
      .int('from_index must be a whole number')
      .min(0, 'from_index must be 0 or more')
      .max(MAX_MESSAGES_PER_SESSION - 1, `from_index must be below ${MAX_MESSAGES_PER_SESSION}`),
  })
  .strict();
export type StartAttemptBody = z.infer<typeof startAttemptBodySchema>;

const scores = z.object({ clarity: z.number(), empathy: z.number(), persuasion: z.number() });

/** One attempt of a conversation: the first session (no parent) or a retry of it. */
export const attemptSchema = z.object({
  id: z.uuid(),
  scenario_id: z.string(),
  parent_session_id: z.uuid().nullable(),
  branch_from_index: z.number().int().nullable(),
  status: z.enum(['active', 'completed']),
  message_count: z.number().int(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** The attempt's scores once it has feedback. */
  scores: scores.nullable(),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const ATTEMPT_ERRORS = {
  notLearnerLine: 'from_index must point at one of your own messages in this session',
} as const;
