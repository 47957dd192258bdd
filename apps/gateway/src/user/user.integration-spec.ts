import { createPrivateKey, createPublicKey, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, SignJWT } from 'jose';
import { SETTINGS_DEFAULTS, type Profile, type UserSettings } from '@parley/contracts';
import {
  runOnce,
  startSystem,
  testEnv,
  uniqueSuffix,
  waitFor,
  type TestSystem,
} from '@parley/server-testing';

/**
 * Profile (onboarding), settings and the plan, over HTTP through the gateway, with every service running
 * as a process against the real PostgreSQL, Redis and Kafka. Users are inserted directly: sign-up is not
 * what is under test here.
 */
let system: TestSystem;
// Rate limits are per client address and live in Redis across runs: each run is a client of its own.
const clientIp = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function api(path: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<Response> {
  const { token, json, ...rest } = init;
  return fetch(`${system.baseUrl}${path}`, {
    ...rest,
    headers: {
      'x-forwarded-for': clientIp,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(rest.headers as Record<string, string>),
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
}

async function tokenFor(sub: string): Promise<string> {
  const kid = await calculateJwkThumbprint(await exportJWK(createPublicKey(system.jwtPrivateKey)));
  return new SignJWT({ email: 'someone@example.com', role: 'authenticated' })
    .setProtectedHeader({ alg: 'ES256', kid })
    .setSubject(sub)
    .setIssuer('parley')
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(createPrivateKey(system.jwtPrivateKey));
}

interface TestUser {
  id: string;
  email: string;
  token: string;
}

async function insertUser(fullName: string | null = 'Ada Lovelace'): Promise<TestUser> {
  const id = randomUUID();
  const email = `u-${uniqueSuffix()}@example.com`;
  await system.sql('identity', `INSERT INTO users (id, email, full_name) VALUES ($1, $2, $3)`, [
    id,
    email,
    fullName,
  ]);
  return { id, email, token: await tokenFor(id) };
}

interface OutboxRow {
  topic: string;
  event: {
    type: string;
    userId: string;
    payload: {
      fullName: string | null;
      timezone: string | null;
      plan: string;
      displayName?: string | null;
      showLeaderboard?: boolean;
    };
  };
  published_at: Date | null;
}

function profileEvents(userId: string): Promise<OutboxRow[]> {
  return system.sql<OutboxRow>(
    'identity',
    `SELECT topic, event, published_at FROM outbox WHERE key = $1 AND type = 'identity.profile-updated' ORDER BY seq`,
    [userId],
  );
}

function planCli(...args: string[]) {
  return runOnce(
    'identity',
    {
      DATABASE_URL: testEnv.databaseUrl,
      DATABASE_SCHEMA: system.schemas.identity,
      KAFKA_TOPIC_PREFIX: system.topicPrefix,
    },
    'cli',
    args,
  );
}

const onboarding = {
  full_name: 'Ada King',
  communication_goals: ['Salary Negotiation', 'Giving Feedback'],
  tone_preference: 'tough',
  experience_level: 'intermediate',
  avatar_style: 'robot',
  language: 'fr',
};

async function expectError(res: Response, status: number, error: string | RegExp): Promise<void> {
  const body = (await res.json()) as { error: string };
  expect({ status: res.status, keys: Object.keys(body) }).toEqual({ status, keys: ['error'] });
  if (typeof error === 'string') expect(body.error).toBe(error);
  else expect(body.error).toMatch(error);
}

describe('profile, settings and plan through the gateway', () => {
  beforeAll(async () => {
    system = await startSystem({ label: 'usr', env: { gateway: { TRUST_PROXY: 'true' } } });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  });

  describe('onboarding profile', () => {
    it('answers defaults and no goals before onboarding, so the client sends the user to /onboarding', async () => {
      const ada = await insertUser();
      const res = await api(`/api/user/profile/${ada.id}`, { token: ada.token });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        id: ada.id,
        full_name: 'Ada Lovelace',
        communication_goals: [],
        tone_preference: 'neutral',
        avatar_style: 'neutral',
        experience_level: null,
        language: 'en',
        plan: 'free',
        sessions_used: 0,
      });
    });

    it('saves the onboarding answers, reads them back, and announces profile-updated in the outbox', async () => {
      const ada = await insertUser();
      const saved = await api(`/api/user/profile`, {
        method: 'POST',
        token: ada.token,
        json: { id: ada.id, ...onboarding },
      });
      expect(saved.status).toBe(200);
      const expected: Profile = { id: ada.id, ...onboarding, plan: 'free', sessions_used: 0 };
      expect(await saved.json()).toEqual(expected);

      const read = await api(`/api/user/profile/${ada.id}`, { token: ada.token });
      expect(read.status).toBe(200);
      expect(await read.json()).toEqual(expected);

      const [event] = await profileEvents(ada.id);
      expect(event?.topic).toBe(`${system.topicPrefix}identity.profile-updated`);
      expect(event?.event).toMatchObject({
        type: 'identity.profile-updated',
        userId: ada.id,
        payload: { fullName: 'Ada King', timezone: null, plan: 'free' },
      });
      // The relay publishes it to Kafka.
      await waitFor(async () => (await profileEvents(ada.id))[0]?.published_at, 15_000, 200);
    });

    it('replaces the profile on a second save, with the onboarding defaults for avatar and language', async () => {
      const ada = await insertUser(null);
      await api(`/api/user/profile`, { method: 'POST', token: ada.token, json: onboarding });
      const { avatar_style: _a, language: _l, ...rest } = onboarding;
      const res = await api(`/api/user/profile`, {
        method: 'POST',
        token: ada.token,
        json: {
          ...rest,
          full_name: '  Grace  ',
          communication_goals: ['Breakups'],
          tone_preference: 'encouraging',
        },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        full_name: 'Grace',
        communication_goals: ['Breakups'],
        tone_preference: 'encouraging',
        avatar_style: 'neutral',
        language: 'en',
      });
      // Without an account name, the event carries the onboarding name.
      const events = await profileEvents(ada.id);
      expect(events.map((e) => e.event.payload.fullName)).toEqual(['Ada King', 'Grace']);
    });

    it("refuses another user's id with 403 and no data, and a malformed id with 400", async () => {
      const ada = await insertUser();
      const eve = await insertUser('Eve');
      const read = await api(`/api/user/profile/${ada.id}`, { token: eve.token });
      await expectError(read, 403, 'You do not have access to this resource');

      const write = await api(`/api/user/profile`, {
        method: 'POST',
        token: eve.token,
        json: { ...onboarding, id: ada.id },
      });
      await expectError(write, 403, 'You do not have access to this resource');
      expect(
        await system.sql('identity', `SELECT 1 FROM profiles WHERE user_id = ANY($1)`, [[ada.id, eve.id]]),
      ).toEqual([]);

      await expectError(await api(`/api/user/profile/not-a-uuid`, { token: ada.token }), 400, /^userId/);
      const badId = await api(`/api/user/profile`, {
        method: 'POST',
        token: ada.token,
        json: { ...onboarding, id: 'me' },
      });
      await expectError(badId, 400, 'id: must be a user id (uuid)');
    });

    it('refuses invalid onboarding payloads with 400 naming the field', async () => {
      const ada = await insertUser();
      const cases: Array<[Record<string, unknown>, string | RegExp]> = [
        [
          { tone_preference: 'rude' },
          /^tone_preference: must be one of: friendly, neutral, tough, encouraging, direct$/,
        ],
        [
          { communication_goals: ['Small Talk'] },
          /^communication_goals\.0: must be one of: Salary Negotiation/,
        ],
        [
          { communication_goals: ['Persuasion', 'Persuasion'] },
          'communication_goals: must not repeat a goal',
        ],
        [{ communication_goals: [] }, 'communication_goals: must name at least one goal'],
        [{ language: 'de' }, 'language: must be one of: en, es, fr'],
        [{ experience_level: 'guru' }, /^experience_level: must be one of/],
        [{ avatar_style: 'cat' }, /^avatar_style: must be one of/],
        [{ full_name: 42 }, 'full_name: must be a string'],
        [{ full_name: 'x'.repeat(101) }, 'full_name: must be at most 100 characters'],
        [{ plan: 'premium' }, /plan/],
        [{ tone_preference: undefined }, 'tone_preference: is required'],
      ];
      for (const [change, error] of cases) {
        const res = await api(`/api/user/profile`, {
          method: 'POST',
          token: ada.token,
          json: { ...onboarding, ...change },
        });
        await expectError(res, 400, error);
      }
      expect(await system.sql('identity', `SELECT 1 FROM profiles WHERE user_id = $1`, [ada.id])).toEqual([]);
    });

    it('answers 404 for a token whose user does not exist', async () => {
      const ghost = randomUUID();
      await expectError(
        await api(`/api/user/profile/${ghost}`, { token: await tokenFor(ghost) }),
        404,
        'Not found',
      );
    });
  });

  describe('settings', () => {
    it('creates the record with the spec defaults on first read, in the browser time zone', async () => {
      const ada = await insertUser();
      const res = await api(`/api/user/settings?timezone=Europe/Paris`, { token: ada.token });
      expect(res.status).toBe(200);
      const settings = (await res.json()) as UserSettings;
      const { updated_at, ...rest } = settings;
      expect(rest).toEqual({
        user_id: ada.id,
        display_name: 'Ada Lovelace',
        email: ada.email,
        timezone: 'Europe/Paris',
        ...SETTINGS_DEFAULTS,
      });
      expect(Number.isNaN(Date.parse(updated_at))).toBe(false);

      // Created once: a later visit from another zone reads the same record.
      const again = await api(`/api/user/settings?timezone=Asia/Tokyo`, { token: ada.token });
      expect(await again.json()).toEqual(settings);
      // The new time zone matters to sessions (monthly quota) and gamification (streak days).
      const events = await profileEvents(ada.id);
      expect(events.map((e) => e.event.payload)).toEqual([
        {
          fullName: 'Ada Lovelace',
          timezone: 'Europe/Paris',
          plan: 'free',
          displayName: 'Ada Lovelace',
          showLeaderboard: true,
        },
      ]);
    });

    it('falls back to UTC without a time zone and to an empty display name without a name', async () => {
      const nameless = await insertUser(null);
      const res = await api(`/api/user/settings`, { token: nameless.token });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ display_name: '', timezone: 'UTC', email: nameless.email });
    });

    it('applies a partial update and answers the whole record', async () => {
      const ada = await insertUser();
      const created = (await (
        await api(`/api/user/settings?timezone=UTC`, { token: ada.token })
      ).json()) as UserSettings;
      const res = await api(`/api/user/settings`, {
        method: 'PATCH',
        token: ada.token,
        json: { theme: 'dark', offline_mode: true },
      });
      expect(res.status).toBe(200);
      const updated = (await res.json()) as UserSettings;
      expect(updated).toEqual({
        ...created,
        theme: 'dark',
        offline_mode: true,
        updated_at: updated.updated_at,
      });
      expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
      // Nothing other services care about changed: no event beyond the one for creating the record.
      expect(await profileEvents(ada.id)).toHaveLength(1);
    });

    it("copies the display name to the account's full name and announces it", async () => {
      const ada = await insertUser();
      const res = await api(`/api/user/settings`, {
        method: 'PATCH',
        token: ada.token,
        json: { display_name: 'Countess of Lovelace', timezone: 'PST' },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ display_name: 'Countess of Lovelace', timezone: 'PST' });

      const user = await api(`/auth/v1/user`, { token: ada.token });
      expect(((await user.json()) as { user_metadata: { full_name: string } }).user_metadata.full_name).toBe(
        'Countess of Lovelace',
      );
      const events = await profileEvents(ada.id);
      expect(events.at(-1)?.event.payload).toEqual({
        fullName: 'Countess of Lovelace',
        timezone: 'America/Los_Angeles',
        plan: 'free',
        displayName: 'Countess of Lovelace',
        showLeaderboard: true,
      });
    });

    it('gives one name everywhere: a new display name is what the profile (the greeting) reads, after onboarding too', async () => {
      const ada = await insertUser();
      await api(`/api/user/profile`, {
        method: 'POST',
        token: ada.token,
        json: { id: ada.id, ...onboarding },
      });
      const settings = await api(`/api/user/settings`, { token: ada.token });
      expect(await settings.json()).toMatchObject({ display_name: 'Ada King' });

      await api(`/api/user/settings`, {
        method: 'PATCH',
        token: ada.token,
        json: { display_name: 'Nora N.' },
      });
      const profile = await api(`/api/user/profile/${ada.id}`, { token: ada.token });
      expect(await profile.json()).toMatchObject({ full_name: 'Nora N.' });
      const events = await profileEvents(ada.id);
      expect(events.at(-1)?.event.payload).toMatchObject({ fullName: 'Nora N.', displayName: 'Nora N.' });
    });

    it('creates one record for simultaneous first visits and takes keystroke-fast name saves in turn', async () => {
      const ada = await insertUser();
      const firsts = await Promise.all(
        Array.from({ length: 5 }, () =>
          api(`/api/user/settings?timezone=Europe/Paris`, { token: ada.token }),
        ),
      );
      expect(firsts.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await profileEvents(ada.id)).toHaveLength(1);

      const typed = ['A', 'Ad', 'Ada', 'Ada ', 'Ada L', 'Ada Lo', 'Ada Lov', 'Ada Love'];
      const saves = await Promise.all(
        typed.map((display_name) =>
          api(`/api/user/settings`, { method: 'PATCH', token: ada.token, json: { display_name } }),
        ),
      );
      expect(saves.map((r) => r.status)).toEqual(typed.map(() => 200));
      const [row] = await system.sql<{ display_name: string; full_name: string }>(
        'identity',
        `SELECT s.display_name, u.full_name FROM user_settings s JOIN users u ON u.id = s.user_id WHERE u.id = $1`,
        [ada.id],
      );
      expect(row?.display_name).toBe(row?.full_name);
    });

    it('refuses invalid values, unknown and read-only fields, wrong types and oversized strings with 400', async () => {
      const ada = await insertUser();
      const cases: Array<[unknown, string | RegExp]> = [
        [{ theme: 'blue' }, 'theme: must be one of: light, dark, system'],
        [{ language: 'de' }, 'language: must be one of: en, es, fr'],
        [{ font_size: 'huge' }, 'font_size: must be one of: small, medium, large'],
        [{ timezone: 'Mars/Olympus_Mons' }, /^timezone: must be an IANA time zone/],
        [{ marketing_emails: 'yes' }, 'marketing_emails: must be true or false'],
        [{ display_name: 7 }, 'display_name: must be a string'],
        [{ display_name: 'x'.repeat(101) }, 'display_name: must be at most 100 characters'],
        [{ email: 'new@example.com' }, /email/],
        [{ user_id: randomUUID() }, /user_id/],
        [{ colour: 'red' }, /colour/],
        [{}, /^Provide at least one setting to change/],
        [[], /object/],
      ];
      for (const [json, error] of cases) {
        await expectError(
          await api(`/api/user/settings`, { method: 'PATCH', token: ada.token, json }),
          400,
          error,
        );
      }
      await expectError(
        await api(`/api/user/settings?timezone=Nowhere`, { token: ada.token }),
        400,
        /^timezone: /,
      );
      expect(
        await system.sql('identity', `SELECT 1 FROM user_settings WHERE user_id = $1`, [ada.id]),
      ).toEqual([]);
    });
  });

  it('answers every route without a token with 401 and the spec text', async () => {
    const id = randomUUID();
    for (const [method, path] of [
      ['GET', `/api/user/profile/${id}`],
      ['POST', `/api/user/profile`],
      ['GET', `/api/user/settings`],
      ['PATCH', `/api/user/settings`],
    ] as const) {
      const res = await api(path, { method, ...(method === 'GET' ? {} : { json: { theme: 'dark' } }) });
      await expectError(res, 401, 'User is not authenticated');
    }
  });

  describe('plan command', () => {
    it('grants and revokes premium, announcing each change', async () => {
      const ada = await insertUser();
      const granted = await planCli('plan', 'grant', ada.email.toUpperCase());
      expect(granted).toEqual({ code: 0, output: `${ada.email}: premium granted (was free)\n` });
      expect(await planCli('plan', 'show', ada.email)).toEqual({
        code: 0,
        output: `${ada.email}: premium\n`,
      });
      const profile = await api(`/api/user/profile/${ada.id}`, { token: ada.token });
      expect(await profile.json()).toMatchObject({ plan: 'premium' });

      const again = await planCli('plan', 'grant', ada.email);
      expect(again).toEqual({
        code: 0,
        output: `${ada.email} is already on the premium plan; nothing changed\n`,
      });

      const revoked = await planCli('plan', 'revoke', ada.email);
      expect(revoked).toEqual({ code: 0, output: `${ada.email}: premium revoked, now on the free plan\n` });
      expect(await system.sql('identity', `SELECT plan FROM users WHERE id = $1`, [ada.id])).toEqual([
        { plan: 'free' },
      ]);

      const events = await profileEvents(ada.id);
      expect(events.map((e) => [e.topic, e.event.payload.plan])).toEqual([
        [`${system.topicPrefix}identity.profile-updated`, 'premium'],
        [`${system.topicPrefix}identity.profile-updated`, 'free'],
      ]);
      // The running identity service's relay publishes what the command wrote.
      await waitFor(async () => (await profileEvents(ada.id)).every((e) => e.published_at), 15_000, 200);
    });

    it('exits 1 with a message for an unknown e-mail and 64 with the usage for bad arguments', async () => {
      const unknown = await planCli('plan', 'grant', 'nobody@example.com');
      expect(unknown).toEqual({ code: 1, output: 'No account with e-mail nobody@example.com\n' });
      const bad = await planCli('plan', 'upgrade', 'nobody@example.com');
      expect(bad.code).toBe(64);
      expect(bad.output).toContain('unknown plan action "upgrade"');
      expect(bad.output).toContain(
        'Usage: node dist/apps/identity/src/cli.js plan <grant|revoke|show> <email>',
      );
    });
  });

  // Last: it stops the sessions service. (The 0 answered while sessions has no usage handler is covered by
  // profile.controller.spec.ts and service-clients.spec.ts.)
  it('takes sessions_used from the sessions service, and answers 503 rather than guess when it is down', async () => {
    const ada = await insertUser();
    const before = await api(`/api/user/profile/${ada.id}`, { token: ada.token });
    expect(before.status).toBe(200);
    expect(((await before.json()) as Profile).sessions_used).toBe(0);

    await system.app('sessions').stop();
    const during = await api(`/api/user/profile/${ada.id}`, { token: ada.token });
    await expectError(during, 503, 'Service temporarily unavailable');
  });
});
