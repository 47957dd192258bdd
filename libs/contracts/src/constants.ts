/*
 * Constants the web client needs at run time, in a module without zod: importing them from
 * `@parley/contracts/constants` keeps the schemas (and zod) out of a screen's bundle. The modules that
 * define the schemas re-export them, so `@parley/contracts` offers the same names.
 */

/** Free plan: practice sessions per calendar month, in the user's time zone (spec section 9). */
export const FREE_SESSIONS_PER_MONTH = 5;

/** Free plan: custom scenarios a user may keep (premium keeps any number). */
export const FREE_CUSTOM_SCENARIOS = 3;

/**
 * The five skill levels (marketing: "5 skill levels"; names Novice, Apprentice, Expert, Master, plus
 * Grandmaster). Level n starts at 300·(n−1)² XP: 0, 300, 1200, 2700, 4800 (docs/adr/0010-gamification-rules.md).
 */
export const LEVELS = [
  { level: 1, name: 'Novice', minXp: 0 },
  { level: 2, name: 'Apprentice', minXp: 300 },
  { level: 3, name: 'Expert', minXp: 1200 },
  { level: 4, name: 'Master', minXp: 2700 },
  { level: 5, name: 'Grandmaster', minXp: 4800 },
] as const;
export type LevelName = (typeof LEVELS)[number]['name'];

/** What a message whose content is not a string shows (spec section 3). */
export const INVALID_MESSAGE_CONTENT = '[Invalid message content]';

/** The file name an exported transcript is saved under (spec section 7). */
export const EXPORT_PDF_FILE_NAME = 'conversation-transcript.pdf';

/** Voice mode's end of turn: this much silence after speech ends the learner's turn (settings). */
export const VOICE_SILENCE_MS = { min: 500, max: 4000, default: 1200, step: 100 } as const;

/** The errors of the AI endpoints the web client shows or recognises (spec section 7). */
export const AI_ERRORS = {
  speechNotConfigured: 'Speech-to-text is not configured on this server',
  voiceNotConfigured: 'Text-to-speech is not configured on this server',
  speakFailed: 'Speech synthesis failed.',
  emptyAudio: 'The audio file is empty',
  badAudio: 'The audio could not be read as a recording',
  tooManyCalls: 'Too many AI requests. Please wait a moment and try again.',
  feedbackFailed: 'Failed to get post-session feedback',
} as const;

/** The profile's and settings' option lists (onboarding, settings). */
export * from './profile-options';

/** The questions Ask the Coach offers for a session. */
export * from './coach-suggestions';

/** The one score band rule (8 or more 'strong', 6 to under 8 'developing', below 6 'needs work'). */
export * from './score-band';
