import { z } from 'zod';
import { text } from './text';
import {
  COMMUNICATION_GOALS,
  TONE_PREFERENCES,
  EXPERIENCE_LEVELS,
  AVATAR_STYLES,
  DEFAULT_AVATAR_STYLE,
  LANGUAGES,
  DEFAULT_LANGUAGE,
  THEMES,
  FONT_SIZES,
  TIMEZONE_CHOICES,
  NAME_MAX_LENGTH,
} from './profile-options';

/*
 * The user's profile (what onboarding saves) and settings record (the /settings screen), spec sections
 * 3 and 9. The option lists are exported so the web client renders exactly what the server accepts.
 */

export * from './profile-options';

const TIMEZONE_CHOICE_ZONES: Record<(typeof TIMEZONE_CHOICES)[number], string> = {
  UTC: 'UTC',
  EST: 'America/New_York',
  PST: 'America/Los_Angeles',
};
// IANA names: segments that start with a capital letter ("America/Argentina/Buenos_Aires", "Etc/GMT+5").
const IANA_NAME = /^[A-Z][A-Za-z0-9_+-]*(\/[A-Z][A-Za-z0-9_+-]*)*$/;
const knownZones = new Set<string>(TIMEZONE_CHOICES);

/** True for the settings select's values and for every IANA zone name this runtime's Intl accepts. */
export function isKnownTimeZone(name: string): boolean {
  if (knownZones.has(name)) return true;
  if (name.length > 64 || !IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return false;
  }
  knownZones.add(name); // bounded by the zones Intl knows, never by arbitrary input
  return true;
}

/**
 * The IANA zone to compute calendar days and months with. The select's EST and PST mean the US Eastern
 * and Pacific zones (with daylight saving), not tzdata's fixed-offset EST.
 */
export function toIanaTimeZone(name: string): string {
  return TIMEZONE_CHOICE_ZONES[name as keyof typeof TIMEZONE_CHOICE_ZONES] ?? name;
}

/*
 * Messages say what is wrong without the field's name: validation errors read "<field>: <message>"
 * (the gateway's ZodValidationPipe and the services' RPC error filter both prefix the path).
 */
const orRequired = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : message;

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: orRequired(`must be one of: ${values.join(', ')}`) });

const name = () => text({ max: NAME_MAX_LENGTH, trim: true });

const flag = () => z.boolean({ error: orRequired('must be true or false') });

export const timezoneSchema = z
  .string({ error: orRequired('must be a string') })
  .refine(isKnownTimeZone, 'must be an IANA time zone such as Europe/Paris, or UTC, EST or PST');

export const tonePreferenceSchema = oneOf(TONE_PREFERENCES);
export const avatarStyleSchema = oneOf(AVATAR_STYLES);
export const experienceLevelSchema = oneOf(EXPERIENCE_LEVELS);
export const languageSchema = oneOf(LANGUAGES);

const MAX_GOALS = COMMUNICATION_GOALS.length;

export const communicationGoalsSchema = z
  .array(oneOf(COMMUNICATION_GOALS), { error: orRequired('must be a list of goals') })
  // One refinement rather than .min/.max: zod runs length checks on a string input too, and one clear
  // message is enough. It runs only once the value is a list of known goals.
  .superRefine((goals, ctx) => {
    const problem =
      goals.length === 0
        ? 'must name at least one goal'
        : goals.length > MAX_GOALS
          ? `must name at most ${MAX_GOALS} goals`
          : new Set(goals).size !== goals.length
            ? 'must not repeat a goal'
            : undefined;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .describe(`1 to ${MAX_GOALS} distinct goals from the onboarding list`);

/**
 * What onboarding's Finish saves (spec section 3, "Onboarding profile saved"). `id` is the user id and,
 * when sent, must be the caller's own. Avatar style and language default as onboarding does.
 */
export const onboardingProfileSchema = z.strictObject({
  id: z.uuid({ error: 'must be a user id (uuid)' }).optional(),
  full_name: name().optional(),
  communication_goals: communicationGoalsSchema,
  tone_preference: tonePreferenceSchema,
  experience_level: experienceLevelSchema,
  avatar_style: avatarStyleSchema.default(DEFAULT_AVATAR_STYLE),
  language: languageSchema.default(DEFAULT_LANGUAGE),
});
export type OnboardingProfileInput = z.input<typeof onboardingProfileSchema>;
export type OnboardingProfile = z.output<typeof onboardingProfileSchema>;

/** The profile as identity stores it. A user who has not onboarded yet has no goals. */
export const storedProfileSchema = z.object({
  id: z.uuid(),
  full_name: z.string().nullable(),
  communication_goals: z.array(z.string()),
  tone_preference: z.string(),
  avatar_style: z.string(),
  experience_level: z.string().nullable(),
  language: z.string(),
  plan: z.enum(['free', 'premium']),
});
export type StoredProfile = z.infer<typeof storedProfileSchema>;

/** GET/POST /api/user/profile: the stored profile plus this calendar month's completed sessions. */
export const profileSchema = storedProfileSchema.extend({
  sessions_used: z.number().int().nonnegative(),
});
export type Profile = z.infer<typeof profileSchema>;

const settingsFields = {
  display_name: name(),
  language: languageSchema,
  timezone: timezoneSchema,
  email_notifications: flag(),
  in_app_notifications: flag(),
  session_reminders: flag(),
  progress_updates: flag(),
  two_factor_enabled: flag(),
  login_notifications: flag(),
  show_xp_progress: flag(),
  show_achievements: flag(),
  show_leaderboard: flag(),
  streak_reminders: flag(),
  high_contrast_mode: flag(),
  reduced_motion: flag(),
  font_size: oneOf(FONT_SIZES),
  screen_reader_optimized: flag(),
  theme: oneOf(THEMES),
  data_sync: flag(),
  offline_mode: flag(),
  performance_mode: flag(),
  data_collection: flag(),
  analytics_enabled: flag(),
  marketing_emails: flag(),
  session_recording: flag(),
};

/** The fields a user may change; `user_id` and the account's `email` are read-only. */
export const EDITABLE_SETTINGS = Object.keys(settingsFields) as Array<keyof typeof settingsFields>;

/** One user_settings record (spec section 3), as GET and PATCH /api/user/settings answer it. */
export const userSettingsSchema = z.object({
  user_id: z.uuid(),
  email: z.string(),
  ...settingsFields,
  updated_at: z.iso.datetime({ offset: true }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** PATCH /api/user/settings: any of the editable fields, at least one, nothing else. */
export const settingsPatchSchema = z
  .strictObject(settingsFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, {
    error: `Provide at least one setting to change: ${EDITABLE_SETTINGS.join(', ')}`,
    when: (payload) => payload.issues.length === 0,
  });
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/**
 * GET /api/user/settings?timezone=...: the browser's zone, used only when the record is created. Other
 * query parameters (a cache buster) are ignored, as HTTP APIs usually do.
 */
export const settingsQuerySchema = z.object({ timezone: timezoneSchema.optional() });
export type SettingsQuery = z.infer<typeof settingsQuerySchema>;

/** Defaults of a settings record created on first visit (spec section 3). */
export const SETTINGS_DEFAULTS = {
  language: DEFAULT_LANGUAGE,
  font_size: 'medium',
  theme: 'system',
  email_notifications: true,
  in_app_notifications: true,
  session_reminders: true,
  progress_updates: true,
  login_notifications: true,
  show_xp_progress: true,
  show_achievements: true,
  show_leaderboard: true,
  streak_reminders: true,
  data_sync: true,
  data_collection: true,
  analytics_enabled: true,
  session_recording: true,
  two_factor_enabled: false,
  high_contrast_mode: false,
  reduced_motion: false,
  screen_reader_optimized: false,
  offline_mode: false,
  performance_mode: false,
  marketing_emails: false,
} as const satisfies Omit<z.infer<z.ZodObject<typeof settingsFields>>, 'display_name' | 'timezone'>;

/* RPC payloads between the gateway and identity. */

/*
 * Identity takes the user from the caller (the RPC meta the gateway fills from the verified token); a
 * `userId` in these payloads is optional and, when sent, must be the caller's own.
 */
export const getProfileRpcSchema = z.object({ userId: z.uuid().optional() });
export const saveProfileRpcSchema = z.object({
  userId: z.uuid().optional(),
  profile: onboardingProfileSchema,
});
export type SaveProfileRpc = z.input<typeof saveProfileRpcSchema>;
export const getSettingsRpcSchema = z.object({
  userId: z.uuid().optional(),
  timezone: timezoneSchema.optional(),
});
export type GetSettingsRpc = z.infer<typeof getSettingsRpcSchema>;
export const updateSettingsRpcSchema = z.object({ userId: z.uuid().optional(), patch: settingsPatchSchema });
export type UpdateSettingsRpc = z.infer<typeof updateSettingsRpcSchema>;
