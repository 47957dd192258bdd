import { z } from 'zod';
import { AVATAR_STYLES, TONE_PREFERENCES } from './profile';
import { DIFFICULTIES } from './scenario';
import { text } from './text';
import type { FeedbackSources } from './coaching';

/* The practice API of spec section 7 (base /api), plus the additions ARCHITECTURE.md allows. */

/** A scenario as the library and detail screens read it; `locked` marks premium ones for a free user. */
export const scenarioSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  difficulty: z.enum(DIFFICULTIES),
  timeEstimate: z.string(),
  userRole: z.string(),
  aiRole: z.string(),
  premium: z.boolean(),
  locked: z.boolean(),
});
export type Scenario = z.infer<typeof scenarioSchema>;

export const scenarioListQuerySchema = z
  .object({
    search: text({ max: 100, trim: true }).optional(),
    tag: text({ max: 30, trim: true }).optional(),
  })
  .strict();
export type ScenarioListQuery = z.infer<typeof scenarioListQuerySchema>;

/** A scenario id as requests carry it: unknown ones are simply not found. */
export const scenarioIdSchema = text({ min: 1, max: 80 });

export const MAX_MESSAGES_PER_SESSION = 400;
export const MAX_MESSAGE_LENGTH = 8000;

/** A silence inside a spoken turn this long or longer is a long pause (voice mode's own measure). */
export const LONG_PAUSE_IN_TURN_MS = 1000;
/** Most silences one spoken turn reports. */
export const MAX_PAUSES_PER_TURN = 200;

const timing = z.number().int().min(0).max(3_600_000);

/**
 * A message. A learner's spoken or dictated one may carry its timing, kept with the session so the speech
 * analysis and the feedback can use it later: dictation gives `durationMs` (recording time) and
 * `pauseBeforeMs`; voice mode adds what its voice-activity detection measured: `speakingMs`, the time the
 * learner was actually speaking, and `pausesMs`, each silence inside the turn (250 ms or more).
 */
export const messageSchema = z
  .object({
    sender: z.enum(['user', 'ai'], { message: "sender must be 'user' or 'ai'" }),
    content: text({
      max: MAX_MESSAGE_LENGTH,
      multiline: true,
      messages: {
        notString: 'content must be a string',
        tooLong: `content must be at most ${MAX_MESSAGE_LENGTH} characters`,
      },
    }),
    durationMs: timing.optional(),
    pauseBeforeMs: timing.optional(),
    speakingMs: timing.optional(),
    pausesMs: z.array(timing).max(MAX_PAUSES_PER_TURN).optional(),
  })
  .strict();
export type Message = z.infer<typeof messageSchema>;

const messages = z
  .array(messageSchema)
  .max(MAX_MESSAGES_PER_SESSION, `at most ${MAX_MESSAGES_PER_SESSION} messages`);

/** The partner's lines are the server's: a client that sends one is told which field and why. */
export const PARTNER_LINES_ARE_THE_SERVERS = 'partner lines are written by the server';

/** A line the client may send: the learner's own (`sender: 'user'`); `ai` is refused, naming the field. */
export const learnerMessageSchema = messageSchema.extend({
  sender: z.enum(['user', 'ai'], { message: "sender must be 'user' or 'ai'" }).refine((s) => s === 'user', {
    message: PARTNER_LINES_ARE_THE_SERVERS,
  }),
});

/**
 * POST /api/user/sessions: the spec's payload. The opening line is the server's (generated and stored when
 * the session is made), so `messages` may only be empty; an `ai` line is refused by name. An active session
 * of the scenario is resumed rather than a second one made, unless `start_over` asks for a new one.
 */
export const createSessionBodySchema = z
  .object({
    user_id: z.uuid().optional(),
    scenario_id: scenarioIdSchema,
    tone_preference: z.enum(TONE_PREFERENCES).default('neutral'),
    avatar_style: z.enum(AVATAR_STYLES).nullable().optional(),
    messages: z
      .array(learnerMessageSchema)
      .refine((m) => m.length === 0, {
        message: 'must be empty: the partner opens, then your lines go to /api/chat/chat-completion',
      })
      .default([]),
    start_over: z.boolean().default(false),
  })
  .strict();
export type CreateSessionBody = z.infer<typeof createSessionBodySchema>;

/**
 * The sessions service's own start (gateway → sessions RPC): the opening the server generated, or the
 * copied turns of a retry. Never reachable with a client's messages.
 */
export const startSessionRpcSchema = createSessionBodySchema.extend({ messages: messages.default([]) });
export type StartSessionRpc = z.infer<typeof startSessionRpcSchema>;

/** sessions.practice.active: the caller's active session of a scenario, if any (resume, never a second). */
export const activeSessionRpcSchema = z.object({ scenario_id: scenarioIdSchema }).strict();

/**
 * POST /api/user/sessions/{id}/messages is refused (ADR 0036): a learner line goes through
 * chat-completion with `session_id`, which stores it with the partner's reply. Validated first, so an
 * `ai` line is told so by name.
 */
export const appendMessagesBodySchema = z
  .object({ messages: z.array(learnerMessageSchema).min(1, 'messages must not be empty') })
  .strict();
export type AppendMessagesBody = z.infer<typeof appendMessagesBodySchema>;

/** The sessions service's own append (the gateway storing a learner line or the partner's streamed reply). */
export const appendMessagesRpcSchema = z
  .object({ messages: messages.min(1, 'messages must not be empty') })
  .strict();

export const SESSION_FLOW_ERRORS = {
  appendRefused:
    "messages: send your line to /api/chat/chat-completion with session_id; it is stored with the partner's reply",
  notAnswered:
    'This session has none of your lines answered by the partner yet, so there is nothing to score. Say something first.',
  lastNotLearner: "messages: with session_id, the last message must be your new line (sender 'user')",
  sessionEnded: 'This session has ended',
} as const;

export const sessionSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  scenario_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
  status: z.enum(['active', 'completed']),
  tone_preference: z.string(),
  avatar_style: z.string().nullable(),
  messages: z.array(messageSchema),
  /** A retry: the session it was retried from, and the index of the learner message it says again. */
  parent_session_id: z.uuid().nullable().optional(),
  branch_from_index: z.number().int().nullable().optional(),
});
export type PracticeSession = z.infer<typeof sessionSchema>;

/** A row of the history list: the messages are left out (the replay reads them). */
export type PracticeSessionSummary = Omit<PracticeSession, 'messages'> & {
  message_count: number;
  scenario_title: string | null;
};

/** A stored feedback record (the spec's feedback entity) with its session and scenario. */
export type StoredFeedback = {
  session_id: string;
  scenario_id: string;
  clarity: number;
  empathy: number;
  persuasion: number;
  strengths: string[];
  weaknesses: string[];
  suggestions: string[];
  evidence: { clarity: unknown[]; empathy: unknown[]; persuasion: unknown[] };
  /**
   * The scenario's learner objectives (a custom scenario's are the learner's own), each checked: met, not
   * met, or `unsure` where the words alone could not tell (see objectiveCheckSchema).
   */
  objectives?: Array<{ objective: string; met: boolean; unsure?: boolean; line?: string; index?: number }>;
  /** Per field, where it came from (the model, read leniently, or the offline engine); absent on older rows. */
  sources?: FeedbackSources;
  created_at: string;
};

/** GET /api/user/progress/{userId}: one record per completed session, oldest first. */
export type ProgressRecord = {
  session_id: string;
  created_at: string;
  clarity: number;
  empathy: number;
  persuasion: number;
};

const feedbackItem = text({ max: 1000, multiline: true });

/** POST /api/user/feedback: the spec's payload. Scores are checked, but what is stored is the server's own. */
export const saveFeedbackBodySchema = z
  .object({
    session_id: z.uuid({ message: 'session_id must be a session id (uuid)' }),
    scenario_id: text({ max: 80 }).optional(),
    clarity: z.number().min(0).max(10).optional(),
    empathy: z.number().min(0).max(10).optional(),
    persuasion: z.number().min(0).max(10).optional(),
    strengths: z.array(feedbackItem).max(20).optional(),
    weaknesses: z.array(feedbackItem).max(20).optional(),
    suggestions: z.array(feedbackItem).max(20).optional(),
  })
  .strict();
export type SaveFeedbackBody = z.infer<typeof saveFeedbackBodySchema>;
