import { v7 as uuidv7 } from 'uuid';
import type {
  DomainEvent,
  GamificationSummary,
  League,
  Leaderboard,
  Recommendations,
  Scenario,
  StreakStatus,
} from '@parley/contracts';
import { KafkaMessageBus } from '@parley/server-messaging';
import {
  apiCall,
  createTestUser,
  practise,
  startSystem,
  testEnv,
  type TestSystem,
  type TestUser,
  waitFor,
} from '@parley/server-testing';

/**
 * Issue 21 through the gateway against the real system: streak freezes from identity's and sessions'
 * events on Kafka (redelivered ones included), the weekly league a completed session places the learner
 * in, recommendations from the real catalogue, the most-improved board, and every new endpoint's
 * refusal of bad input (400, the field named), of a missing token (401), and its answer being only ever
 * the caller's own.
 */
let system: TestSystem;
let bus: KafkaMessageBus;
let scenarios: Scenario[];
const DAY_MS = 86_400_000;

async function get<T>(user: TestUser, path: string): Promise<T> {
  const res = await apiCall(system, path, { token: user.token });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

async function publish(event: DomainEvent): Promise<void> {
  await bus.publish([
    { topic: `${system.topicPrefix}${event.type}`, key: event.userId, value: JSON.stringify(event) },
  ]);
}

async function consumed(eventId: string): Promise<void> {
  await waitFor(
    async () =>
      (await system.sql('gamification', `SELECT 1 FROM inbox WHERE event_id = $1`, [eventId])).length,
    30_000,
    100,
  );
}

function event<T extends DomainEvent['type']>(
  type: T,
  userId: string,
  payload: Extract<DomainEvent, { type: T }>['payload'],
): DomainEvent {
  return {
    id: uuidv7(),
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    userId,
    payload,
  } as DomainEvent;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function completeSession(user: TestUser, scenario: Scenario): Promise<void> {
  const session = await practise(
    system,
    user.token,
    scenario.id,
    [
      'I understand why this matters to you. What would a good outcome look like for you? How did the ' +
        'last quarter go for your team? I propose we agree on two steps today and review them on Friday.',
    ],
    { tone: 'neutral', startOver: true },
  );
  const feedback = await apiCall(system, '/api/chat/post-session-feedback', {
    token: user.token,
    body: { session_id: session.id },
  });
  expect(feedback.status).toBe(200);
}

describe('streak freezes, weekly leagues and recommendations through the gateway', () => {
  let ada: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    system = await startSystem({
      label: 'habits',
      env: { gateway: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' } },
    });
    bus = new KafkaMessageBus({ clientId: 'habits-test', brokers: testEnv.kafkaBrokers });
    ada = await createTestUser(system, { plan: 'premium', fullName: 'Ada Lovelace' });
    bob = await createTestUser(system, { fullName: 'Bob Free' });
    // The first settings visit announces the name and zone (profile-updated): UTC for both.
    for (const user of [ada, bob]) {
      expect((await apiCall(system, '/api/user/settings?timezone=UTC', { token: user.token })).status).toBe(
        200,
      );
    }
    scenarios = (await get<Scenario[]>(ada, '/api/user/scenarios')).filter((s) => !s.premium);
  }, 180_000);

  afterAll(async () => {
    await bus?.close();
    await system?.stop();
  });

  it('refuses a missing token with 401 and bad input with 400 naming the field', async () => {
    for (const [path, body] of [
      ['/api/gamification/streak', undefined],
      ['/api/gamification/streak-freezes', {}],
      ['/api/gamification/league', undefined],
      ['/api/user/recommendations', undefined],
    ] as const) {
      expect((await apiCall(system, path, { body })).status).toBe(401);
    }
    for (const path of [
      '/api/gamification/streak',
      '/api/gamification/league',
      '/api/user/recommendations',
    ]) {
      const res = await apiCall(system, `${path}?user_id=${ada.id}`, { token: bob.token });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Unknown field(s): user_id' });
    }
    const res = await apiCall(system, '/api/gamification/streak-freezes', {
      token: bob.token,
      body: { userId: ada.id },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Unknown field(s): userId' });
  });

  it('starts a learner with no freezes, no league yet, and three starter recommendations', async () => {
    expect(await get<StreakStatus>(bob, '/api/gamification/streak')).toEqual({
      streak: 0,
      longest: 0,
      freezesHeld: 0,
      maxFreezes: 2,
      freezePrice: 200,
      spendableXp: 0,
      frozenDays: [],
    });
    const league = await get<League>(bob, '/api/gamification/league');
    expect(league).toMatchObject({ tier: 'Bronze', members: [], me: null, lastResult: null });
    expect(league.week).toMatch(/^\d{4}-W\d{2}$/);
    const recs = await get<Recommendations>(bob, '/api/user/recommendations');
    expect(recs.focus).toBeNull();
    expect(recs.recommendations).toHaveLength(3);
    const byId = new Map(scenarios.map((s) => [s.id, s]));
    for (const r of recs.recommendations) {
      expect(byId.get(r.scenario_id)?.locked).toBe(false);
      expect(r.reason.length).toBeGreaterThan(10);
    }
    // Not the scenario of the day (the dashboard offers it already), and no two cards with the same line.
    const daily = await get<Scenario>(bob, '/api/user/scenarios/daily');
    expect(recs.recommendations.map((r) => r.scenario_id)).not.toContain(daily.id);
    expect(new Set(recs.recommendations.map((r) => r.reason)).size).toBe(3);
    const bought = await apiCall(system, '/api/gamification/streak-freezes', { token: bob.token, body: {} });
    expect(bought.status).toBe(409);
    expect(((await bought.json()) as { error: string }).error).toMatch(
      /^Not enough XP to buy a streak freeze/,
    );
  });

  it('picks for the experience level the learner chose: Advanced before any XP', async () => {
    const cleo = await createTestUser(system, { plan: 'premium', fullName: 'Cleo Advanced' });
    const saved = await apiCall(system, '/api/user/profile', {
      token: cleo.token,
      body: {
        communication_goals: ['Persuasion'],
        tone_preference: 'neutral',
        experience_level: 'advanced',
      },
    });
    expect(saved.status).toBe(200);
    const recs = await get<Recommendations>(cleo, '/api/user/recommendations');
    expect(recs.level).toBe('Advanced');
    expect(recs.recommendations[0]?.difficulty).toBe('Advanced');
    for (const r of recs.recommendations.filter((r) => r.reason.includes('at your level')))
      expect(r.difficulty).toBe('Advanced');
  });

  it('puts a learner who completes a session in this week’s league, with what the feedback found stored', async () => {
    await completeSession(ada, scenarios[0]!);
    const league = await waitFor(async () => {
      const l = await get<League>(ada, '/api/gamification/league');
      return l.me ? l : null;
    });
    expect(league.tier).toBe('Bronze');
    expect(league.me).toEqual({ rank: 1, weekXp: 85 });
    expect(league.members).toEqual([
      { rank: 1, id: ada.id, username: 'Ada Lovelace', xp: 85, level: 1, weekXp: 85 },
    ]);
    expect(league.zones).toEqual({ promotion: 1, demotion: 0 });
    const [stored] = await system.sql<{ open_questions: number; objectives: unknown[] }>(
      'gamification',
      `SELECT open_questions, objectives FROM completed_sessions WHERE user_id = $1`,
      [ada.id],
    );
    expect(stored!.objectives.length).toBeGreaterThan(0);
    const recs = await get<Recommendations>(ada, '/api/user/recommendations');
    expect(recs.focus).not.toBeNull();
    expect(recs.recommendations).toHaveLength(3);
    // Bob sees the same league rules but never Ada's streak or freezes.
    expect((await get<StreakStatus>(bob, '/api/gamification/streak')).streak).toBe(0);
  });

  it('a missed day uses the freeze earned at 7 days; the redelivered event changes nothing', async () => {
    const cy = await createTestUser(system, { fullName: 'Cy Streak' });
    const now = Date.now();
    // Active 9 days ago through 2 days ago (8 days: a freeze earned on the 7th), yesterday missed.
    for (let back = 9; back >= 2; back--) {
      const e = event('identity.user-signed-in', cy.id, {
        at: new Date(now - back * DAY_MS).toISOString(),
        timezone: null,
      });
      await publish(e);
      await consumed(e.id);
    }
    const yesterday = utcDay(now - DAY_MS);
    expect(await get<StreakStatus>(cy, '/api/gamification/streak')).toMatchObject({
      streak: 8,
      freezesHeld: 0,
      frozenDays: [yesterday],
    });
    expect((await get<GamificationSummary>(cy, '/api/gamification/summary')).streak).toBe(8);

    const today = event('identity.user-signed-in', cy.id, {
      at: new Date(now).toISOString(),
      timezone: null,
    });
    await publish(today);
    await consumed(today.id);
    await publish(today); // a broker redelivery
    const after = await waitFor(async () => {
      const s = await get<StreakStatus>(cy, '/api/gamification/streak');
      return s.streak === 9 ? s : null;
    });
    expect(after).toMatchObject({ freezesHeld: 0, frozenDays: [yesterday], longest: 9 });
    const rows = await system.sql<{ used_on: string }>(
      'gamification',
      `SELECT to_char(used_on, 'YYYY-MM-DD') AS used_on FROM streak_freezes WHERE user_id = $1`,
      [cy.id],
    );
    expect(rows).toEqual([{ used_on: yesterday }]);
  });

  it('sells a freeze for XP, keeping the level and total XP', async () => {
    await completeSession(ada, scenarios[1]!);
    await completeSession(ada, scenarios[2]!);
    await waitFor(async () => (await get<GamificationSummary>(ada, '/api/gamification/summary')).xp >= 235);
    // No body at all is fine too.
    const res = await apiCall(system, '/api/gamification/streak-freezes', {
      token: ada.token,
      method: 'POST',
    });
    expect(res.status).toBe(200);
    expect((await res.json()) as StreakStatus).toMatchObject({ freezesHeld: 1, spendableXp: 35 });
    expect((await get<GamificationSummary>(ada, '/api/gamification/summary')).xp).toBe(235);
    expect((await get<StreakStatus>(bob, '/api/gamification/streak')).freezesHeld).toBe(0);
  });

  it('ranks the most improved this week over last week, for Premium only', async () => {
    const dee = await createTestUser(system, { plan: 'premium', fullName: 'Dee Better' });
    expect((await apiCall(system, '/api/user/settings?timezone=UTC', { token: dee.token })).status).toBe(200);
    await waitFor(async () => {
      // The name settings' display name wrote, announced with the profile: the one the boards show.
      const [row] = await system.sql<{ display_name: string | null }>(
        'gamification',
        `SELECT display_name FROM players WHERE user_id = $1`,
        [dee.id],
      );
      return row?.display_name === 'Dee Better';
    });
    const now = Date.now();
    const monday = new Date(utcDay(now - ((new Date(now).getUTCDay() + 6) % 7) * DAY_MS)).getTime();
    const sessionAt = (at: number, score: number) =>
      event('sessions.session-completed', dee.id, {
        sessionId: crypto.randomUUID(),
        scenarioId: scenarios[3]!.id,
        category: scenarios[3]!.category,
        completedAt: new Date(at).toISOString(),
        messageCount: 6,
        scores: { clarity: score, empathy: score, persuasion: score },
        firstOfScenario: false,
      });
    const events = [
      sessionAt(monday - 3 * DAY_MS, 4),
      sessionAt(monday - 2 * DAY_MS, 5),
      sessionAt(Math.max(monday, now - 60_000), 7),
      sessionAt(Math.max(monday, now - 30_000), 8),
    ];
    for (const e of events) {
      await publish(e);
      await consumed(e.id);
    }
    const board = await get<Leaderboard>(
      dee,
      '/api/gamification/leaderboard?category=most-improved&period=weekly',
    );
    expect(board.me).toEqual({ rank: expect.any(Number), value: 3 });
    expect(board.entries.find((e) => e.id === dee.id)).toMatchObject({ username: 'Dee Better', value: 3 });
    const free = await apiCall(system, '/api/gamification/leaderboard?category=most-improved&period=weekly', {
      token: bob.token,
    });
    expect(free.status).toBe(403);
  });
});
