import { randomUUID } from 'node:crypto';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import {
  ERRORS,
  FREE_SESSIONS_PER_MONTH,
  RPC,
  type MonthlyUsage,
  type RpcErrorBody,
  type PracticeSession,
  type PracticeSessionSummary,
  type Scenario,
} from '@parley/contracts';
import {
  apiCall,
  createTestUser,
  practise,
  sayLine,
  startSystem,
  waitFor,
  type TestSystem,
  type TestUser,
} from '@parley/server-testing';

/** The catalogue and practice sessions over HTTP through the gateway, sessions service and PostgreSQL real. */
let system: TestSystem;

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

function call(path: string, user: TestUser | undefined, init: { method?: string; body?: unknown } = {}) {
  return apiCall(system, path, { ...init, token: user?.token });
}

async function freeScenario(user: TestUser): Promise<Scenario> {
  const all = await json<Scenario[]>(await call('/api/user/scenarios', user));
  return all.find((s) => !s.premium)!;
}

async function start(user: TestUser, scenarioId: string, extra: Record<string, unknown> = {}) {
  return call('/api/user/sessions', user, {
    body: {
      user_id: user.id,
      scenario_id: scenarioId,
      tone_preference: 'tough',
      avatar_style: 'robot',
      ...extra,
    },
  });
}

async function usedThisMonth(user: TestUser): Promise<number> {
  const res = await call(`/api/user/increment-sessions/${user.id}`, user, { method: 'POST' });
  return (await json<{ sessions_used: number }>(res)).sessions_used;
}

describe('scenarios and practice sessions', () => {
  let free: TestUser;
  let premium: TestUser;

  beforeAll(async () => {
    system = await startSystem({
      label: 'practice',
      env: { gateway: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' } },
    });
    free = await createTestUser(system);
    premium = await createTestUser(system, { plan: 'premium' });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  });

  it('lists the whole catalogue, premium scenarios locked for a free user and open for premium', async () => {
    const forFree = await json<Scenario[]>(await call('/api/user/scenarios', free));
    expect(forFree.filter((s) => !s.premium).length).toBeGreaterThanOrEqual(10);
    expect(forFree.filter((s) => s.premium).length).toBeGreaterThanOrEqual(200);
    expect(forFree.filter((s) => s.premium).every((s) => s.locked)).toBe(true);
    expect(forFree.filter((s) => !s.premium).every((s) => !s.locked)).toBe(true);
    const forPremium = await json<Scenario[]>(await call('/api/user/scenarios', premium));
    expect(forPremium.every((s) => !s.locked)).toBe(true);
    expect(Object.keys(forFree[0]!).sort()).toEqual(
      [
        'aiRole',
        'category',
        'description',
        'difficulty',
        'id',
        'locked',
        'premium',
        'tags',
        'timeEstimate',
        'title',
        'userRole',
      ].sort(),
    );
    expect((await call('/api/user/scenarios', undefined)).status).toBe(401);
  });

  it('searches title, description and tags, and filters by tag, on the server', async () => {
    const all = await json<Scenario[]>(await call('/api/user/scenarios', premium));
    const tag = all[0]!.tags[0]!;
    const byTag = await json<Scenario[]>(
      await call(`/api/user/scenarios?tag=${encodeURIComponent(tag)}`, premium),
    );
    expect(byTag.length).toBeGreaterThan(0);
    expect(byTag.every((s) => s.tags.map((t) => t.toLowerCase()).includes(tag.toLowerCase()))).toBe(true);
    const word = all[5]!.title.split(' ').find((w) => w.length > 4)!;
    const bySearch = await json<Scenario[]>(
      await call(`/api/user/scenarios?search=${encodeURIComponent(word.toUpperCase())}`, premium),
    );
    expect(bySearch.map((s) => s.id)).toContain(all[5]!.id);
    const none = await json<Scenario[]>(await call('/api/user/scenarios?search=zzqqxxnothing', premium));
    expect(none).toEqual([]);
    expect((await call('/api/user/scenarios?search=' + 'x'.repeat(101), premium)).status).toBe(400);
    expect((await call('/api/user/scenarios?sort=evil', premium)).status).toBe(400);
  });

  it('gives one scenario by id, today’s scenario (the same for everyone) and a random one the caller can start', async () => {
    const scenario = await freeScenario(free);
    expect(await json<Scenario>(await call(`/api/user/scenarios/${scenario.id}`, free))).toMatchObject({
      id: scenario.id,
      title: scenario.title,
    });
    const missing = await call('/api/user/scenarios/no-such-scenario', free);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Scenario not found' });
    expect((await call('/api/user/scenarios/Bad%20Id', free)).status).toBe(400);
    // The scenario of the day is one the caller can start, the same for everyone on a plan all day.
    const dailyFree = await json<Scenario>(await call('/api/user/scenarios/daily', free));
    expect(dailyFree.locked).toBe(false);
    expect(dailyFree.premium).toBe(false);
    const otherFree = await createTestUser(system);
    expect((await json<Scenario>(await call('/api/user/scenarios/daily', otherFree))).id).toBe(dailyFree.id);
    const dailyPremium = await json<Scenario>(await call('/api/user/scenarios/daily', premium));
    expect(dailyPremium.locked).toBe(false);
    for (let i = 0; i < 5; i++) {
      const random = await json<Scenario>(await call('/api/user/scenarios/random', free));
      expect(random.locked).toBe(false);
    }
  });

  it('refuses a premium scenario to a free user and lets a premium user start it', async () => {
    const all = await json<Scenario[]>(await call('/api/user/scenarios', free));
    const locked = all.find((s) => s.premium)!;
    const refused = await start(free, locked.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'This scenario is part of Premium. Upgrade to practise it.',
    });
    expect((await start(premium, locked.id)).status).toBe(201);
  });

  it('saves a session as it goes, and shows it only to its owner', async () => {
    const user = await createTestUser(system);
    const other = await createTestUser(system);
    const scenario = await freeScenario(user);
    const created = await start(user, scenario.id);
    expect(created.status).toBe(201);
    const session = await json<PracticeSession>(created);
    expect(session).toMatchObject({
      user_id: user.id,
      scenario_id: scenario.id,
      tone_preference: 'tough',
      avatar_style: 'robot',
      status: 'active',
    });
    expect(session.messages.map((m) => m.sender)).toEqual(['ai']);

    const reply = await sayLine(system, user.token, session, 'I would like to talk about **my role**.');
    const view = await json<PracticeSession>(await call(`/api/user/sessions/view/${session.id}`, user));
    expect(view.messages.map((m) => m.sender)).toEqual(['ai', 'user', 'ai']);
    expect(view.messages[1]!.content).toBe('I would like to talk about **my role**.');
    expect(view.messages[2]!.content).toBe(reply);

    const list = await json<PracticeSessionSummary[]>(await call('/api/user/sessions', user));
    expect(list.map((s) => s.id)).toEqual([session.id]);
    expect(list[0]!.scenario_title).toBe(scenario.title);
    const last = await json<PracticeSession>(await call(`/api/user/sessions/last/${user.id}`, user));
    expect(last.id).toBe(session.id);

    // Another user: nothing, not even whether it exists.
    expect((await call(`/api/user/sessions/view/${session.id}`, other)).status).toBe(404);
    expect(await json<unknown[]>(await call('/api/user/sessions', other))).toEqual([]);
    expect((await call(`/api/user/sessions/last/${user.id}`, other)).status).toBe(403);
    await expect(sayLine(system, other.token, session, 'hi')).rejects.toThrow(/HTTP 404/);
    expect((await call(`/api/user/sessions/${session.id}`, other, { method: 'DELETE' })).status).toBe(404);
    expect(
      (await call('/api/user/sessions', other, { body: { user_id: user.id, scenario_id: scenario.id } }))
        .status,
    ).toBe(403);

    expect((await call(`/api/user/sessions/${session.id}`, user, { method: 'DELETE' })).status).toBe(200);
    expect((await call(`/api/user/sessions/view/${session.id}`, user)).status).toBe(404);
    expect(
      await system.sql('sessions', `SELECT 1 FROM session_messages WHERE session_id = $1`, [session.id]),
    ).toHaveLength(0);
  });

  it('resumes the scenario’s active session when the chat is opened again: no second session, the same conversation, counted from the first line', async () => {
    const user = await createTestUser(system);
    const scenario = await freeScenario(user);
    const first = await json<PracticeSession>(await start(user, scenario.id));
    expect(first.messages.map((m) => m.sender)).toEqual(['ai']);
    // A chat opened and left without a word is not in the history.
    expect(await json<unknown[]>(await call('/api/user/sessions', user))).toEqual([]);
    // Opening the chat again (a reload, going back) before a word is said: the same session, nothing spent.
    const reopened = await start(user, scenario.id);
    expect(reopened.status).toBe(201);
    expect(await json<PracticeSession>(reopened)).toMatchObject({ id: first.id, messages: first.messages });
    expect(await usedThisMonth(user)).toBe(0);

    const lines = ['Hello, I want to talk about my workload.', 'Could we move one project to next quarter?'];
    const replies = [];
    replies.push(await sayLine(system, user.token, first, lines[0]!));
    // The learner's first line spends the session; the next ones do not.
    expect(await usedThisMonth(user)).toBe(1);
    replies.push(await sayLine(system, user.token, first, lines[1]!));
    expect(await usedThisMonth(user)).toBe(1);

    const reloaded = await json<PracticeSession>(await start(user, scenario.id));
    expect(reloaded.id).toBe(first.id);
    expect(reloaded.messages).toEqual([
      first.messages[0],
      { sender: 'user', content: lines[0] },
      { sender: 'ai', content: replies[0] },
      { sender: 'user', content: lines[1] },
      { sender: 'ai', content: replies[1] },
    ]);
    expect(
      (await json<PracticeSessionSummary[]>(await call('/api/user/sessions', user))).map((s) => s.id),
    ).toEqual([first.id]);
    expect(await usedThisMonth(user)).toBe(1);

    // Starting over is a new conversation; the used one stays in the history as it was.
    const fresh = await json<PracticeSession>(await start(user, scenario.id, { start_over: true }));
    expect(fresh.id).not.toBe(first.id);
    expect(fresh.messages.map((m) => m.sender)).toEqual(['ai']);
    expect(await usedThisMonth(user)).toBe(1);
    // Starting over again from a conversation never used leaves no orphan "Active" session behind, and
    // the one now open, not yet used, is in the database (it resumes) but not in the history.
    const again = await json<PracticeSession>(await start(user, scenario.id, { start_over: true }));
    const list = await json<PracticeSessionSummary[]>(await call('/api/user/sessions', user));
    expect(list.map((s) => s.id)).toEqual([first.id]);
    expect(
      await system.sql(
        'sessions',
        `SELECT id FROM practice_sessions p WHERE user_id = $1 AND status = 'active'
           AND NOT EXISTS (SELECT 1 FROM session_messages m WHERE m.session_id = p.id AND m.sender = 'user')`,
        [user.id],
      ),
    ).toEqual([{ id: again.id }]);
    expect(await usedThisMonth(user)).toBe(1);
  });

  it('refuses the sixth session of the month on the free plan, counting only this month, and not premium', async () => {
    const user = await createTestUser(system);
    const scenario = await freeScenario(user);
    // A session from another month does not count.
    await system.sql(
      'sessions',
      `INSERT INTO usage_ledger (session_id, user_id, month) VALUES ($1, $2, '2000-01')`,
      [randomUUID(), user.id],
    );
    // A session counts once the learner says a line in it: five conversations, each started over.
    for (let i = 0; i < FREE_SESSIONS_PER_MONTH; i++)
      await practise(system, user.token, scenario.id, ['Hello, I would like to discuss my role.'], {
        startOver: true,
      });
    // The active (fifth) one is still resumed; a new one is refused.
    expect((await start(user, scenario.id)).status).toBe(201);
    const sixth = await start(user, scenario.id, { start_over: true });
    expect(sixth.status).toBe(403);
    expect(await sixth.json()).toEqual({
      error:
        'You have used all 5 free practice sessions this month. Upgrade to Premium for unlimited practice.',
    });
    // Deleting a session gives no quota back, and the spec's increment call cannot push the count.
    const list = await json<PracticeSessionSummary[]>(await call('/api/user/sessions', user));
    await call(`/api/user/sessions/${list[0]!.id}`, user, { method: 'DELETE' });
    expect((await start(user, scenario.id, { start_over: true })).status).toBe(403);
    expect(await usedThisMonth(user)).toBe(FREE_SESSIONS_PER_MONTH);
    const incremented = await call(`/api/user/increment-sessions/${user.id}`, user, { method: 'POST' });
    expect(await incremented.json()).toEqual({ sessions_used: FREE_SESSIONS_PER_MONTH });
    expect((await call(`/api/user/increment-sessions/${premium.id}`, user, { method: 'POST' })).status).toBe(
      403,
    );

    for (let i = 0; i < FREE_SESSIONS_PER_MONTH + 1; i++)
      await practise(system, premium.token, scenario.id, ['Hello there.'], { startOver: true });
  });

  it("takes the user of the monthly usage RPC from the caller: another user's count stays out of reach", async () => {
    const alice = await createTestUser(system);
    const bob = await createTestUser(system);
    const scenario = await freeScenario(bob);
    await practise(system, bob.token, scenario.id, ['Hello, can we talk?']);
    const rpc = ClientProxyFactory.create({
      transport: Transport.TCP,
      options: { host: '127.0.0.1', port: Number(system.app('sessions').env.RPC_PORT) },
    });
    const usage = (data: unknown, as?: string) =>
      firstValueFrom(
        rpc.send<MonthlyUsage>(RPC.sessions.monthlyUsage, {
          meta: { requestId: randomUUID(), userId: as },
          data,
        }),
      ).then(
        (answer) => answer as MonthlyUsage | RpcErrorBody,
        (error: RpcErrorBody) => error,
      );
    try {
      expect(await usage({ userId: bob.id }, alice.id)).toEqual({ status: 403, error: ERRORS.forbidden });
      expect(await usage({ userId: bob.id })).toEqual({ status: 401, error: ERRORS.notAuthenticated });
      // The caller's own count, with or without their id in the payload.
      expect(await usage({}, alice.id)).toEqual({ used: 0 });
      expect(await usage({ userId: bob.id }, bob.id)).toEqual({ used: 1 });
      expect(await usage({ userId: 'not-a-uuid' }, bob.id)).toMatchObject({ status: 400 });
    } finally {
      await rpc.close();
    }
  });

  it('rejects malformed and oversized message lists with a clear error', async () => {
    const user = await createTestUser(system, { plan: 'premium' });
    const scenario = await freeScenario(user);
    const cases: Array<[unknown, RegExp]> = [
      [{ scenario_id: scenario.id, messages: 'hello' }, /messages/],
      [{ scenario_id: scenario.id, messages: [{ sender: 'robot', content: 'x' }] }, /sender/],
      [
        { scenario_id: scenario.id, messages: [{ sender: 'ai', content: 'x' }] },
        /^messages\.0\.sender: partner lines are written by the server$/,
      ],
      [{ scenario_id: scenario.id, messages: [{ sender: 'user', content: 42 }] }, /content must be a string/],
      [
        { scenario_id: scenario.id, messages: [{ sender: 'user', content: 'x'.repeat(8001) }] },
        /at most 8000/,
      ],
      [
        { scenario_id: scenario.id, messages: [{ sender: 'user', content: 'hi' }] },
        /^messages: must be empty/,
      ],
      [{ scenario_id: scenario.id, start_over: 'yes' }, /start_over/],
      [{ scenario_id: scenario.id, tone_preference: 'sarcastic' }, /tone_preference/],
      [{ scenario_id: scenario.id, extra: true }, /Unknown field/],
      [{}, /scenario_id/],
    ];
    for (const [body, error] of cases) {
      const bad = await call('/api/user/sessions', user, { body });
      expect(bad.status).toBe(400);
      expect((await json<{ error: string }>(bad)).error).toMatch(error);
    }
    const session = await json<PracticeSession>(await start(user, scenario.id));
    const empty = await call(`/api/user/sessions/${session.id}/messages`, user, { body: { messages: [] } });
    expect(empty.status).toBe(400);
    expect((await call('/api/user/sessions/view/not-a-uuid', user)).status).toBe(400);
  });

  it("removes every session and message of a deleted account, leaving others' alone", async () => {
    const user = await createTestUser(system);
    const bystander = await createTestUser(system);
    const scenario = await freeScenario(user);
    const mine = await practise(system, user.token, scenario.id, ['Hello']);
    await start(bystander, scenario.id);
    expect((await call(`/api/user/${user.id}`, user, { method: 'DELETE' })).status).toBe(200);
    await waitFor(
      async () =>
        (await system.sql('sessions', `SELECT 1 FROM practice_sessions WHERE user_id = $1`, [user.id]))
          .length === 0,
      30_000,
    );
    expect(
      await system.sql('sessions', `SELECT 1 FROM session_messages WHERE session_id = $1`, [mine.id]),
    ).toHaveLength(0);
    expect(
      await system.sql('sessions', `SELECT 1 FROM usage_ledger WHERE user_id = $1`, [user.id]),
    ).toHaveLength(0);
    expect(
      await system.sql('sessions', `SELECT 1 FROM practice_sessions WHERE user_id = $1`, [bystander.id]),
    ).toHaveLength(1);
  });
});
