import { z } from 'zod';
import { MAX_MESSAGES_PER_SESSION, messageSchema } from './sessions';
import { text } from './text';

/* The AI partner and the coach (spec sections 2 chat session, 3, 7, 8). */

export const CHAT_TONES = ['friendly', 'neutral', 'tough'] as const;
export type ChatTone = (typeof CHAT_TONES)[number];

/** The help text's coaching tones map onto the partner's tones. */
export function chatToneOf(tone: string | null | undefined): ChatTone {
  if (tone === 'friendly' || tone === 'encouraging') return 'friendly';
  if (tone === 'tough' || tone === 'direct') return 'tough';
  return 'neutral';
}

/**
 * The most messages a chat, a feedback or a filler-word request carries: the session's own cap, so every
 * session that could be stored can also be replied to and completed (issue 30: one cap everywhere).
 */
export const MAX_CHAT_MESSAGES = MAX_MESSAGES_PER_SESSION;

/** One line of the learner's that earned or cost points on a dimension, and why. */
export const scoreEvidenceSchema = z.object({
  line: z.string(),
  effect: z.enum(['earned', 'cost']),
  reason: z.string(),
  /** Where the line is in the transcript (0-based index into the session's messages); the quote is the server's. */
  index: z.number().int().nonnegative().optional(),
});
export type ScoreEvidence = z.infer<typeof scoreEvidenceSchema>;

const score = z.number().min(0).max(10);

/**
 * One of the scenario's learner objectives, checked against the transcript, with the line that met it. Not
 * met is a claim that no learner line did what it asks; where the words alone cannot tell, it is not met
 * and `unsure`: neither claimed met nor missed.
 */
export const objectiveCheckSchema = z.object({
  objective: z.string(),
  met: z.boolean(),
  unsure: z.boolean().optional(),
  /** The learner's line that met it (verbatim, taken by the server from the transcript). */
  line: z.string().optional(),
  index: z.number().int().nonnegative().optional(),
});
export type ObjectiveCheck = z.infer<typeof objectiveCheckSchema>;

/**
 * Where one field of a feedback came from: the model's answer as it was, the model's answer read leniently
 * (a score written "7/10", a list written as one string, evidence quoted instead of numbered…), or Parley's
 * offline engine, which filled a field the model left out or got wrong even after the repair turn.
 */
export const FEEDBACK_SOURCES = ['model', 'normalised', 'builtin'] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];
const feedbackSource = z.enum(FEEDBACK_SOURCES);

/** The source of each field of a feedback (scores, each dimension's evidence, objectives, the three lists). */
export const feedbackSourcesSchema = z.object({
  clarity: feedbackSource,
  empathy: feedbackSource,
  persuasion: feedbackSource,
  evidence: z.object({ clarity: feedbackSource, empathy: feedbackSource, persuasion: feedbackSource }),
  /** Absent when the feedback has no objectives (no scenario). */
  objectives: feedbackSource.optional(),
  strengths: feedbackSource,
  weaknesses: feedbackSource,
  suggestions: feedbackSource,
});
export type FeedbackSources = z.infer<typeof feedbackSourcesSchema>;

/** Post-session feedback (the spec's feedback entity), plus the evidence behind each score. */
export const sessionFeedbackSchema = z.object({
  clarity: score,
  empathy: score,
  persuasion: score,
  strengths: z.array(z.string()),
  weaknesses: z.array(z.string()),
  suggestions: z.array(z.string()),
  evidence: z.object({
    clarity: z.array(scoreEvidenceSchema),
    empathy: z.array(scoreEvidenceSchema),
    persuasion: z.array(scoreEvidenceSchema),
  }),
  /** The scenario's learner objectives, each checked against the transcript (absent without a scenario). */
  objectives: z.array(objectiveCheckSchema).optional(),
  /** Which prompts (or builtin rules) produced this feedback, e.g. "builtin-rubric@3" or "openai-feedback@2". */
  promptVersion: z.string().max(80).optional(),
  /**
   * Per field, whether the model wrote it, it was read leniently, or the offline engine filled it. Set by
   * the model path only; absent on feedback the builtin engine wrote whole and on rows stored before it.
   */
  sources: feedbackSourcesSchema.optional(),
});
export type SessionFeedback = z.infer<typeof sessionFeedbackSchema>;

/**
 * Who plays the partner and writes the coaching: Parley's offline engine, or a model by its name. Public-safe
 * on purpose: the kind and the model's name only (no server address, no key), as `/api/health` names them.
 */
export const aiPartnerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('builtin') }),
  z.object({ kind: z.literal('model'), model: z.string().min(1).max(200) }),
]);
export type AiPartner = z.infer<typeof aiPartnerSchema>;

/** The inline coaching tip's four sections, as the chat screen shows them. */
export const inlineCoachingSchema = z.object({
  communicationAnalysis: z.string(),
  strategicImpact: z.string(),
  improvementOpportunity: z.string(),
  enhancedVersion: z.string(),
});
export type InlineCoaching = z.infer<typeof inlineCoachingSchema>;

/** Filler words, pace, pauses and fluency of the learner's side of a session. */
export const speechAnalysisSchema = z.object({
  totalWords: z.number().int().nonnegative(),
  fillerWords: z.array(z.object({ word: z.string(), count: z.number().int().positive() })),
  totalFillers: z.number().int().nonnegative(),
  fillerRatePer100Words: z.number().nonnegative(),
  /** Words per minute, when message durations are known; null otherwise. */
  wordsPerMinute: z.number().nonnegative().nullable(),
  longPauses: z.array(
    z.object({ messageIndex: z.number().int().nonnegative(), seconds: z.number().nonnegative() }),
  ),
  fluencyScore: z.number().min(0).max(100),
  /** How the fluency score was computed, in words a learner understands. */
  fluencyExplanation: z.string(),
  /**
   * Each learner turn on its own: spoken turns (voice mode) carry pace over the time actually spoken and
   * the silences inside the turn; typed turns have null pace. Absent from analyses made before voice mode.
   */
  turns: z
    .array(
      z.object({
        messageIndex: z.number().int().nonnegative(),
        spoken: z.boolean(),
        words: z.number().int().nonnegative(),
        fillers: z.number().int().nonnegative(),
        /** Seconds the learner was actually speaking (voice-activity time, silences left out); null when typed. */
        speakingSeconds: z.number().nonnegative().nullable(),
        wordsPerMinute: z.number().nonnegative().nullable(),
        /** Silences inside the turn of LONG_PAUSE_IN_TURN_MS or more, in seconds. */
        longPauses: z.array(z.number().nonnegative()),
      }),
    )
    .optional(),
});
export type SpeechAnalysis = z.infer<typeof speechAnalysisSchema>;

/** A learner message with its timing (the session's own message schema carries it). */
export const timedMessageSchema = messageSchema;
export type TimedMessage = z.infer<typeof timedMessageSchema>;

/* HTTP payloads of /api/chat/* and /api/analysis/* (spec section 7). */

/** The scenario as the chat screen sends it: at least title and description; the id finds the full definition. */
export const chatScenarioSchema = z
  .object({
    id: text({ max: 80 }).optional(),
    title: text({ max: 200, min: 1, trim: true, messages: { tooShort: 'scenario title is required' } }),
    description: text({
      max: 2000,
      min: 1,
      trim: true,
      multiline: true,
      messages: { tooShort: 'scenario description is required' },
    }),
    userRole: text({ max: 200 }).optional(),
    aiRole: text({ max: 200 }).optional(),
  })
  .loose();
export type ChatScenario = z.infer<typeof chatScenarioSchema>;

const chatMessages = z.array(messageSchema).max(MAX_CHAT_MESSAGES, `at most ${MAX_CHAT_MESSAGES} messages`);

export const chatCompletionBodySchema = z.object({
  messages: chatMessages.min(1, 'messages must not be empty'),
  scenario: chatScenarioSchema,
  tone: text({ max: 20 }).optional(),
  session_id: z.uuid().optional(),
});
export type ChatCompletionBody = z.infer<typeof chatCompletionBodySchema>;

export const generateOpeningBodySchema = z.object({
  title: text({ max: 200, min: 1, trim: true }),
  description: text({ max: 2000, min: 1, trim: true, multiline: true }),
  tone: text({ max: 20 }).optional(),
  scenario_id: text({ max: 80 }).optional(),
});
export type GenerateOpeningBody = z.infer<typeof generateOpeningBodySchema>;

export const inlineCoachingBodySchema = z.object({
  title: text({ max: 200, min: 1, trim: true }),
  description: text({ max: 2000, min: 1, trim: true, multiline: true }),
  message: text({
    max: 8000,
    min: 1,
    trim: true,
    multiline: true,
    messages: { tooShort: 'message must not be empty' },
  }),
  /** The catalogue scenario, so the tip can use its persona and objectives (optional: title and description suffice). */
  scenario_id: text({ max: 80 }).optional(),
});
export type InlineCoachingBody = z.infer<typeof inlineCoachingBodySchema>;

export const postSessionFeedbackBodySchema = z.object({
  messages: chatMessages.optional(),
  session_id: z.uuid().optional(),
});
export type PostSessionFeedbackBody = z.infer<typeof postSessionFeedbackBodySchema>;

export const fillerWordsBodySchema = z.object({
  messages: z.array(timedMessageSchema).min(1, 'messages must not be empty').max(MAX_CHAT_MESSAGES),
});
export type FillerWordsBody = z.infer<typeof fillerWordsBodySchema>;

/** Largest recording /api/speech-to-text accepts. */
export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;

/** Longest text one POST /api/text-to-speech speaks (voice mode sends a sentence at a time). */
export const MAX_SPEECH_TEXT = 1000;

/** POST /api/text-to-speech: one sentence of the partner's, spoken in the voice of the scenario's persona. */
export const textToSpeechBodySchema = z
  .object({
    text: text({
      max: MAX_SPEECH_TEXT,
      min: 1,
      trim: true,
      multiline: true,
      messages: {
        tooShort: 'text must not be empty',
        tooLong: `text must be at most ${MAX_SPEECH_TEXT} characters`,
      },
    }),
    /** The catalogue scenario whose persona speaks; without it, the default voice. */
    scenario_id: text({ max: 80 }).optional(),
  })
  .strict();
export type TextToSpeechBody = z.infer<typeof textToSpeechBodySchema>;

/**
 * GET /api/speech/capabilities: whether this server can transcribe the learner's speech (voice input and
 * voice mode need it) and speak the partner's lines (without, the browser speaks with its own voice).
 */
export const speechCapabilitiesSchema = z
  .object({ speech_to_text: z.boolean(), text_to_speech: z.boolean() })
  .strict();
export type SpeechCapabilities = z.infer<typeof speechCapabilitiesSchema>;

export { AI_ERRORS, VOICE_SILENCE_MS } from './constants';
