import { SETTINGS_DEFAULTS, type Profile, type UserSettings } from '@parley/contracts';
import { vi } from 'vitest';
import { testSession } from './renderApp';

export const testSettings: UserSettings = {
  ...SETTINGS_DEFAULTS,
  user_id: testSession.user.id,
  email: testSession.user.email,
  display_name: 'Ada',
  timezone: 'UTC',
  updated_at: '2025-06-14T00:00:00.000Z',
};

export const testProfile: Profile = {
  id: testSession.user.id,
  full_name: 'Ada',
  communication_goals: ['Persuasion'],
  tone_preference: 'neutral',
  avatar_style: 'neutral',
  experience_level: 'beginner',
  language: 'en',
  plan: 'free',
  sessions_used: 0,
};

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch stub that answers the settings and profile reads, and 404 otherwise. */
export function settingsFetch() {
  return vi.fn<typeof fetch>(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/api/user/settings')) return json(testSettings);
    if (url.includes('/api/user/profile')) return json(testProfile);
    return json({ error: 'Not found' }, 404);
  });
}
