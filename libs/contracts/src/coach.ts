import { z } from 'zod';
import { text } from './text';

/* Ask the coach (issue 20): questions about a session's feedback, answered from its evidence. */

export const MAX_COACH_MESSAGES = 40;
export const MAX_COACH_QUESTION = 1000;

export const coachMessageSchema = z
  .object({
    sender: z.enum(['user', 'coach'], { message: "sender must be 'user' or 'coach'" }),
    content: text({
      min: 1,
      max: 4000,
      trim: true,
      multiline: true,
      messages: { tooShort: 'content must not be empty', tooLong: 'content must be at most 4000 characters' },
    }),
  })
  .strict();
export type CoachMessage = z.infer<typeof coachMessageSchema>;

/** POST /api/chat/coach: the thread so far, ending with the learner's question. */
export const coachChatBodySchema = z
  .object({
    session_id: z.uuid({ message: 'session_id must be a session id (uuid)' }),
    messages: z
      .array(coachMessageSchema)
      .min(1, 'messages must not be empty')
      .max(MAX_COACH_MESSAGES, `at most ${MAX_COACH_MESSAGES} messages`)
      .refine((m) => m.at(-1)?.sender === 'user', 'the last message must be the learner’s question')
      .refine(
        (m) => (m.at(-1)?.content.length ?? 0) <= MAX_COACH_QUESTION,
        `a question must be at most ${MAX_COACH_QUESTION} characters`,
      ),
  })
  .strict();
export type CoachChatBody = z.infer<typeof coachChatBodySchema>;

/** A saved exchange of the thread: the learner's question, the coach's answer and the turn it suggests. */
export const coachThreadEntrySchema = z.object({
  sender: z.enum(['user', 'coach']),
  content: z.string(),
  /** On a coach answer: the transcript index of the learner line it suggests trying again from. */
  retry_from: z.number().int().nonnegative().nullable(),
  created_at: z.string(),
});
export type CoachThreadEntry = z.infer<typeof coachThreadEntrySchema>;

export const COACH_ERRORS = {
  noFeedback: 'The coach answers once the session has feedback: end the session first.',
} as const;
