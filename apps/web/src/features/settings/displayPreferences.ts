import type { FontSize, Theme, UserSettings } from '@parley/contracts';

/** The settings that change how the whole app looks, mirrored locally so they apply before any call. */
export interface DisplayPreferences {
  theme: Theme;
  font_size: FontSize;
  high_contrast_mode: boolean;
  reduced_motion: boolean;
}

export const PREFERENCES_STORAGE_KEY = 'parley.display';

const DEFAULTS: DisplayPreferences = {
  theme: 'system',
  font_size: 'medium',
  high_contrast_mode: false,
  reduced_motion: false,
};

/** Applies the preferences to <html>: data-theme (absent for system), data-font-size, data-contrast, data-reduced-motion. */
export function applyDisplayPreferences(
  preferences: DisplayPreferences,
  root: HTMLElement = document.documentElement,
): void {
  if (preferences.theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', preferences.theme);
  root.setAttribute('data-font-size', preferences.font_size);
  root.setAttribute('data-contrast', preferences.high_contrast_mode ? 'high' : 'normal');
  root.setAttribute('data-reduced-motion', String(preferences.reduced_motion));
}

export function rememberDisplayPreferences(settings: Pick<UserSettings, keyof DisplayPreferences>): void {
  const preferences: DisplayPreferences = {
    theme: settings.theme,
    font_size: settings.font_size,
    high_contrast_mode: settings.high_contrast_mode,
    reduced_motion: settings.reduced_motion,
  };
  applyDisplayPreferences(preferences);
  try {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // Storage disabled: applies for this visit only.
  }
}

export function restoreDisplayPreferences(): void {
  let stored: Partial<DisplayPreferences> = {};
  try {
    stored = JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? '{}') as Partial<DisplayPreferences>;
  } catch {
    stored = {};
  }
  applyDisplayPreferences({ ...DEFAULTS, ...stored });
}
