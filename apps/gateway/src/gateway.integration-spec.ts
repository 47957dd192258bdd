import { generateKeyPairSync, randomUUID, createPrivateKey, createPublicKey } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, SignJWT } from 'jose';
import { SERVICE_NAMES, type SystemHealth } from '@parley/contracts';
import { runOnce, startSystem, uniqueSuffix, waitFor, type TestSystem } from '@parley/server-testing';

/** The gateway and all five services as real processes against the real servers (see startSystem). */
let system: TestSystem;
// Rate limits are per client address and live in Redis across runs: each run is a client of its own.
const clientIp = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${system.baseUrl}${path}`, {
    ...init,
    headers: { 'x-forwarded-for': clientIp, ...(init.headers as Record<string, string>) },
  });
}

async function token(
  sub: string,
  overrides: { alg?: string; expiresIn?: string; key?: string; kid?: string } = {},
): Promise<string> {
  const jwk = await exportJWK(createPublicKey(system.jwtPrivateKey));
  const kid = overrides.kid ?? (await calculateJwkThumbprint(jwk));
  return new SignJWT({ email: 'someone@example.com', role: 'authenticated' })
    .setProtectedHeader({ alg: overrides.alg ?? 'ES256', kid })
    .setSubject(sub)
    .setIssuer('parley')
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime(overrides.expiresIn ?? '10m')
    .sign(createPrivateKey(overrides.key ?? system.jwtPrivateKey));
}

describe('gateway in front of the running services', () => {
  beforeAll(async () => {
    system = await startSystem({
      label: 'gw',
      env: { gateway: { RATE_LIMIT_PER_MINUTE: '40', TRUST_PROXY: 'true', BODY_LIMIT_BYTES: '65536' } },
    });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  });

  async function insertUser(): Promise<string> {
    const id = randomUUID();
    await system.sql('identity', `INSERT INTO users (id, email, full_name) VALUES ($1, $2, $3)`, [
      id,
      `u-${uniqueSuffix()}@example.com`,
      'Ada Lovelace',
    ]);
    return id;
  }

  it('reports every service and its database, Redis and Kafka as up', async () => {
    const res = await api(`/api/health`);
    const body = (await res.json()) as SystemHealth;
    expect(res.status).toBe(200);
    expect(body.status).toBe('up');
    for (const name of SERVICE_NAMES) {
      expect(body.services[name]?.status).toBe('up');
      expect(Object.keys(body.services[name]?.checks ?? {})).toEqual(
        expect.arrayContaining(['database', 'kafka', 'redis']),
      );
    }
  });

  it('keeps its own liveness, readiness and metrics open to probes without a token', async () => {
    for (const path of ['/health/live', '/health/ready', '/metrics'])
      expect((await api(path)).status).toBe(200);
    // Liveness is answered by Fastify itself, with the headers every answer carries.
    const live = await api('/health/live', { headers: { 'x-request-id': 'probe-1' } });
    expect(await live.json()).toEqual({ status: 'up' });
    expect(live.headers.get('content-type')).toMatch(/^application\/json/);
    expect(live.headers.get('x-request-id')).toBe('probe-1');
    expect(live.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers a protected route without a token with 401 and the spec text', async () => {
    const res = await api(`/auth/v1/user`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'User is not authenticated' });
  });

  it('returns the signed-in user through the identity service, with the request id passed through', async () => {
    const id = await insertUser();
    const requestId = `test-${uniqueSuffix()}`;
    const res = await api(`/auth/v1/user`, {
      headers: { authorization: `Bearer ${await token(id)}`, 'x-request-id': requestId },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const user = (await res.json()) as { id: string; user_metadata: { full_name: string } };
    expect(user.id).toBe(id);
    expect(user.user_metadata.full_name).toBe('Ada Lovelace');
    // The RPC hop logged under the same request id in the identity service.
    await waitFor(() => system.app('identity').output().includes(`"requestId":"${requestId}"`), 5000);
  });

  it('refuses tokens that are expired, signed with another key, or with another algorithm', async () => {
    const id = await insertUser();
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const hs256 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .setIssuer('parley')
      .setAudience('authenticated')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    for (const bad of [
      await token(id, { expiresIn: '-1m' }),
      await token(id, { key: other }),
      hs256,
      'not-a-jwt',
    ]) {
      const res = await api(`/auth/v1/user`, { headers: { authorization: `Bearer ${bad}` } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'User is not authenticated' });
    }
  });

  it('answers a token for a user that does not exist with 404, never another user', async () => {
    const res = await api(`/auth/v1/user`, {
      headers: { authorization: `Bearer ${await token(randomUUID())}` },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });

  it('answers malformed JSON with 400 and an oversized body with 413, in the error shape', async () => {
    const malformed = await api(`/auth/v1/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'Request body is not valid JSON' });
    const big = await api(`/auth/v1/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 'x'.repeat(70_000) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: 'Request body is too large' });
  });

  it('takes a JSON content type with zero bytes as no body, not as malformed JSON', async () => {
    const id = await insertUser();
    const auth = { authorization: `Bearer ${await token(id)}`, 'content-type': 'application/json' };
    const empty = (method: string, path: string) => api(path, { method, headers: auth, body: '' });
    // Routes that take no body answer as they would without the header.
    expect((await empty('POST', `/api/user/increment-sessions/${id}`)).status).toBe(200);
    const missing = await empty('DELETE', `/api/user/sessions/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Session not found' });
    // A route that needs a body says which field is missing.
    const profile = await empty('POST', `/api/user/profile`);
    expect(profile.status).toBe(400);
    expect(await profile.json()).toEqual({ error: 'communication_goals: is required' });
    // The Supabase client's signOut(): POST /auth/v1/logout?scope=global, JSON content type, no body.
    expect((await empty('POST', `/auth/v1/logout?scope=global`)).status).toBe(204);
  });

  it('answers unknown API paths with JSON 404 and client routes with the web app', async () => {
    const unknown = await api(`/api/no-such-thing`, {
      headers: { authorization: `Bearer ${await token(randomUUID())}` },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Not found' });
    const page = await api(`/session/view/123`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('serves the web build pre-compressed to clients that accept it, and only large JSON answers compressed', async () => {
    const html = await (await api(`/`, { headers: { 'accept-encoding': 'identity' } })).text();
    const script = html.match(/<script[^>]+src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    // undici's fetch decodes the body it received: the same bytes whichever encoding went over the wire.
    const identity = await api(script!, { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const br = await api(script!, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await br.text()).toBe(await identity.text());
    const page = await api(`/`, { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const health = await api(`/api/health`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers.get('content-encoding')).toBeNull();
    expect(health.headers.get('content-type')).toMatch(/^application\/json/);
    // The catalogue (about 90 KB of JSON) goes out in Brotli, or as it is to a client that takes neither.
    const authorization = `Bearer ${await token(randomUUID())}`;
    const catalogue = await api(`/api/user/scenarios`, {
      headers: { authorization, 'accept-encoding': 'gzip, br' },
    });
    expect(catalogue.status).toBe(200);
    expect(catalogue.headers.get('content-encoding')).toBe('br');
    expect(catalogue.headers.get('vary')).toMatch(/accept-encoding/i);
    const plain = await api(`/api/user/scenarios`, {
      headers: { authorization, 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await catalogue.json()).toEqual(await plain.json());
  });

  it('sends security headers and no stack traces', async () => {
    const res = await api(`/api/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await api(`/api/docs/openapi.json`);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/auth/v1/user']));
    expect((await api(`/api/docs`)).headers.get('content-type')).toContain('text/html');
  });

  it('rate limits per client with 429 in the error shape', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++) statuses.push((await api(`/auth/v1/user`)).status);
    expect(statuses).toContain(429);
    const limited = await api(`/auth/v1/user`);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: 'Too many requests, please try again later' });
  });

  it('stops a service whose configuration is missing or malformed, naming each variable', async () => {
    const { code, output } = await runOnce(
      'sessions',
      { REDIS_URL: 'http://not-redis', KAFKA_BROKERS: '127.0.0.1:9092' },
      'main',
    );
    expect(code).toBe(78);
    expect(output).toContain('DATABASE_URL is missing');
    expect(output).toContain('REDIS_URL is malformed');
  });
});
