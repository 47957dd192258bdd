import { hash as argon2 } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import {
  freePorts,
  startApp,
  startSystem,
  uniqueSuffix,
  waitFor,
  type RunningApp,
  type TestSystem,
} from '@parley/server-testing';

/**
 * Two gateway processes in front of the same services (issue 17, scale out): a client's rate limit is
 * one limit whichever gateway it reaches, and a sign-out through one gateway is refused at once by the
 * other, which had already verified (and remembered) the same access token.
 */
describe('two gateways', () => {
  let system: TestSystem;
  let second: RunningApp;
  let secondUrl: string;
  const LIMIT = 30;

  beforeAll(async () => {
    system = await startSystem({
      label: 'scaleout',
      env: { gateway: { RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: 'true' } },
    });
    const [port] = await freePorts(1);
    secondUrl = `http://127.0.0.1:${port}`;
    second = startApp('gateway', { ...system.gatewayEnv, PORT: String(port) });
    await waitFor(
      async () => (await fetch(`${secondUrl}/health/live`).catch(() => null))?.ok === true,
      60_000,
    );
  }, 150_000);

  afterAll(async () => {
    await second?.stop();
    await system?.stop();
  });

  it("shares a client's rate limit: both gateways refuse it once the two together reach the limit", async () => {
    const from = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: Array<{ gateway: 'a' | 'b'; status: number }> = [];
    for (let i = 0; i < 2 * LIMIT; i++) {
      const gateway = i % 2 === 0 ? 'a' : 'b';
      const base = gateway === 'a' ? system.baseUrl : secondUrl;
      const res = await fetch(`${base}/api/user/scenarios`, { headers: { 'x-forwarded-for': from } });
      statuses.push({ gateway, status: res.status });
      // A person's pace, not a flood: the gateways sync their counts every 100 ms.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const allowed = statuses.filter((s) => s.status !== 429).length;
    // Each gateway alone would allow LIMIT (60 in all); together they allow the limit, give or take what
    // one sync period lets through.
    expect(allowed).toBeGreaterThanOrEqual(LIMIT);
    expect(allowed).toBeLessThanOrEqual(LIMIT + 6);
    for (const gateway of ['a', 'b'] as const)
      expect(statuses.filter((s) => s.gateway === gateway).at(-1)!.status).toBe(429);
  });

  it('refuses a signed-out session at once on the other gateway', async () => {
    const email = `scale-${uniqueSuffix()}@example.com`;
    const password = 'Parley-scale-out-Passw0rd!';
    const id = randomUUID();
    await system.sql(
      'identity',
      `INSERT INTO users (id, email, full_name, email_confirmed_at) VALUES ($1, $2, 'Ada', now())`,
      [id, email],
    );
    await system.sql('identity', `INSERT INTO credentials (user_id, password_hash) VALUES ($1, $2)`, [
      id,
      await argon2(password),
    ]);
    const from = `10.78.${Math.floor(Math.random() * 250)}.1`;
    const call = (base: string, path: string, token: string, method = 'GET') =>
      fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': from },
      });
    const signIn = await fetch(`${system.baseUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
    const { access_token: token } = (await signIn.json()) as { access_token: string };

    // Both gateways verify the token (and remember it).
    expect((await call(system.baseUrl, '/auth/v1/user', token)).status).toBe(200);
    expect((await call(secondUrl, '/auth/v1/user', token)).status).toBe(200);

    expect((await call(system.baseUrl, '/auth/v1/logout', token, 'POST')).status).toBe(204);
    const after = await call(secondUrl, '/auth/v1/user', token);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: 'User is not authenticated' });
    expect((await call(system.baseUrl, '/auth/v1/user', token)).status).toBe(401);
  });
});
