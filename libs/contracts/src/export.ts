import { z } from 'zod';
import { INVALID_MESSAGE_CONTENT } from './constants';
import { MAX_MESSAGE_LENGTH, MAX_MESSAGES_PER_SESSION } from './sessions';
import { cleanText, text } from './text';

/* Exported transcripts and reports (spec sections 2 "Export Transcript", 3, 7 and 8). */

/** Most messages one PDF export takes (a long session and then some). */
export const MAX_EXPORT_MESSAGES = 1000;
/** Most characters of message content, all messages together, one export takes: the largest stored session. */
export const MAX_EXPORT_CHARS = MAX_MESSAGES_PER_SESSION * MAX_MESSAGE_LENGTH;
export { EXPORT_PDF_FILE_NAME, INVALID_MESSAGE_CONTENT } from './constants';

/** One message as the chat screen holds it; content that is not a string is rendered as a placeholder. */
export const exportMessageSchema = z
  .object({
    sender: z.enum(['user', 'ai'], { message: "sender must be 'user' or 'ai'" }),
    content: z
      .unknown()
      .optional()
      .transform((v) => (typeof v === 'string' ? cleanText(v) : INVALID_MESSAGE_CONTENT))
      .pipe(z.string().max(MAX_MESSAGE_LENGTH, `content must be at most ${MAX_MESSAGE_LENGTH} characters`)),
    /** The avatar's label as the chat screen shows it, e.g. "robot". */
    avatar: text({ max: 60, trim: true }).optional(),
  })
  .loose();
export type ExportMessage = z.infer<typeof exportMessageSchema>;

const short = text({ max: 2000, multiline: true });
const items = z.array(short).max(50);
const score = z.number().min(0).max(10);

/** The post-session feedback as the report shows it; every part is optional. */
export const exportFeedbackSchema = z
  .object({
    clarity: score.optional(),
    empathy: score.optional(),
    persuasion: score.optional(),
    /** Further named scores (0–10). */
    scores: z.record(text({ max: 60 }), score).optional(),
    strengths: items.optional(),
    weaknesses: items.optional(),
    areas_for_improvement: items.optional(),
    suggestions: items.optional(),
    /**
     * The scenario's learner objectives as the report shows them: met (with the learner's line that met
     * it), not met, or `unsure` (not clear from the words alone).
     */
    objectives: z
      .array(
        z
          .object({
            objective: text({ max: 2000, multiline: true }),
            met: z.boolean(),
            unsure: z.boolean().optional(),
            line: text({ max: MAX_MESSAGE_LENGTH, multiline: true }).optional(),
          })
          .loose(),
      )
      .max(50)
      .optional(),
    speech: z
      .object({
        totalWords: z.number().nonnegative().optional(),
        totalFillers: z.number().nonnegative().optional(),
        fillerRatePer100Words: z.number().nonnegative().optional(),
        wordsPerMinute: z.number().nonnegative().nullable().optional(),
        fluencyScore: z.number().min(0).max(100).optional(),
        fluencyExplanation: short.optional(),
        fillerWords: z
          .array(z.object({ word: text({ max: 60 }), count: z.number().int() }))
          .max(50)
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type ExportFeedback = z.infer<typeof exportFeedbackSchema>;

const scenarioSchema = z.union([
  text({ max: 200, trim: true }),
  z
    .object({
      title: text({ max: 200, trim: true }).optional(),
      description: text({ max: 2000, trim: true, multiline: true }).optional(),
      userRole: text({ max: 200 }).optional(),
      aiRole: text({ max: 200 }).optional(),
    })
    .loose(),
]);

/** POST /api/export/pdf: the transcript on screen (and its feedback, when there is one). */
export const exportPdfBodySchema = z
  .object({
    messages: z
      .array(exportMessageSchema, { message: 'messages must be a list' })
      .min(1, 'messages must not be empty')
      .max(MAX_EXPORT_MESSAGES, `at most ${MAX_EXPORT_MESSAGES} messages`)
      .refine(
        (list) => list.reduce((n, m) => n + m.content.length, 0) <= MAX_EXPORT_CHARS,
        `the transcript must be at most ${MAX_EXPORT_CHARS} characters in all`,
      ),
    title: text({ max: 200, trim: true }).optional(),
    scenario: scenarioSchema.optional(),
    tone: text({ max: 20, trim: true }).optional(),
    /** When the conversation took place (ISO 8601); defaults to now. */
    date: z.iso.datetime({ offset: true }).optional(),
    avatar_style: text({ max: 60, trim: true }).nullable().optional(),
    feedback: exportFeedbackSchema.nullable().optional(),
    /** The session's Ask-the-coach thread, printed after the feedback. */
    coach: z
      .array(
        z.object({
          sender: z.enum(['user', 'coach']),
          content: text({ max: 4000, multiline: true }),
        }),
      )
      .max(80, 'at most 80 coach messages')
      .optional(),
  })
  .loose();
export type ExportPdfBody = z.infer<typeof exportPdfBodySchema>;
export type ExportPdfInput = z.input<typeof exportPdfBodySchema>;

/* Export jobs for a stored session, and shareable reports. */

export const EXPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** POST /api/export/jobs */
export const createExportJobBodySchema = z
  .object({ session_id: z.uuid({ message: 'session_id must be a session id (uuid)' }) })
  .strict();
export type CreateExportJobBody = z.infer<typeof createExportJobBodySchema>;

/** An export job as its owner sees it; `progress` is a percentage. */
export interface ExportJob {
  id: string;
  session_id: string;
  status: ExportJobStatus;
  progress: number;
  error: string | null;
  bytes: number | null;
  created_at: string;
  finished_at: string | null;
  expires_at: string;
}

/** POST /api/export/shares */
export const createShareLinkBodySchema = z
  .object({
    session_id: z.uuid({ message: 'session_id must be a session id (uuid)' }),
    expires_in_days: z.number().int().min(1).max(365).optional(),
  })
  .strict();
export type CreateShareLinkBody = z.infer<typeof createShareLinkBodySchema>;

/**
 * A read-only link to one session's report, as its owner lists it. The token is the only key to the
 * report, and the server keeps only its SHA-256: the link is listed and revoked by its id, and its address
 * is shown once, when it is created ({@link CreatedShareLink}).
 */
export interface ShareLink {
  id: string;
  session_id: string;
  created_at: string;
  expires_at: string;
}

/** POST /api/export/shares answers the new link with its token and address: the only time they are shown. */
export interface CreatedShareLink extends ShareLink {
  token: string;
  url: string;
}

/** What a shared link shows: the report and nothing of its owner. */
export interface SharedReport {
  title: string;
  scenario: { title?: string; description?: string } | null;
  tone: string | null;
  date: string;
  messages: Array<{ sender: 'user' | 'ai'; content: string }>;
  feedback: ExportFeedback | null;
  expires_at: string;
}

/** Share tokens: 32 random bytes, base64url. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/*
 * Live progress of an export job. The export service publishes one of these on the job's Redis pub/sub
 * channel whenever a worker changes the job's row (claimed: running 0 %, progress, done, failed); the gateway
 * forwards them as the `data:` lines of GET /api/export/jobs/:id/events.
 */

/** One update of a job, as published and as streamed: the row's status, progress and error. */
export const exportJobEventSchema = z.object({
  id: z.uuid(),
  status: z.enum(EXPORT_JOB_STATUSES),
  progress: z.number().min(0).max(100),
  error: z.string().nullable(),
});
export type ExportJobEvent = z.infer<typeof exportJobEventSchema>;

/**
 * The job's channel: `{prefix}export-job:{id}`, the prefix being the deployment's KAFKA_TOPIC_PREFIX
 * (empty by default), as BullMQ's key prefix is, so deployments sharing a Redis never hear each other.
 */
export function exportJobChannel(prefix: string, id: string): string {
  return `${prefix}export-job:${id}`;
}

/**
 * RPC (no caller needed): the channel prefix of the export deployment the gateway talks to, answered as
 * `{ prefix }`. The gateway does not know the export service's topic prefix, so it asks once.
 */
export const EXPORT_JOB_EVENTS_PREFIX_RPC = 'export.jobs.events-prefix';
