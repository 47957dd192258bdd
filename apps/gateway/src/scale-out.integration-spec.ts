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
 * Two gateway processes in front of the same services (issue 17, scale out; issue 30): a client's rate
 * limit is one limit whichever gateway it reaches, even for a burst sent to both at once, and a sign-out through one gateway is refused at once by the
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
      env: { gateway: { RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: '1' } },
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

  it("holds a client's rate limit across the gateways: a parallel burst over both gets the limit, no more", async () => {
    const from = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    // Every request at once, half to each gateway: no sync period passes between them.
    const BURST = 4 * LIMIT;
    const statuses = await Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        const gateway = i % 2 === 0 ? ('a' as const) : ('b' as const);
        const base = gateway === 'a' ? system.baseUrl : secondUrl;
        const res = await fetch(`${base}/api/user/scenarios`, { headers: { 'x-forwarded-for': from } });
        await res.arrayBuffer();
        return { gateway, status: res.status };
      }),
    );
    const allowed = statuses.filter((s) => s.status !== 429).length;
    const perGateway = (g: 'a' | 'b') => statuses.filter((s) => s.gateway === g && s.status !== 429).length;
    // The figure issue 30 asks for, printed with every run.
    console.log(
      `cross-replica burst: ${BURST} parallel requests over 2 gateways, limit ${LIMIT}: ${allowed} allowed ` +
        `(a ${perGateway('a')}, b ${perGateway('b')}); stated slack 0 (ADR 0031)`,
    );
    // Each gateway alone would allow LIMIT (2 × LIMIT in all); leases reserved in Redis allow the limit
    // at most. A lease held by one gateway may leave the other short by at most one lease (1 hit here).
    expect(allowed).toBeLessThanOrEqual(LIMIT);
    expect(allowed).toBeGreaterThanOrEqual(LIMIT - 1);
    // And the client stays refused on both.
    for (const base of [system.baseUrl, secondUrl])
      expect(
        (await fetch(`${base}/api/user/scenarios`, { headers: { 'x-forwarded-for': from } })).status,
      ).toBe(429);
  });

  it('takes the client address one proxy hop from the end: an address the client wrote itself is not its own', async () => {
    const from = `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 5; i++) {
      // What the client sends first (a fresh address each time) and what the one proxy appends.
      const spoofed = `192.0.2.${i % 250}`;
      const res = await fetch(`${system.baseUrl}/api/user/scenarios`, {
        headers: { 'x-forwarded-for': `${spoofed}, ${from}` },
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s !== 429)).toHaveLength(LIMIT);
    expect(statuses.at(-1)).toBe(429);
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
