import { DEFAULT_TIMEZONE, NAME_MAX_LENGTH, SETTINGS_DEFAULTS, type UserSettings } from '@parley/contracts';

export interface DefaultSettingsInput {
  userId: string;
  email: string | null;
  /** The account's full name, then the name given at onboarding; the first non-empty one is used. */
  names: Array<string | null | undefined>;
  /** The browser's time zone, already validated; UTC when the client sent none. */
  timezone?: string;
}

/** The record created on a user's first visit to settings (spec section 3, "Settings defaults"). */
export function defaultSettings(input: DefaultSettingsInput): Omit<UserSettings, 'updated_at'> {
  const name = input.names.map((n) => n?.trim()).find((n) => n) ?? '';
  return {
    user_id: input.userId,
    display_name: name.slice(0, NAME_MAX_LENGTH).trim(),
    email: input.email ?? '',
    timezone: input.timezone ?? DEFAULT_TIMEZONE,
    ...SETTINGS_DEFAULTS,
  };
}
