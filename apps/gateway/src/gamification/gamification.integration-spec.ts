import { Redis } from 'ioredis';
import { v7 as uuidv7 } from 'uuid';
import {
  LEADERBOARD_CATEGORIES,
  LEADERBOARD_PERIODS,
  type DailyChallenge,
  type DomainEvent,
  type GamificationSummary,
  type Leaderboard,
  type Scenario,
  type SessionRewards,
} from '@parley/contracts';
import { createEvent, KafkaMessageBus } from '@parley/server-messaging';
import {
  apiCall,
  createTestUser,
  practise,
  type RunningApp,
  runOnce,
  startApp,
  startSystem,
  testEnv,
  type TestSystem,
  type TestUser,
  waitFor,
} from '@parley/server-testing';

/**
 * Gamification driven only by what really happens: sessions completed through the gateway (sessions
 * publishes session-completed), identity's own events, and events republished on Kafka the way a broker
 * redelivers them. Real PostgreSQL, Redis and Kafka; the answers are read through the gateway.
 */
let system: TestSystem;
let bus: KafkaMessageBus;
let redis: Redis;
let restarted: RunningApp | undefined;
let scenarios: Scenario[];

async function json<T>(res: Response): Promise<T> {
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  return (await res.json()) as T;
}

async function summaryOf(user: TestUser): Promise<GamificationSummary> {
  const res = await apiCall(system, '/api/gamification/summary', { token: user.token });
  expect(res.status).toBe(200);
  return json<GamificationSummary>(res);
}

async function rewardsOf(user: TestUser, sessionId: string): Promise<SessionRewards> {
  const res = await apiCall(system, `/api/gamification/sessions/${sessionId}/rewards`, { token: user.token });
  expect(res.status).toBe(200);
  return json<SessionRewards>(res);
}

async function challengesOf(user: TestUser): Promise<DailyChallenge[]> {
  const res = await apiCall(system, '/api/gamification/daily-challenges', { token: user.token });
  expect(res.status).toBe(200);
  return json<DailyChallenge[]>(res);
}

function claim(user: TestUser, body: unknown): Promise<Response> {
  return apiCall(system, '/api/gamification/claim-daily-challenge', { token: user.token, body });
}

function board(user: TestUser, category: string, period: string): Promise<Response> {
  return apiCall(system, `/api/gamification/leaderboard?category=${category}&period=${period}&limit=50`, {
    token: user.token,
  });
}

/** Practises a scenario to the end through the gateway: sessions stores it and publishes session-completed. */
async function completeSession(user: TestUser, scenario: Scenario): Promise<string> {
  const session = await practise(
    system,
    user.token,
    scenario.id,
    [
      'I hear you, and I understand why this matters to you. Here is what I propose: we agree on two ' +
        'concrete steps today, I follow up in writing by Friday, and we review the results together.',
    ],
    { tone: 'neutral', startOver: true },
  );
  const feedback = await apiCall(system, '/api/chat/post-session-feedback', {
    token: user.token,
    body: { session_id: session.id },
  });
  expect(feedback.status).toBe(200);
  return session.id;
}

async function publish(event: DomainEvent): Promise<void> {
  await bus.publish([
    { topic: `${system.topicPrefix}${event.type}`, key: event.userId, value: JSON.stringify(event) },
  ]);
}

/** Resolves once gamification has taken `eventId` from Kafka (applied or recognised as a duplicate). */
async function consumed(eventId: string): Promise<void> {
  await waitFor(
    async () =>
      (await system.sql('gamification', `SELECT 1 FROM inbox WHERE event_id = $1`, [eventId])).length,
    30_000,
    100,
  );
}

async function ledger(
  user: TestUser,
): Promise<Array<{ reason: string; source_key: string; amount: number }>> {
  return system.sql(
    'gamification',
    `SELECT reason, source_key, amount FROM xp_ledger WHERE user_id = $1 ORDER BY id`,
    [user.id],
  );
}

async function allBoards(user: TestUser): Promise<Record<string, Leaderboard>> {
  const boards: Record<string, Leaderboard> = {};
  for (const category of LEADERBOARD_CATEGORIES) {
    for (const period of LEADERBOARD_PERIODS) {
      const res = await board(user, category, period);
      expect(res.status).toBe(200);
      boards[`${category}/${period}`] = await json<Leaderboard>(res);
    }
  }
  return boards;
}

async function leaderboardKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(
      cursor,
      'MATCH',
      `${system.schemas.gamification}:leaderboard*`,
      'COUNT',
      1000,
    );
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

function gamificationEnv(): Record<string, string> {
  const rpcPort = Number(new URL(system.gatewayEnv.GAMIFICATION_RPC_URL!).port);
  return {
    DATABASE_URL: testEnv.databaseUrl,
    DATABASE_SCHEMA: system.schemas.gamification,
    REDIS_URL: testEnv.redisUrl,
    KAFKA_BROKERS: testEnv.kafkaBrokers.join(','),
    KAFKA_TOPIC_PREFIX: system.topicPrefix,
    LOG_LEVEL: 'info',
    HTTP_HOST: '127.0.0.1',
    RPC_HOST: '127.0.0.1',
    HTTP_PORT: String(rpcPort - 700), // startSystem's layout: RPC port = HTTP port + 700
    RPC_PORT: String(rpcPort),
  };
}

describe('gamification through Kafka events and the gateway', () => {
  let ada: TestUser;
  let bob: TestUser;
  let firstSessionId: string;

  beforeAll(async () => {
    system = await startSystem({
      label: 'gamif',
      env: { gateway: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' } },
    });
    bus = new KafkaMessageBus({ clientId: 'gamification-test', brokers: testEnv.kafkaBrokers });
    redis = new Redis(testEnv.redisUrl);
    ada = await createTestUser(system, { plan: 'premium', fullName: 'Ada Lovelace' });
    bob = await createTestUser(system, { fullName: 'Bob Free' });
    // Settings are created on the first visit; identity announces the name and time zone (profile-updated).
    const settings = await apiCall(system, '/api/user/settings?timezone=Europe/Paris', { token: ada.token });
    expect(settings.status).toBe(200);
    const list = await json<Scenario[]>(await apiCall(system, '/api/user/scenarios', { token: ada.token }));
    scenarios = list.filter((s) => !s.premium);
    expect(scenarios.length).toBeGreaterThanOrEqual(8);
  }, 180_000);

  afterAll(async () => {
    await bus?.close();
    redis?.disconnect();
    await restarted?.stop();
    await system?.stop();
  });

  it('starts a new user at level 1 with nothing earned, in exactly the spec’s shape', async () => {
    const summary = await summaryOf(bob);
    expect(Object.keys(summary).sort()).toEqual(
      ['badges', 'leaderboard', 'level', 'levelProgress', 'streak', 'xp'].sort(),
    );
    expect(summary).toMatchObject({
      level: 1,
      streak: 0,
      xp: 0,
      badges: [],
      levelProgress: { progress: 0, currentXP: 0, nextLevelXP: 300 },
    });
    const challenges = await challengesOf(bob);
    expect(challenges).toHaveLength(3);
    for (const c of challenges) {
      expect(Object.keys(c).sort()).toEqual([
        'completed_at',
        'description',
        'id',
        'progress',
        'target',
        'xp',
      ]);
      expect(c).toMatchObject({ xp: 100, progress: 0, completed_at: null });
    }
    // Bob is on the free plan (5 sessions a month): no challenge asks him for more than one session today.
    expect(challenges.map((c) => c.target)).toEqual([1, 1, 1]);
    expect(challenges[0]!.description).toBe('Complete a practice session');
    expect((await apiCall(system, '/api/gamification/summary')).status).toBe(401);
  });

  it('turns a completed session into XP, a level, a streak and badges', async () => {
    const scenario = scenarios[0]!;
    firstSessionId = await completeSession(ada, scenario);
    const summary = await waitFor(async () => {
      const s = await summaryOf(ada);
      return s.xp > 0 ? s : null;
    });
    // 50 for the session, 25 for a scenario never practised, 10 for the day's first activity.
    expect(summary).toMatchObject({
      xp: 85,
      level: 1,
      streak: 1,
      levelProgress: { progress: 28, currentXP: 85, nextLevelXP: 300 },
    });
    expect(summary.badges.map((b) => b.id)).toEqual(
      expect.arrayContaining(['first-session', `${scenario.category}-1`]),
    );
    const first = summary.badges.find((b) => b.id === 'first-session')!;
    expect(first).toMatchObject({ icon: '🎯', title: 'First Steps' });
    expect(Date.parse(first.earned_at)).toBeGreaterThan(Date.now() - 120_000);
    expect(summary.leaderboard).toContainEqual({ id: ada.id, username: 'Ada Lovelace', xp: 85, level: 1 });
    expect((await ledger(ada)).map((e) => [e.reason, e.amount])).toEqual([
      ['session-completed', 50],
      ['new-scenario', 25],
      ['daily-streak', 10],
    ]);
    const published = await system.sql<{ type: string }>(
      'gamification',
      `SELECT type FROM outbox WHERE key = $1 ORDER BY seq`,
      [ada.id],
    );
    expect(published.filter((e) => e.type === 'gamification.xp-awarded')).toHaveLength(3);
    expect(published.map((e) => e.type)).toContain('gamification.badge-earned');

    // The report reads what this session earned, line by line; another user learns nothing of it.
    const rewards = await rewardsOf(ada, firstSessionId);
    expect({ ...rewards, badges: rewards.badges.map((b) => b.id) }).toEqual({
      recorded: true,
      xp: [
        { reason: 'session-completed', amount: 50 },
        { reason: 'new-scenario', amount: 25 },
        { reason: 'daily-streak', amount: 10 },
      ],
      totalXp: 85,
      badges: expect.arrayContaining(['first-session', `${scenario.category}-1`]),
      level: { before: 1, after: 1 },
    });
    const notYet = { recorded: false, xp: [], totalXp: 0, badges: [], level: { before: 1, after: 1 } };
    expect(await rewardsOf(bob, firstSessionId)).toEqual(notYet);
    expect(await rewardsOf(ada, '33333333-3333-4333-8333-333333333333')).toEqual(notYet);
    const bad = await apiCall(system, '/api/gamification/sessions/not-a-session/rewards', {
      token: ada.token,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: expect.stringMatching(/session id/) });
    expect(
      (
        await apiCall(system, `/api/gamification/sessions/${firstSessionId}/rewards?x=1`, {
          token: ada.token,
        })
      ).status,
    ).toBe(400);
    expect((await apiCall(system, `/api/gamification/sessions/${firstSessionId}/rewards`)).status).toBe(401);
  });

  it('awards the same session once, however often its event is delivered', async () => {
    const [row] = await system.sql<{ event: DomainEvent<'sessions.session-completed'> }>(
      'sessions',
      `SELECT event FROM outbox WHERE type = 'sessions.session-completed' AND event->'payload'->>'sessionId' = $1`,
      [firstSessionId],
    );
    const original = row!.event;
    await publish(original); // the broker delivers it again
    const reannounced = { ...original, id: uuidv7() }; // the producer announces the same session again
    await publish(reannounced);
    await consumed(reannounced.id);
    expect((await summaryOf(ada)).xp).toBe(85);
    expect(await ledger(ada)).toHaveLength(3);
    const inbox = await system.sql('gamification', `SELECT 1 FROM inbox WHERE event_id = $1`, [original.id]);
    expect(inbox).toHaveLength(1);
  });

  it('levels up to Apprentice after four new scenarios and announces it', async () => {
    const ids: string[] = [];
    for (const scenario of scenarios.slice(1, 4)) ids.push(await completeSession(ada, scenario));
    const summary = await waitFor(async () => {
      const s = await summaryOf(ada);
      return s.xp >= 310 ? s : null;
    });
    // The session that crossed 300 XP shows the level-up in its report: 235 → 310.
    const crossing = await rewardsOf(ada, ids[2]!);
    expect(crossing).toMatchObject({ recorded: true, totalXp: 75, level: { before: 1, after: 2 } });
    expect(crossing.badges.map((b) => b.id)).toContain('level-2');
    expect((await rewardsOf(ada, ids[1]!)).level).toEqual({ before: 1, after: 1 });
    expect(summary).toMatchObject({
      xp: 310,
      level: 2,
      levelProgress: { progress: 1, currentXP: 10, nextLevelXP: 900 },
    });
    expect(summary.badges.map((b) => b.id)).toEqual(expect.arrayContaining(['level-2', 'first-session']));
    const levels = await system.sql<{ event: DomainEvent<'gamification.level-reached'> }>(
      'gamification',
      `SELECT event FROM outbox WHERE key = $1 AND type = 'gamification.level-reached'`,
      [ada.id],
    );
    expect(levels.map((l) => l.event.payload)).toEqual([{ level: 2, name: 'Apprentice' }]);
    // The same scenario again: 50 for the session, no new-scenario XP.
    await completeSession(ada, scenarios[0]!);
    await waitFor(async () => (await summaryOf(ada)).xp === 360);
    expect((await ledger(ada)).filter((e) => e.reason === 'new-scenario')).toHaveLength(4);
  });

  it('counts a streak over days in the user’s time zone, once per day, from sign-ins too', async () => {
    const dayMs = 86_400_000;
    const signIns = [2, 1].map((days) =>
      createEvent('identity.user-signed-in', ada.id, {
        at: new Date(Date.now() - days * dayMs).toISOString(),
        timezone: null,
      }),
    );
    for (const event of signIns) await publish(event);
    const secondThatDay = { ...signIns[1]!, id: uuidv7() }; // a second sign-in that day changes nothing
    await publish(secondThatDay);
    await consumed(secondThatDay.id);
    const summary = await waitFor(async () => {
      const s = await summaryOf(ada);
      return s.streak === 3 ? s : null;
    });
    expect(summary.xp).toBe(380); // two more days, 10 XP each
    expect(summary.badges.map((b) => b.id)).toContain('streak-3');
    expect((await ledger(ada)).filter((e) => e.reason === 'daily-streak')).toHaveLength(3);
  });

  it('claims a completed daily challenge once and refuses what is not claimable', async () => {
    const challenges = await challengesOf(ada);
    // Every day's set has a "complete N sessions" challenge (N ≤ 3); Ada completed five today.
    const done = challenges.find((c) => /\.sessions-\d$/.test(c.id))!;
    expect(done.progress).toBe(done.target);
    const claimed = await claim(ada, { challengeId: done.id });
    expect(claimed.status).toBe(200);
    const answer = await json<DailyChallenge>(claimed);
    expect(answer).toMatchObject({ id: done.id, progress: done.target, target: done.target, xp: 100 });
    expect(Date.parse(answer.completed_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await challengesOf(ada)).find((c) => c.id === done.id)!.completed_at).toBe(answer.completed_at);
    const summary = await summaryOf(ada);
    expect(summary.xp).toBe(480);
    expect(summary.badges.map((b) => b.id)).toContain('challenges-1');

    const again = await claim(ada, { challengeId: done.id });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'This daily challenge has already been claimed' });
    expect((await summaryOf(ada)).xp).toBe(480);

    const unknown = await claim(ada, { challengeId: '2020-01-01.sessions-1' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: "Daily challenge not found: it is not one of today's challenges",
    });
    const missing = await claim(ada, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'challengeId: is required' });

    const [open] = await challengesOf(bob);
    const early = await claim(bob, { challengeId: open!.id });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toMatch(
      /^This daily challenge is not complete yet \(0\/\d\)/,
    );
    expect((await summaryOf(bob)).xp).toBe(0);
  });

  it('never shows one user another user’s data', async () => {
    const summary = await summaryOf(bob);
    expect(summary).toMatchObject({ xp: 0, badges: [], streak: 0 });
    // Ada is on the shared leaderboard, with only the leaderboard's fields (no e-mail, nothing else).
    const entry = summary.leaderboard.find((e) => e.id === ada.id)!;
    expect(entry).toEqual({ id: ada.id, username: 'Ada Lovelace', xp: 480, level: 2 });
    expect(JSON.stringify(summary)).not.toContain(ada.email);
    expect((await challengesOf(bob)).every((c) => c.progress === 0 && c.completed_at === null)).toBe(true);
    // Ada's claimable challenge is nothing to Bob.
    const adas = (await challengesOf(ada)).find((c) => c.completed_at === null && c.progress === c.target);
    if (adas) expect([404, 409]).toContain((await claim(bob, { challengeId: adas.id })).status);
  });

  it('opens the all-time XP board to everyone and every other board to Premium only', async () => {
    const open = await board(bob, 'xp', 'all-time');
    expect(open.status).toBe(200);
    const xp = await json<Leaderboard>(open);
    expect(xp.entries[0]).toMatchObject({ rank: 1, id: ada.id, username: 'Ada Lovelace', value: 480 });
    expect(xp.me).toBeNull(); // Bob has no XP

    const closed = await board(bob, 'streak', 'weekly');
    expect(closed.status).toBe(403);
    expect(((await closed.json()) as { error: string }).error).toMatch(/Premium/);
    expect((await board(bob, 'xp', 'monthly')).status).toBe(403);
    expect((await board(ada, 'nonsense', 'weekly')).status).toBe(400);

    const boards = await allBoards(ada);
    expect(boards['sessions/all-time']!.me).toEqual({ rank: 1, value: 5 });
    expect(boards['streak/all-time']!.me).toEqual({ rank: 1, value: 3 });
    expect(boards['badges/all-time']!.me!.value).toBe((await summaryOf(ada)).badges.length);
    expect(boards['xp/weekly']!.bucket).toMatch(/^\d{4}-W\d{2}$/);
    expect(boards['xp/monthly']!.bucket).toMatch(/^\d{4}-\d{2}$/);
  });

  it('names a learner on the boards by the display name chosen in Settings, and leaves out one who turned the board off', async () => {
    const settings = (body: object): Promise<Response> =>
      apiCall(system, '/api/user/settings', { method: 'PATCH', token: ada.token, body });
    const adaOnBoard = async (): Promise<{ username: string } | undefined> => {
      const res = await board(bob, 'xp', 'all-time');
      const { entries } = (await res.json()) as { entries: Array<{ id: string; username: string }> };
      return entries.find((e) => e.id === ada.id);
    };
    expect((await apiCall(system, '/api/user/settings?timezone=UTC', { token: ada.token })).status).toBe(200);

    expect((await settings({ display_name: 'Ada L.' })).status).toBe(200);
    await waitFor(async () => (await adaOnBoard())?.username === 'Ada L.', 15_000, 200);

    expect((await settings({ show_leaderboard: false })).status).toBe(200);
    await waitFor(async () => (await adaOnBoard()) === undefined, 15_000, 200);

    // Back on the boards, by the name she chose.
    expect((await settings({ display_name: 'Ada Lovelace', show_leaderboard: true })).status).toBe(200);
    await waitFor(async () => (await adaOnBoard())?.username === 'Ada Lovelace', 15_000, 200);
  });

  it('rebuilds identical leaderboards from PostgreSQL after Redis lost them', async () => {
    const before = await allBoards(ada);
    const keys = await leaderboardKeys();
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
    expect((await json<Leaderboard>(await board(ada, 'xp', 'all-time'))).entries).toEqual([]);

    const env = {
      DATABASE_URL: testEnv.databaseUrl,
      DATABASE_SCHEMA: system.schemas.gamification,
      REDIS_URL: testEnv.redisUrl,
    };
    const rebuilt = await runOnce('gamification', env, 'cli', ['leaderboards', 'rebuild']);
    expect(rebuilt.output).toMatch(/leaderboards rebuilt: 15 boards/);
    expect(rebuilt.code).toBe(0);
    expect(await allBoards(ada)).toEqual(before);
    const usage = await runOnce('gamification', env, 'cli', ['leaderboards', 'drop']);
    expect(usage.code).toBe(64);
  });

  it('catches up after a restart with the same totals, from events published while it was down', async () => {
    const carol = await createTestUser(system, { plan: 'premium', fullName: 'Carol' });
    await system.app('gamification').stop();
    expect((await apiCall(system, '/api/gamification/summary', { token: carol.token })).status).toBe(503);
    await completeSession(carol, scenarios[4]!);
    await completeSession(carol, scenarios[5]!);
    await completeSession(carol, scenarios[5]!);
    restarted = startApp('gamification', gamificationEnv());
    const summary = await waitFor(
      async () => {
        const res = await apiCall(system, '/api/gamification/summary', { token: carol.token });
        if (res.status !== 200) return null;
        const s = (await res.json()) as GamificationSummary;
        return s.xp >= 210 ? s : null;
      },
      60_000,
      250,
    );
    // 3 sessions × 50, 2 new scenarios × 25, one active day × 10: as if it had never stopped.
    expect(summary).toMatchObject({ xp: 210, streak: 1 });
    expect(await ledger(carol)).toHaveLength(6);
    const boards = await allBoards(carol);
    expect(boards['sessions/all-time']!.me).toEqual(expect.objectContaining({ value: 3 }));
  });

  it('erases a deleted user everywhere, leaderboards included', async () => {
    const dora = await createTestUser(system, { plan: 'premium', fullName: 'Dora Deleted' });
    await completeSession(dora, scenarios[6]!);
    await waitFor(async () => (await summaryOf(dora)).xp === 85);
    // Her session placed her in this week's league.
    expect(
      await system.sql('gamification', `SELECT 1 FROM league_members WHERE user_id = $1`, [dora.id]),
    ).toHaveLength(1);
    expect((await summaryOf(ada)).leaderboard.map((e) => e.id)).toContain(dora.id);

    const deleted = await apiCall(system, `/api/user/${dora.id}`, { method: 'DELETE', token: dora.token });
    expect(deleted.status).toBe(200);
    await waitFor(
      async () =>
        (await system.sql('gamification', `SELECT 1 FROM players WHERE user_id = $1`, [dora.id])).length ===
        0,
    );
    for (const table of [
      'xp_ledger',
      'completed_sessions',
      'active_days',
      'user_badges',
      'daily_challenges',
      'streak_freezes',
      'league_members',
      'league_results',
    ]) {
      expect(
        await system.sql('gamification', `SELECT 1 FROM ${table} WHERE user_id = $1`, [dora.id]),
      ).toEqual([]);
    }
    for (const key of await leaderboardKeys()) {
      if (key.endsWith('leaderboard-keys')) continue;
      expect(await redis.zscore(key, dora.id)).toBeNull();
    }
    expect((await summaryOf(ada)).leaderboard.map((e) => e.id)).not.toContain(dora.id);
    // An event still in flight for her does not bring her back.
    const late = createEvent('identity.user-signed-in', dora.id, {
      at: new Date().toISOString(),
      timezone: null,
    });
    await publish(late);
    await consumed(late.id);
    expect(await system.sql('gamification', `SELECT 1 FROM players WHERE user_id = $1`, [dora.id])).toEqual(
      [],
    );
  });
});
