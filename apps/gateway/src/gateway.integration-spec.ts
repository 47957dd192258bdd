import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, SignJWT } from 'jose';
import { createPublicKey, createPrivateKey } from 'node:crypto';
import { Client } from 'pg';
import { SERVICE_NAMES, type SystemHealth } from '@parley/contracts';
import {
  createTestSchema,
  ensureTestDatabase,
  runOnce,
  startApp,
  testEnv,
  uniqueSuffix,
  uniqueTopicPrefix,
  waitFor,
  type RunningApp,
  type TestSchema,
} from '@parley/server-testing';

/**
 * The gateway and all five services as real processes (built output), against the real PostgreSQL,
 * Redis and Kafka, on ports of their own so a running `npm start` is not disturbed.
 */
const BASE_PORT = 3300 + Math.floor(Math.random() * 50) * 10;
const ports = Object.fromEntries(
  SERVICE_NAMES.map((name, i) => [name, { http: BASE_PORT + i + 1, rpc: BASE_PORT + 500 + i + 1 }]),
);
const gatewayPort = BASE_PORT;
const base = `http://127.0.0.1:${gatewayPort}`;
// Rate limits are per client address and live in Redis across runs: each run is a client of its own.
const clientIp = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${base}${path}`, {
    ...init,
    headers: { 'x-forwarded-for': clientIp, ...(init.headers as Record<string, string>) },
  });
}

const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

async function token(
  sub: string,
  overrides: { alg?: string; expiresIn?: string; key?: string; kid?: string } = {},
): Promise<string> {
  const jwk = await exportJWK(createPublicKey(privatePem));
  const kid = overrides.kid ?? (await calculateJwkThumbprint(jwk));
  return new SignJWT({ email: 'someone@example.com', role: 'authenticated' })
    .setProtectedHeader({ alg: overrides.alg ?? 'ES256', kid })
    .setSubject(sub)
    .setIssuer('parley')
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime(overrides.expiresIn ?? '10m')
    .sign(overrides.key ? createPrivateKey(overrides.key) : createPrivateKey(privatePem));
}

describe('gateway in front of the running services', () => {
  const apps: RunningApp[] = [];
  const schemas: TestSchema[] = [];
  let identitySchema = '';

  beforeAll(async () => {
    await ensureTestDatabase();
    const prefix = uniqueTopicPrefix('gateway');
    const common = {
      DATABASE_URL: testEnv.databaseUrl,
      REDIS_URL: testEnv.redisUrl,
      KAFKA_BROKERS: testEnv.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: prefix,
      LOG_LEVEL: 'info',
      HTTP_HOST: '127.0.0.1',
      RPC_HOST: '127.0.0.1',
      JWT_PRIVATE_KEY: privatePem,
    };
    for (const name of SERVICE_NAMES) {
      const schema = await createTestSchema(`gw_${name}`);
      schemas.push(schema);
      if (name === 'identity') identitySchema = schema.name;
      const env = {
        ...common,
        DATABASE_SCHEMA: schema.name,
        HTTP_PORT: String(ports[name]!.http),
        RPC_PORT: String(ports[name]!.rpc),
      };
      const migrated = await runOnce(name, env, 'migrate');
      expect(migrated.code).toBe(0);
      apps.push(startApp(name, env));
    }
    apps.push(
      startApp('gateway', {
        REDIS_URL: testEnv.redisUrl,
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        RATE_LIMIT_PER_MINUTE: '40',
        TRUST_PROXY: 'true',
        BODY_LIMIT_BYTES: '65536',
        JWKS_URL: `http://127.0.0.1:${ports.identity!.http}/.well-known/jwks.json`,
        ...Object.fromEntries(
          SERVICE_NAMES.map((n) => [`${n.toUpperCase()}_RPC_URL`, `tcp://127.0.0.1:${ports[n]!.rpc}`]),
        ),
        WEB_DIST_DIR: 'dist/apps/web',
      }),
    );
    await waitFor(async () => (await api(`/api/health`)).status === 200, 60_000, 250).catch(
      (error: unknown) => {
        throw new Error(
          `${String(error)}\n${apps.map((a) => `--- ${a.name}\n${a.output().slice(-2000)}`).join('\n')}`,
        );
      },
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await Promise.all(schemas.map((s) => s.drop()));
  });

  async function insertUser(): Promise<string> {
    const id = randomUUID();
    const client = new Client({ connectionString: testEnv.databaseUrl });
    await client.connect();
    await client.query(`INSERT INTO "${identitySchema}".users (id, email, full_name) VALUES ($1, $2, $3)`, [
      id,
      `u-${uniqueSuffix()}@example.com`,
      'Ada Lovelace',
    ]);
    await client.end();
    return id;
  }

  it('reports every service and its database, Redis and Kafka as up', async () => {
    const res = await api(`/api/health`);
    const body = (await res.json()) as SystemHealth;
    expect(res.status).toBe(200);
    expect(body.status).toBe('up');
    for (const name of SERVICE_NAMES) {
      expect(body.services[name]?.status).toBe('up');
      expect(Object.keys(body.services[name]?.checks ?? {}).sort()).toEqual(['database', 'kafka', 'redis']);
    }
  });

  it('keeps its own liveness, readiness and metrics open to probes without a token', async () => {
    for (const path of ['/health/live', '/health/ready', '/metrics'])
      expect((await api(path)).status).toBe(200);
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
    await waitFor(
      () =>
        apps
          .find((a) => a.name === 'identity')!
          .output()
          .includes(`"requestId":"${requestId}"`),
      5000,
    );
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
