import { randomUUID } from 'node:crypto';
import {
  MAX_MESSAGES_PER_SESSION,
  type PracticeSession,
  type Scenario,
  type StoredFeedback,
} from '@parley/contracts';
import {
  apiCall,
  createTestUser,
  practise,
  startSystem,
  type TestSystem,
  type TestUser,
} from '@parley/server-testing';

/**
 * GET /api/user/feedback/{sessionId}: the conversation replay reads a session's stored feedback. Gateway,
 * sessions, coaching (builtin provider) and PostgreSQL are real.
 */
let system: TestSystem;
let owner: TestUser;
let other: TestUser;
let scenario: Scenario;

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function startSession(user: TestUser): Promise<PracticeSession> {
  return practise(
    system,
    user.token,
    scenario.id,
    [
      'I would like to discuss my role. Since I took over the on-call rota, incidents fell by a third, and I would like that reflected in my title.',
    ],
    { tone: 'friendly', startOver: true },
  );
}

beforeAll(async () => {
  system = await startSystem({
    label: 'feedback',
    env: { gateway: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' } },
  });
  owner = await createTestUser(system, { plan: 'premium' });
  other = await createTestUser(system, { plan: 'premium' });
  const list = await json<Scenario[]>(await apiCall(system, '/api/user/scenarios', { token: owner.token }));
  scenario = list.find((s) => !s.premium)!;
}, 120_000);

afterAll(() => system?.stop());

describe('GET /api/user/feedback/{sessionId}', () => {
  it('answers 404 "Feedback not found" before the session is completed', async () => {
    const session = await startSession(owner);
    const res = await apiCall(system, `/api/user/feedback/${session.id}`, { token: owner.token });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Feedback not found' });
  });

  it('gives the owner the feedback stored when the session was completed', async () => {
    const session = await startSession(owner);
    const completed = await apiCall(system, '/api/user/feedback', {
      token: owner.token,
      body: { session_id: session.id, scenario_id: scenario.id },
    });
    expect(completed.status).toBe(200);
    const stored = await json<StoredFeedback>(completed);

    const res = await apiCall(system, `/api/user/feedback/${session.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    const feedback = await json<StoredFeedback>(res);
    expect(feedback).toEqual(stored);
    expect(feedback).toMatchObject({ session_id: session.id, scenario_id: scenario.id });
    for (const score of [feedback.clarity, feedback.empathy, feedback.persuasion]) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(10);
    }
    expect(Array.isArray(feedback.strengths)).toBe(true);
    expect(Array.isArray(feedback.suggestions)).toBe(true);
  }, 30_000);

  it("never gives another user's feedback: their session answers the same 404", async () => {
    const session = await startSession(owner);
    expect(
      (
        await apiCall(system, '/api/user/feedback', {
          token: owner.token,
          body: { session_id: session.id },
        })
      ).status,
    ).toBe(200);

    const res = await apiCall(system, `/api/user/feedback/${session.id}`, { token: other.token });
    expect(res.status).toBe(404);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ error: 'Feedback not found' });
    expect(body).not.toContain(owner.id);
    // An id nobody owns looks the same.
    expect((await apiCall(system, `/api/user/feedback/${randomUUID()}`, { token: owner.token })).status).toBe(
      404,
    );
  }, 30_000);

  it('completes a session as long as a session may be: one message cap everywhere', async () => {
    const session = await startSession(owner);
    // The rest of the longest transcript a session may hold, written as the server would have stored it
    // (after the opening, the learner's line and the partner's reply: a line, then its answer, in turn).
    const stored = session.messages.length;
    const rest = MAX_MESSAGES_PER_SESSION - stored;
    await system.sql(
      'sessions',
      `INSERT INTO session_messages (session_id, seq, sender, content)
       SELECT $1, ${stored} + i, CASE WHEN i % 2 = 1 THEN 'ai' ELSE 'user' END,
              CASE WHEN i % 2 = 1 THEN 'And what would that change for the team?'
                   ELSE 'It would make the rota official, and I would keep the incident count falling.' END
       FROM generate_series(0, $2::int - 1) AS i`,
      [session.id, rest],
    );
    await system.sql('sessions', `UPDATE practice_sessions SET message_count = $2 WHERE id = $1`, [
      session.id,
      MAX_MESSAGES_PER_SESSION,
    ]);
    const full = await json<PracticeSession>(
      await apiCall(system, `/api/user/sessions/view/${session.id}`, { token: owner.token }),
    );
    expect(full.messages).toHaveLength(MAX_MESSAGES_PER_SESSION);

    const completed = await apiCall(system, '/api/user/feedback', {
      token: owner.token,
      body: { session_id: session.id },
    });
    expect(completed.status).toBe(200);
    expect(await json<StoredFeedback>(completed)).toMatchObject({ session_id: session.id });
    const [row] = await system.sql<{ status: string }>(
      'sessions',
      `SELECT status FROM practice_sessions WHERE id = $1`,
      [session.id],
    );
    expect(row!.status).toBe('completed');
  }, 60_000);

  it('rejects an id that is not a uuid with 400, and a caller without a token with 401', async () => {
    const bad = await apiCall(system, '/api/user/feedback/not-a-session', { token: owner.token });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'sessionId must be a session id (uuid)' });
    expect((await apiCall(system, `/api/user/feedback/${randomUUID()}`)).status).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await apiCall(system, '/api/docs/openapi.json'),
    );
    expect(Object.keys(doc.paths['/api/user/feedback/{sessionId}'] ?? {})).toEqual(['get']);
  });
});
