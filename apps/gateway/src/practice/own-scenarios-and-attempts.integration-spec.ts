import {
  CUSTOM_SCENARIO_ERRORS,
  FREE_CUSTOM_SCENARIOS,
  FREE_SESSIONS_PER_MONTH,
  type Attempt,
  type CustomScenario,
  type PracticeSession,
  type Scenario,
  type ScenarioDraft,
  type StoredFeedback,
} from '@parley/contracts';
import {
  apiCall,
  createTestUser,
  practise,
  sayLine,
  startPractice,
  DRAFT_ANSWER,
  startModelServerDouble,
  startSystem,
  type ModelServerDouble,
  type TestSystem,
  type TestUser,
} from '@parley/server-testing';

/** Issue 20 over HTTP: custom scenarios and retries, through the real gateway, services and PostgreSQL. */
let system: TestSystem;

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

function call(path: string, user: TestUser | undefined, init: { method?: string; body?: unknown } = {}) {
  return apiCall(system, path, { ...init, token: user?.token });
}

async function sse(res: Response): Promise<Array<Record<string, unknown>>> {
  return (await res.text())
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as Record<string, unknown>);
}

const RAISE = {
  title: 'Raise talk with Dana',
  description:
    'On Thursday I ask my manager Dana for a raise to $95k. She said the budget is tight this year and our team just missed a target.',
  userRole: 'Senior engineer',
  aiRole: 'Engineering manager',
  persona: 'Dana, my manager of two years: fair, busy, careful with budget.',
  personaGoals: ['Keep the team within this year’s budget', 'Keep a strong engineer'],
  holdsFirmOn: ['No more than $90k before the January review'],
  learnerObjectives: ['Name the number and the reason for it', 'Agree a date for the decision'],
  difficulty: 'Intermediate',
  tags: ['raise', 'my job'],
};

describe('own scenarios and retries', () => {
  let free: TestUser;
  let other: TestUser;
  let premium: TestUser;

  beforeAll(async () => {
    system = await startSystem({
      label: 'ownretry',
      env: { gateway: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' } },
    });
    [free, other, premium] = await Promise.all([
      createTestUser(system),
      createTestUser(system),
      createTestUser(system, { plan: 'premium' }),
    ]);
  }, 180_000);

  afterAll(async () => {
    await system?.stop();
  });

  let mine: CustomScenario;

  it('creates, reads, lists and rewrites a custom scenario, visible to its owner only', async () => {
    const created = await call('/api/user/scenarios/custom', free, { body: RAISE });
    expect(created.status).toBe(201);
    mine = await json<CustomScenario>(created);
    expect(mine.id).toMatch(/^custom-[0-9a-f-]{36}$/);
    expect(mine).toMatchObject({
      custom: true,
      title: RAISE.title,
      description: RAISE.description,
      learnerObjectives: RAISE.learnerObjectives,
      holdsFirmOn: RAISE.holdsFirmOn,
      premium: false,
      locked: false,
    });
    expect(
      (await json<CustomScenario[]>(await call('/api/user/scenarios/custom', free))).map((s) => s.id),
    ).toEqual([mine.id]);
    expect(await json<Scenario>(await call(`/api/user/scenarios/${mine.id}`, free))).toMatchObject({
      id: mine.id,
    });
    const catalogue = await json<Scenario[]>(await call('/api/user/scenarios', free));
    expect(catalogue.some((s) => s.id === mine.id)).toBe(false);

    const put = await call(`/api/user/scenarios/custom/${mine.id}`, free, {
      method: 'PUT',
      body: { ...RAISE, title: 'Raise talk, take two', tags: ['raise'] },
    });
    expect(put.status).toBe(200);
    expect(await json<CustomScenario>(put)).toMatchObject({ title: 'Raise talk, take two', tags: ['raise'] });

    // Another user: nothing, whichever route.
    for (const path of [`/api/user/scenarios/custom/${mine.id}`, `/api/user/scenarios/${mine.id}`]) {
      const res = await call(path, other);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Scenario not found' });
    }
    expect(
      (await call(`/api/user/scenarios/custom/${mine.id}`, other, { method: 'PUT', body: RAISE })).status,
    ).toBe(404);
    expect((await call(`/api/user/scenarios/custom/${mine.id}`, other, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect(await json<CustomScenario[]>(await call('/api/user/scenarios/custom', other))).toEqual([]);
    expect((await call('/api/user/sessions', other, { body: { scenario_id: mine.id } })).status).toBe(404);
    expect(
      (await json<CustomScenario>(await call(`/api/user/scenarios/custom/${mine.id}`, free))).title,
    ).toBe('Raise talk, take two');
    expect((await call('/api/user/scenarios/custom', undefined)).status).toBe(401);
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const bad: unknown[] = [
      {},
      { ...RAISE, title: '' },
      { ...RAISE, description: 'short' },
      { ...RAISE, userRole: undefined },
      { ...RAISE, tags: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] },
      { ...RAISE, learnerObjectives: Array.from({ length: 6 }, (_, i) => `Objective number ${i}`) },
      { ...RAISE, difficulty: 'Impossible' },
      { ...RAISE, owner_id: other.id },
      { ...RAISE, title: 'Nul\u0000title' },
      { ...RAISE, description: 'x'.repeat(1501) },
      [RAISE],
    ];
    for (const body of bad) {
      const res = await call('/api/user/scenarios/custom', free, { body });
      expect(res.status).toBe(400);
      expect(typeof (await json<{ error: string }>(res)).error).toBe('string');
    }
    for (const id of ['nope', 'custom-123', `${mine.id}x`]) {
      expect((await call(`/api/user/scenarios/custom/${id}`, free)).status).toBe(400);
    }
    const badPut = await call(`/api/user/scenarios/custom/${mine.id}`, free, {
      method: 'PUT',
      body: { title: 'x' },
    });
    expect(badPut.status).toBe(400);
    const list = await json<CustomScenario[]>(await call('/api/user/scenarios/custom', free));
    expect(list).toHaveLength(1);
    expect(list[0]!.title).toBe('Raise talk, take two');
    expect(
      (await call('/api/user/scenarios/custom/draft', free, { body: { description: 'hi' } })).status,
    ).toBe(400);
  });

  it('drafts the optional fields from the closest catalogue scenarios', async () => {
    const res = await call('/api/user/scenarios/custom/draft', free, {
      body: { description: RAISE.description, aiRole: 'My manager' },
    });
    expect(res.status).toBe(200);
    const draft = await json<ScenarioDraft>(res);
    expect(draft.source).toBe('builtin');
    expect(draft.basedOn.length).toBe(3);
    expect(draft.aiRole).toBe('My manager');
    expect(draft.personaGoals.length).toBeGreaterThan(0);
    expect(draft.learnerObjectives.length).toBeGreaterThan(0);
    expect(draft.holdsFirmOn[0]).toContain('$95k');
  });

  it(`keeps ${FREE_CUSTOM_SCENARIOS} for a free user and any number for premium`, async () => {
    for (let i = 1; i < FREE_CUSTOM_SCENARIOS; i++) {
      expect(
        (await call('/api/user/scenarios/custom', free, { body: { ...RAISE, title: `Extra ${i}` } })).status,
      ).toBe(201);
    }
    const over = await call('/api/user/scenarios/custom', free, {
      body: { ...RAISE, title: 'One too many' },
    });
    expect(over.status).toBe(403);
    expect(await over.json()).toEqual({ error: CUSTOM_SCENARIO_ERRORS.freeLimit });
    const list = await json<CustomScenario[]>(await call('/api/user/scenarios/custom', free));
    expect(list).toHaveLength(FREE_CUSTOM_SCENARIOS);
    const extra = list.find((s) => s.title === 'Extra 1')!;
    expect((await call(`/api/user/scenarios/custom/${extra.id}`, free, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect((await call(`/api/user/scenarios/custom/${extra.id}`, free)).status).toBe(404);
    expect((await call(`/api/user/scenarios/custom/${extra.id}`, free, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect(
      (await call('/api/user/scenarios/custom', free, { body: { ...RAISE, title: 'Back in' } })).status,
    ).toBe(201);
    for (let i = 0; i <= FREE_CUSTOM_SCENARIOS; i++) {
      expect(
        (await call('/api/user/scenarios/custom', premium, { body: { ...RAISE, title: `Premium ${i}` } }))
          .status,
      ).toBe(201);
    }
  });

  let first: PracticeSession;

  it('practises a custom scenario: the partner plays it and feedback checks the learner’s own objectives', async () => {
    first = await startPractice(system, free.token, mine.id, { tone: 'tough' });
    expect(first.scenario_id).toBe(mine.id);
    // The partner's opening, generated and stored by the server.
    expect(first.messages.map((m) => m.sender)).toEqual(['ai']);
    const lines = [
      'Thanks Dana. I would like to talk about my pay: I am asking for $95k because I led the billing migration.',
      'I hear the budget is tight. Could we agree a decision date, say the 15th of next month?',
    ];
    const messages = [...first.messages];
    for (const line of lines) {
      messages.push({ sender: 'user', content: line });
      const events = await sse(
        await call('/api/chat/chat-completion', free, {
          body: {
            session_id: first.id,
            tone: 'tough',
            scenario: { id: mine.id, title: RAISE.title, description: RAISE.description },
            messages,
          },
        }),
      );
      expect(events.at(-1)).toEqual({ done: true });
      messages.push({
        sender: 'ai',
        content: events
          .map((e) => e.content ?? '')
          .join('')
          .trim(),
      });
    }
    const feedback = await json<StoredFeedback>(
      await call('/api/user/feedback', free, { body: { session_id: first.id } }),
    );
    expect(feedback.objectives?.map((o) => o.objective)).toEqual(RAISE.learnerObjectives);
    const history = await json<Array<{ id: string; scenario_title: string }>>(
      await call('/api/user/sessions', free),
    );
    expect(history.find((s) => s.id === first.id)?.scenario_title).toBe('Raise talk, take two');
  });

  it('retries from a learner message: a linked session with the conversation up to it, listed with scores', async () => {
    const stored = await json<PracticeSession>(await call(`/api/user/sessions/view/${first.id}`, free));
    const secondLearnerLine = stored.messages.findIndex((m, i) => m.sender === 'user' && i > 1);
    const res = await call(`/api/user/sessions/${first.id}/attempts`, free, {
      body: { from_index: secondLearnerLine },
    });
    expect(res.status).toBe(201);
    const retry = await json<PracticeSession>(res);
    expect(retry).toMatchObject({
      scenario_id: mine.id,
      status: 'active',
      parent_session_id: first.id,
      branch_from_index: secondLearnerLine,
      tone_preference: 'tough',
    });
    expect(retry.messages).toEqual(stored.messages.slice(0, secondLearnerLine));

    // A retry of the retry belongs to the same conversation.
    const again = await json<PracticeSession>(
      await call(`/api/user/sessions/${retry.id}/attempts`, free, { body: { from_index: 1 } }),
    );
    const attempts = await json<Attempt[]>(await call(`/api/user/sessions/${again.id}/attempts`, free));
    expect(attempts.map((a) => a.id)).toEqual([first.id, retry.id, again.id]);
    expect(attempts[0]!.scores).not.toBeNull();
    expect(attempts[1]).toMatchObject({ parent_session_id: first.id, scores: null });

    // Another user's token: nothing.
    expect((await call(`/api/user/sessions/${first.id}/attempts`, other)).status).toBe(404);
    const foreign = await call(`/api/user/sessions/${first.id}/attempts`, other, { body: { from_index: 1 } });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: 'Session not found' });
  });

  it('refuses a retry from anything but one of the learner’s lines, and counts retries against the free month', async () => {
    const before = (await json<PracticeSession[]>(await call('/api/user/sessions', free))).length;
    for (const body of [
      {},
      { from_index: -1 },
      { from_index: 1.5 },
      { from_index: '1' },
      { from_index: 0 },
      { from_index: 99 },
      { from_index: 1, x: 1 },
    ]) {
      const res = await call(`/api/user/sessions/${first.id}/attempts`, free, { body });
      expect(res.status).toBe(400);
      expect(typeof (await json<{ error: string }>(res)).error).toBe('string');
    }
    expect(
      (await call('/api/user/sessions/not-a-uuid/attempts', free, { body: { from_index: 1 } })).status,
    ).toBe(400);
    expect((await json<PracticeSession[]>(await call('/api/user/sessions', free))).length).toBe(before);

    // A retry that carries the learner's earlier lines is spent as it starts; one from the first line is
    // spent when the learner says it again. So far: the first session and the retry from its second line.
    const used = async () =>
      (
        await json<{ sessions_used: number }>(
          await call(`/api/user/increment-sessions/${free.id}`, free, { method: 'POST' }),
        )
      ).sessions_used;
    expect(await used()).toBe(2);
    const stored = await json<PracticeSession>(await call(`/api/user/sessions/view/${first.id}`, free));
    const secondLearnerLine = stored.messages.findIndex((m, i) => m.sender === 'user' && i > 1);
    const retry = (from_index: number) =>
      call(`/api/user/sessions/${first.id}/attempts`, free, { body: { from_index } });
    const fromTheStart = await json<PracticeSession>(await retry(1));
    expect(await used()).toBe(2);
    await sayLine(system, free.token, fromTheStart, 'Dana, I would like to talk about my pay.');
    expect(await used()).toBe(3);
    for (let n = 3; n < FREE_SESSIONS_PER_MONTH; n++)
      expect((await retry(secondLearnerLine)).status).toBe(201);
    expect(await used()).toBe(FREE_SESSIONS_PER_MONTH);
    const over = await retry(secondLearnerLine);
    expect(over.status).toBe(403);
    expect((await json<{ error: string }>(over)).error).toMatch(/free practice sessions this month/);
  });

  it('answers questions about the feedback from its evidence, streamed, with a turn to retry, and keeps the thread', async () => {
    const ask = (user: TestUser, body: unknown) => call('/api/chat/coach', user, { body });
    const first1 = await ask(free, {
      session_id: first.id,
      messages: [{ sender: 'user', content: 'Why was empathy low?' }],
    });
    expect(first1.status).toBe(200);
    expect(first1.headers.get('content-type')).toContain('text/event-stream');
    const events = await sse(first1);
    expect(events.at(-1)).toEqual({ done: true });
    const answer = events.map((e) => e.content ?? '').join('');
    expect(events.filter((e) => typeof e.content === 'string').length).toBeGreaterThan(5);
    expect(answer).toMatch(/empathy was \d+(\.\d)?\/10/i);
    expect(answer).toMatch(/“[^”]+”/); // quotes the learner
    const retryFrom = events.find((e) => typeof e.retry_from === 'number')?.retry_from as number;
    const stored = await json<PracticeSession>(await call(`/api/user/sessions/view/${first.id}`, free));
    expect(stored.messages[retryFrom]?.sender).toBe('user');

    const thread = [
      { sender: 'user', content: 'Why was empathy low?' },
      { sender: 'coach', content: answer },
      { sender: 'user', content: 'What should I have said at turn 2?' },
    ];
    const second = await sse(await ask(free, { session_id: first.id, messages: thread }));
    const turnTwo = stored.messages.map((m, i) => [m, i] as const).filter(([m]) => m.sender === 'user')[1]!;
    const secondAnswer = second.map((e) => e.content ?? '').join('');
    expect(secondAnswer).toContain('At turn 2 you said');
    expect(secondAnswer).toContain('A stronger way to say it');
    expect(second.find((e) => typeof e.retry_from === 'number')?.retry_from).toBe(turnTwo[1]);

    const saved = await json<Array<{ sender: string; content: string; retry_from: number | null }>>(
      await call(`/api/user/sessions/${first.id}/coach`, free),
    );
    expect(saved.map((e) => e.sender)).toEqual(['user', 'coach', 'user', 'coach']);
    expect(saved[0]!.content).toBe('Why was empathy low?');
    expect(saved[3]!.retry_from).toBe(turnTwo[1]);

    // Another user's token: nothing, and nothing streamed.
    const foreign = await ask(other, {
      session_id: first.id,
      messages: [{ sender: 'user', content: 'Why?' }],
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: 'Session not found' });
    expect((await call(`/api/user/sessions/${first.id}/coach`, other)).status).toBe(404);

    // An open session has no feedback to talk about yet.
    const attempts = await json<Attempt[]>(await call(`/api/user/sessions/${first.id}/attempts`, free));
    const active = attempts.find((a) => a.status === 'active')!;
    const early = await ask(free, {
      session_id: active.id,
      messages: [{ sender: 'user', content: 'How did I do?' }],
    });
    expect(early.status).toBe(409);

    // Bad input: a clear 400, and the thread unchanged.
    for (const body of [
      {},
      { session_id: first.id },
      { session_id: first.id, messages: [] },
      { session_id: 'nope', messages: [{ sender: 'user', content: 'Why?' }] },
      { session_id: first.id, messages: [{ sender: 'coach', content: 'I answer myself' }] },
      { session_id: first.id, messages: [{ sender: 'robot', content: 'Why?' }] },
      { session_id: first.id, messages: [{ sender: 'user', content: 'x'.repeat(1001) }] },
      { session_id: first.id, messages: [{ sender: 'user', content: '   ' }] },
      { session_id: first.id, messages: [{ sender: 'user', content: 'Why?' }], extra: 1 },
    ]) {
      const res = await ask(free, body);
      expect(res.status).toBe(400);
      expect(typeof (await json<{ error: string }>(res)).error).toBe('string');
    }
    expect(await json<unknown[]>(await call(`/api/user/sessions/${first.id}/coach`, free))).toHaveLength(4);
  });

  it('keeps past sessions readable when their custom scenario is deleted', async () => {
    expect((await call(`/api/user/scenarios/custom/${mine.id}`, free, { method: 'DELETE' })).status).toBe(
      200,
    );
    const replay = await call(`/api/user/sessions/view/${first.id}`, free);
    expect(replay.status).toBe(200);
    const history = await json<Array<{ id: string; scenario_title: string }>>(
      await call('/api/user/sessions', free),
    );
    expect(history.find((s) => s.id === first.id)?.scenario_title).toBe('Raise talk, take two');
    expect((await call(`/api/user/scenarios/${mine.id}`, free)).status).toBe(404);
  });
});

describe('own scenarios and the coach with an OpenAI-compatible provider', () => {
  const REPLY =
    'Your empathy was low at [1] “Can we talk about my pay?”: ask how they see it. Try again from [1]';
  let fake: ModelServerDouble;
  let user: TestUser;

  beforeAll(async () => {
    fake = await startModelServerDouble('openai', { chunkDelayMs: 5 }, { reply: REPLY });
    system = await startSystem({
      label: 'ownmodel',
      env: {
        coaching: { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'test-key' },
        gateway: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' },
      },
    });
    user = await createTestUser(system);
  }, 180_000);

  afterAll(async () => {
    await system?.stop();
    await fake?.close();
  });

  it('drafts with the model, keeping the catalogue scenarios it was shown', async () => {
    const draft = await json<ScenarioDraft>(
      await call('/api/user/scenarios/custom/draft', user, { body: { description: RAISE.description } }),
    );
    expect(draft).toMatchObject({
      source: 'model',
      persona: DRAFT_ANSWER.persona,
      learnerObjectives: DRAFT_ANSWER.learnerObjectives,
      tags: DRAFT_ANSWER.tags,
    });
    expect(draft.basedOn).toHaveLength(3);
    const asked = fake.chatBodies().find((b) => b.response_format?.json_schema?.name === 'scenario_draft');
    expect(asked?.messages.at(-1)?.content).toContain(RAISE.description);
  });

  it('streams the model’s answer about the feedback and takes the learner line it names as the retry', async () => {
    const scenario = await json<CustomScenario>(
      await call('/api/user/scenarios/custom', user, { body: RAISE }),
    );
    const session = await practise(system, user.token, scenario.id, ['Can we talk about my pay?']);
    await call('/api/user/feedback', user, { body: { session_id: session.id } });
    const events = await sse(
      await call('/api/chat/coach', user, {
        body: { session_id: session.id, messages: [{ sender: 'user', content: 'Why was empathy low?' }] },
      }),
    );
    expect(events.map((e) => e.content ?? '').join('')).toBe(REPLY);
    expect(events.find((e) => 'retry_from' in e)).toEqual({ retry_from: 1 });
    const coachCall = fake.chatBodies().at(-1)!;
    expect(coachCall.messages[0]!.content).toContain('[1] learner: Can we talk about my pay?');
    expect(coachCall.messages[0]!.content).toContain(RAISE.learnerObjectives[0]);
  });
});
