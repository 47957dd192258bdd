import { SERVICE_NAMES, type AuthSession, type Scenario } from '@parley/contracts';
import {
  apiCall,
  createTestUser,
  linkIn,
  practise,
  startSystem,
  type TestSystem,
  uniqueSuffix,
  waitFor,
  waitForMail,
} from '@parley/server-testing';

/**
 * "Delete everything about me": a person signs up and uses every service, then deletes the account.
 * Afterwards no row that names them remains in any service's schema (identity at once; the others when
 * they consume user-deleted), their leaderboard entries are gone and their tokens stop working.
 */
let system: TestSystem;

async function json<T>(res: Response): Promise<T> {
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Every row in a service's schema that carries the user's id, table by table (tombstones excepted). */
async function rowsNaming(
  service: (typeof SERVICE_NAMES)[number],
  userId: string,
): Promise<Record<string, number>> {
  const columns = await system.sql<{ table_name: string; column_name: string }>(
    service,
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name IN ('user_id', 'id', 'key') AND table_name <> 'deleted_users'`,
  );
  const found: Record<string, number> = {};
  for (const { table_name, column_name } of columns) {
    const rows = await system.sql<{ n: string }>(
      service,
      `SELECT count(*) AS n FROM "${table_name}" WHERE "${column_name}"::text = $1`,
      [userId],
    );
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) found[`${table_name}.${column_name}`] = n;
  }
  return found;
}

describe('account deletion across every service', () => {
  beforeAll(async () => {
    system = await startSystem({
      label: 'erase',
      env: { gateway: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' } },
    });
  }, 120_000);

  afterAll(() => system?.stop());

  it('leaves no row of the person anywhere once every service has consumed user-deleted', async () => {
    const email = `erase-${uniqueSuffix()}@example.com`;
    await json(
      await apiCall(system, '/auth/v1/signup', {
        body: { email, password: 'violet harbour lantern', data: { full_name: 'Erin Erase' } },
      }),
    );
    const link = linkIn(await waitForMail(email), `${system.baseUrl}/auth/v1/verify?`);
    await fetch(link, { redirect: 'manual' });
    const session = await json<AuthSession>(
      await apiCall(system, '/auth/v1/token?grant_type=password', {
        body: { email, password: 'violet harbour lantern' },
      }),
    );
    const token = session.access_token;
    const userId = session.user.id;

    // Identity: onboarding and settings.
    await json(
      await apiCall(system, '/api/user/profile', {
        token,
        body: {
          full_name: 'Erin Erase',
          communication_goals: ['Giving Feedback'],
          tone_preference: 'neutral',
          experience_level: 'beginner',
          avatar_style: 'neutral',
          language: 'en',
        },
      }),
    );
    await json(await apiCall(system, '/api/user/settings?timezone=Europe/Paris', { token }));
    // Sessions and coaching: a practice, completed with feedback, which gamification turns into XP.
    const scenario = (await json<Scenario[]>(await apiCall(system, '/api/user/scenarios', { token }))).find(
      (s) => !s.locked,
    )!;
    const practice = await practise(system, token, scenario.id, [
      'Yes. I want to agree a clear deadline with you by Friday.',
    ]);
    await json(
      await apiCall(system, '/api/chat/post-session-feedback', { token, body: { session_id: practice.id } }),
    );
    await waitFor(
      async () =>
        ((await json<{ xp: number }>(await apiCall(system, '/api/gamification/summary', { token }))).xp ??
          0) > 0,
      30_000,
    );

    for (const service of ['identity', 'sessions', 'gamification'] as const) {
      expect(Object.keys(await rowsNaming(service, userId)).length).toBeGreaterThan(0);
    }

    expect((await apiCall(system, `/api/user/${userId}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await apiCall(system, '/auth/v1/user', { token })).status).toBe(401);

    // Identity keeps only the user-deleted event until the relay has published it.
    await waitFor(
      async () => Object.keys(await rowsNaming('identity', userId)).every((k) => k === 'outbox.key'),
      10_000,
    );
    const pending = await system.sql<{ type: string }>('identity', `SELECT type FROM outbox WHERE key = $1`, [
      userId,
    ]);
    expect(pending.map((p) => p.type).every((t) => t === 'identity.user-deleted')).toBe(true);
    for (const service of SERVICE_NAMES.filter((s) => s !== 'identity')) {
      await waitFor(async () => Object.keys(await rowsNaming(service, userId)).length === 0, 30_000).catch(
        async (error: unknown) => {
          throw new Error(
            `${service} still has ${JSON.stringify(await rowsNaming(service, userId))}: ${String(error)}`,
          );
        },
      );
    }
    const someoneElse = await createTestUser(system);
    const board = await json<{ leaderboard: Array<{ id: string }> }>(
      await apiCall(system, '/api/gamification/summary', { token: someoneElse.token }),
    );
    expect(board.leaderboard.map((r) => r.id)).not.toContain(userId);
  });
});
