import { SETTINGS_DEFAULTS } from '@parley/contracts';
import { defaultSettings } from './default-settings';

const userId = '5b0c1c4e-8a39-4f5e-9d52-3f1a2b3c4d5e';

describe('defaultSettings', () => {
  it("takes the display name from the account's full name, the e-mail from the account and the browser's zone", () => {
    expect(
      defaultSettings({
        userId,
        email: 'ada@example.com',
        names: ['Ada Lovelace', 'Ada'],
        timezone: 'Europe/Paris',
      }),
    ).toEqual({
      user_id: userId,
      display_name: 'Ada Lovelace',
      email: 'ada@example.com',
      timezone: 'Europe/Paris',
      ...SETTINGS_DEFAULTS,
    });
  });

  it('falls back to the onboarding name, then to empty, and to UTC without a zone', () => {
    expect(defaultSettings({ userId, email: 'a@example.com', names: [null, ' Ada '] })).toMatchObject({
      display_name: 'Ada',
      timezone: 'UTC',
    });
    expect(defaultSettings({ userId, email: null, names: [null, ''] })).toMatchObject({
      display_name: '',
      email: '',
    });
  });

  it('keeps a display name within 100 characters', () => {
    expect(defaultSettings({ userId, email: null, names: ['x'.repeat(150)] }).display_name).toHaveLength(100);
  });

  it('uses the spec defaults: en, medium, system, and the listed flags on and off', () => {
    const record = defaultSettings({ userId, email: null, names: [] });
    expect(record).toMatchObject({ language: 'en', font_size: 'medium', theme: 'system' });
    expect(record.two_factor_enabled).toBe(false);
    expect(record.marketing_emails).toBe(false);
    expect(record.session_recording).toBe(true);
    expect(record.email_notifications).toBe(true);
  });
});
