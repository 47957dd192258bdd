/*
 * The option lists of the profile and settings (spec sections 3 and 9), in a module without zod: the web
 * client renders exactly what the server accepts by importing them from `@parley/contracts/constants`,
 * and profile.ts builds its schemas from them and re-exports them.
 */

/** Onboarding step 1, exact strings (spec section 9). */
export const COMMUNICATION_GOALS = [
  'Salary Negotiation',
  'Giving Feedback',
  'Handling Conflict',
  'Persuasion',
  'Setting Boundaries',
  'Sales Pitches',
  'Breakups',
  'Tough Conversations',
] as const;
export type CommunicationGoal = (typeof COMMUNICATION_GOALS)[number];

/** Onboarding step 2 ("AI tone"). */
export const AI_TONES = ['friendly', 'neutral', 'tough'] as const;
/** The help text's reading of the same preference ("coaching tone"). */
export const COACHING_TONES = ['neutral', 'encouraging', 'direct'] as const;
/** Every tone either reading offers; the spec shows both, so both are accepted. */
export const TONE_PREFERENCES = ['friendly', 'neutral', 'tough', 'encouraging', 'direct'] as const;
export type TonePreference = (typeof TONE_PREFERENCES)[number];
export const DEFAULT_TONE_PREFERENCE: TonePreference = 'neutral';

export const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

/** Onboarding step 4 ("avatar tone"). */
export const ONBOARDING_AVATAR_STYLES = ['neutral', 'friendly', 'direct'] as const;
/** The help text's avatar styles; the chat screen shows robot, teacher or brain emoji for them. */
export const HELP_AVATAR_STYLES = ['brain', 'robot', 'coach'] as const;
export const AVATAR_STYLES = ['neutral', 'friendly', 'direct', 'brain', 'robot', 'coach'] as const;
export type AvatarStyle = (typeof AVATAR_STYLES)[number];
export const DEFAULT_AVATAR_STYLE: AvatarStyle = 'neutral';

export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', es: 'Spanish', fr: 'French' };
export const DEFAULT_LANGUAGE: Language = 'en';

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/** The settings screen's timezone select. Any IANA zone the runtime's Intl knows is accepted as well. */
export const TIMEZONE_CHOICES = ['UTC', 'EST', 'PST'] as const;
export const DEFAULT_TIMEZONE = 'UTC';

export const NAME_MAX_LENGTH = 100;
