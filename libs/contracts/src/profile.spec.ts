import {
  AI_TONES,
  AVATAR_STYLES,
  COACHING_TONES,
  COMMUNICATION_GOALS,
  EDITABLE_SETTINGS,
  HELP_AVATAR_STYLES,
  ONBOARDING_AVATAR_STYLES,
  SETTINGS_DEFAULTS,
  TONE_PREFERENCES,
  isKnownTimeZone,
  onboardingProfileSchema,
  settingsPatchSchema,
  settingsQuerySchema,
  toIanaTimeZone,
  userSettingsSchema,
} from './profile';

const onboarding = {
  full_name: 'Ada Lovelace',
  communication_goals: ['Salary Negotiation', 'Tough Conversations'],
  tone_preference: 'friendly',
  experience_level: 'beginner',
  avatar_style: 'neutral',
  language: 'en',
};

/** Issues as the gateway words them: "<field>: <message>". */
function errorsOf(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}): string {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? [])
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

describe('option lists', () => {
  it('carries the eight onboarding goals as the spec spells them', () => {
    expect(COMMUNICATION_GOALS).toEqual([
      'Salary Negotiation',
      'Giving Feedback',
      'Handling Conflict',
      'Persuasion',
      'Setting Boundaries',
      'Sales Pitches',
      'Breakups',
      'Tough Conversations',
    ]);
  });

  it('accepts both readings of the tone and the avatar style', () => {
    expect(TONE_PREFERENCES).toEqual(expect.arrayContaining([...AI_TONES, ...COACHING_TONES]));
    expect(AVATAR_STYLES).toEqual(
      expect.arrayContaining([...ONBOARDING_AVATAR_STYLES, ...HELP_AVATAR_STYLES]),
    );
    for (const tone of [...AI_TONES, ...COACHING_TONES]) {
      expect(onboardingProfileSchema.safeParse({ ...onboarding, tone_preference: tone }).success).toBe(true);
    }
    for (const style of [...ONBOARDING_AVATAR_STYLES, ...HELP_AVATAR_STYLES]) {
      expect(onboardingProfileSchema.safeParse({ ...onboarding, avatar_style: style }).success).toBe(true);
    }
  });
});

describe('onboardingProfileSchema', () => {
  it('accepts the onboarding payload and fills the onboarding defaults', () => {
    const { avatar_style: _a, language: _l, ...rest } = onboarding;
    expect(onboardingProfileSchema.parse(rest)).toEqual({ ...rest, avatar_style: 'neutral', language: 'en' });
  });

  it('accepts the user id and trims the full name', () => {
    const id = '5b0c1c4e-8a39-4f5e-9d52-3f1a2b3c4d5e';
    expect(onboardingProfileSchema.parse({ ...onboarding, id, full_name: '  Ada  ' })).toMatchObject({
      id,
      full_name: 'Ada',
    });
  });

  it('refuses values outside the option lists, naming the field and the choices', () => {
    expect(errorsOf(onboardingProfileSchema.safeParse({ ...onboarding, tone_preference: 'rude' }))).toBe(
      'tone_preference: must be one of: friendly, neutral, tough, encouraging, direct',
    );
    expect(
      errorsOf(onboardingProfileSchema.safeParse({ ...onboarding, experience_level: 'expert' })),
    ).toMatch(/^experience_level: must be one of/);
    expect(errorsOf(onboardingProfileSchema.safeParse({ ...onboarding, avatar_style: 'cat' }))).toMatch(
      /^avatar_style: must be one of/,
    );
    expect(errorsOf(onboardingProfileSchema.safeParse({ ...onboarding, language: 'de' }))).toBe(
      'language: must be one of: en, es, fr',
    );
    expect(
      errorsOf(onboardingProfileSchema.safeParse({ ...onboarding, communication_goals: ['Small Talk'] })),
    ).toMatch(/^communication_goals\.0: must be one of: Salary Negotiation/);
  });

  it('refuses goals that repeat, an empty list, or a list that is not a list', () => {
    expect(
      errorsOf(
        onboardingProfileSchema.safeParse({
          ...onboarding,
          communication_goals: ['Persuasion', 'Persuasion'],
        }),
      ),
    ).toBe('communication_goals: must not repeat a goal');
    expect(errorsOf(onboardingProfileSchema.safeParse({ ...onboarding, communication_goals: [] }))).toBe(
      'communication_goals: must name at least one goal',
    );
    expect(
      errorsOf(onboardingProfileSchema.safeParse({ ...onboarding, communication_goals: 'Persuasion' })),
    ).toBe('communication_goals: must be a list of goals');
    expect(
      errorsOf(
        onboardingProfileSchema.safeParse({
          ...onboarding,
          communication_goals: [...COMMUNICATION_GOALS, 'Persuasion'],
        }),
      ),
    ).toBe('communication_goals: must name at most 8 goals');
    expect(
      onboardingProfileSchema.safeParse({ ...onboarding, communication_goals: [...COMMUNICATION_GOALS] })
        .success,
    ).toBe(true);
  });

  it('refuses unknown keys, wrong types, a malformed id and a name over 100 characters', () => {
    expect(errorsOf(onboardingProfileSchema.safeParse({ ...onboarding, plan: 'premium' }))).toContain(
      '"plan"',
    );
    expect(errorsOf(onboardingProfileSchema.safeParse({ ...onboarding, full_name: 42 }))).toBe(
      'full_name: must be a string',
    );
    expect(errorsOf(onboardingProfileSchema.safeParse({ ...onboarding, id: 'me' }))).toBe(
      'id: must be a user id (uuid)',
    );
    expect(errorsOf(onboardingProfileSchema.safeParse({ ...onboarding, full_name: 'x'.repeat(101) }))).toBe(
      'full_name: must be at most 100 characters',
    );
    // Trimmed first: surrounding spaces do not count towards the limit.
    expect(
      onboardingProfileSchema.safeParse({ ...onboarding, full_name: ` ${'x'.repeat(100)} ` }).success,
    ).toBe(true);
  });

  it('requires the steps onboarding requires: goals, tone and experience level', () => {
    for (const field of ['communication_goals', 'tone_preference', 'experience_level']) {
      const body: Record<string, unknown> = { ...onboarding };
      delete body[field];
      expect(errorsOf(onboardingProfileSchema.safeParse(body))).toBe(`${field}: is required`);
    }
  });
});

describe('settingsPatchSchema', () => {
  it('accepts any one editable field', () => {
    expect(settingsPatchSchema.parse({ theme: 'dark' })).toEqual({ theme: 'dark' });
    expect(settingsPatchSchema.parse({ display_name: '  Ada  ' })).toEqual({ display_name: 'Ada' });
    expect(settingsPatchSchema.parse({ timezone: 'Europe/Paris', marketing_emails: true })).toEqual({
      timezone: 'Europe/Paris',
      marketing_emails: true,
    });
    expect(settingsPatchSchema.parse({ display_name: '' })).toEqual({ display_name: '' });
  });

  it('offers every field of the spec record except user_id and email', () => {
    expect(EDITABLE_SETTINGS).not.toContain('user_id');
    expect(EDITABLE_SETTINGS).not.toContain('email');
    expect(EDITABLE_SETTINGS).toHaveLength(25);
  });

  it('refuses read-only and unknown fields', () => {
    expect(errorsOf(settingsPatchSchema.safeParse({ email: 'x@example.com' }))).toContain('"email"');
    expect(
      errorsOf(settingsPatchSchema.safeParse({ user_id: '5b0c1c4e-8a39-4f5e-9d52-3f1a2b3c4d5e' })),
    ).toContain('"user_id"');
    expect(errorsOf(settingsPatchSchema.safeParse({ theme: 'dark', colour: 'red' }))).toContain('"colour"');
  });

  it('refuses an empty patch with the list of what can be changed', () => {
    expect(errorsOf(settingsPatchSchema.safeParse({}))).toMatch(/^Provide at least one setting to change: /);
  });

  it('limits theme, language and font size to their choices and booleans to booleans', () => {
    expect(errorsOf(settingsPatchSchema.safeParse({ theme: 'blue' }))).toBe(
      'theme: must be one of: light, dark, system',
    );
    expect(errorsOf(settingsPatchSchema.safeParse({ language: 'de' }))).toBe(
      'language: must be one of: en, es, fr',
    );
    expect(errorsOf(settingsPatchSchema.safeParse({ font_size: 'huge' }))).toBe(
      'font_size: must be one of: small, medium, large',
    );
    expect(errorsOf(settingsPatchSchema.safeParse({ offline_mode: 'yes' }))).toBe(
      'offline_mode: must be true or false',
    );
    expect(errorsOf(settingsPatchSchema.safeParse({ display_name: 42 }))).toBe(
      'display_name: must be a string',
    );
    expect(errorsOf(settingsPatchSchema.safeParse({ display_name: 'x'.repeat(101) }))).toBe(
      'display_name: must be at most 100 characters',
    );
  });

  it('accepts IANA zones and the select values, refuses anything else', () => {
    for (const tz of ['UTC', 'EST', 'PST', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5']) {
      expect(settingsPatchSchema.safeParse({ timezone: tz }).success).toBe(true);
    }
    for (const tz of ['Mars/Olympus_Mons', 'europe/paris', '+01:00', '', 'x'.repeat(65)]) {
      expect(errorsOf(settingsPatchSchema.safeParse({ timezone: tz }))).toMatch(/^timezone: must be an IANA/);
    }
  });
});

describe('time zones', () => {
  it('knows what Intl knows and the select values', () => {
    expect(isKnownTimeZone('Asia/Tokyo')).toBe(true);
    expect(isKnownTimeZone('PST')).toBe(true);
    expect(isKnownTimeZone('Nowhere/Special')).toBe(false);
  });

  it('maps the select values to the zones people mean by them', () => {
    expect(toIanaTimeZone('EST')).toBe('America/New_York');
    expect(toIanaTimeZone('PST')).toBe('America/Los_Angeles');
    expect(toIanaTimeZone('UTC')).toBe('UTC');
    expect(toIanaTimeZone('Europe/Paris')).toBe('Europe/Paris');
  });

  it('validates the optional timezone query and ignores other query parameters', () => {
    expect(settingsQuerySchema.parse({})).toEqual({});
    expect(settingsQuerySchema.parse({ timezone: 'Europe/Paris', _: '1' })).toEqual({
      timezone: 'Europe/Paris',
    });
    expect(errorsOf(settingsQuerySchema.safeParse({ timezone: 'Mars/Base' }))).toMatch(/^timezone: must be/);
  });
});

describe('userSettingsSchema', () => {
  it('describes a record built from the spec defaults', () => {
    const record = {
      user_id: '5b0c1c4e-8a39-4f5e-9d52-3f1a2b3c4d5e',
      email: 'ada@example.com',
      display_name: '',
      timezone: 'UTC',
      ...SETTINGS_DEFAULTS,
      updated_at: '2026-11-22T10:00:00.000Z',
    };
    expect(userSettingsSchema.parse(record)).toEqual(record);
    expect(SETTINGS_DEFAULTS).toMatchObject({ language: 'en', font_size: 'medium', theme: 'system' });
    const flags = Object.entries(SETTINGS_DEFAULTS).filter(([, v]) => typeof v === 'boolean');
    expect(flags.filter(([, v]) => v === false).map(([k]) => k)).toEqual([
      'two_factor_enabled',
      'high_contrast_mode',
      'reduced_motion',
      'screen_reader_optimized',
      'offline_mode',
      'performance_mode',
      'marketing_emails',
    ]);
    expect(flags).toHaveLength(20);
  });
});
