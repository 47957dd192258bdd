import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { AUTH_ERRORS, revokedSessionKey, type AuthSession } from '@parley/contracts';
import {
  apiCall,
  freePorts,
  linkIn,
  startSystem,
  uniqueSuffix,
  waitFor,
  waitForMail,
  type TestSystem,
} from '@parley/server-testing';

/**
 * Revocation cannot fail silently (ADR 0027). Identity and the gateway share a Redis of this test's own,
 * a real redis-server on a free port, in which identity signs in as an ACL user. The test takes that
 * user's write rights away: Redis then answers every revocation write with NOPERM, and sign-out, password
 * change, account deletion and refresh-token reuse must answer an error and change nothing.
 */
let system: TestSystem;
let redisServer: ChildProcess;
let admin: Redis;
let dir: string;
const PASSWORD = 'marmalade skyline 42';
const IDENTITY_REDIS_PASSWORD = `identity-${uniqueSuffix()}`;

const call = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  apiCall(system, path, init);

async function signIn(email: string, password = PASSWORD): Promise<AuthSession> {
  const res = await call('/auth/v1/token?grant_type=password', { body: { email, password } });
  expect(res.status).toBe(200);
  return (await res.json()) as AuthSession;
}

/** A confirmed account with two sessions (two refresh-token families). */
async function userWithTwoSessions(): Promise<{ email: string; first: AuthSession; second: AuthSession }> {
  const email = `rv-${uniqueSuffix()}@example.com`;
  expect((await call('/auth/v1/signup', { body: { email, password: PASSWORD } })).status).toBe(200);
  const link = linkIn(await waitForMail(email), `${system.baseUrl}/auth/v1/verify?`);
  expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
  return { email, first: await signIn(email), second: await signIn(email) };
}

/** Identity's ACL user may read but no longer write: every revocation write is refused. */
async function refuseIdentityWrites(): Promise<void> {
  await admin.call('ACL', 'SETUSER', 'identity', '-@all', '+@read', '+@connection', '+ping');
}

async function allowIdentityWrites(): Promise<void> {
  await admin.call('ACL', 'SETUSER', 'identity', '+@all');
}

async function revokedFamilies(userId: string): Promise<number> {
  const rows = await system.sql<{ n: string }>(
    'identity',
    `SELECT count(DISTINCT family_id) AS n FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NOT NULL`,
    [userId],
  );
  return Number(rows[0]!.n);
}

async function stillWorks(session: AuthSession): Promise<boolean> {
  return (await call('/auth/v1/user', { token: session.access_token })).status === 200;
}

function sessionIdOf(session: AuthSession): string {
  const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as {
    session_id: string;
  };
  return claims.session_id;
}

describe('revocation against a Redis that refuses the writes', () => {
  beforeAll(async () => {
    const [port] = await freePorts(1);
    dir = mkdtempSync(join(tmpdir(), 'parley-refusing-redis-'));
    const config = join(dir, 'redis.conf');
    writeFileSync(
      config,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        'save ""',
        'appendonly no',
        'user default on nopass ~* &* +@all',
        `user identity on >${IDENTITY_REDIS_PASSWORD} ~* &* +@all`,
      ].join('\n'),
    );
    redisServer = spawn('redis-server', [config], { stdio: 'ignore' });
    admin = new Redis({ port: port!, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 1 });
    await waitFor(async () => (await admin.ping()) === 'PONG', 10_000, 100);
    const shared = `redis://127.0.0.1:${port}`;
    system = await startSystem({
      label: 'revocation',
      env: {
        identity: { REDIS_URL: `redis://identity:${IDENTITY_REDIS_PASSWORD}@127.0.0.1:${port}` },
        gateway: { REDIS_URL: shared, TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' },
      },
    });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    admin?.disconnect();
    redisServer?.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  afterEach(async () => {
    await allowIdentityWrites();
  });

  it('answers sign-out with an error and keeps every session as it was; signs out once Redis accepts', async () => {
    const { first, second } = await userWithTwoSessions();
    await refuseIdentityWrites();
    const refused = await call('/auth/v1/logout', { method: 'POST', token: first.access_token });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: AUTH_ERRORS.revocationFailed });
    // Nothing changed: no refresh token revoked, both access tokens still valid, no half-done revocation.
    expect(await revokedFamilies(first.user.id)).toBe(0);
    expect(await stillWorks(first)).toBe(true);
    expect(await stillWorks(second)).toBe(true);
    expect(await admin.exists(revokedSessionKey(sessionIdOf(first)))).toBe(0);

    await allowIdentityWrites();
    expect((await call('/auth/v1/logout', { method: 'POST', token: first.access_token })).status).toBe(204);
    expect(await stillWorks(first)).toBe(false);
    expect(await stillWorks(second)).toBe(false);
    expect(await admin.exists(revokedSessionKey(sessionIdOf(second)))).toBe(1);
  });

  it('answers a password change with an error and keeps the old password and the other sessions', async () => {
    const { email, first, second } = await userWithTwoSessions();
    const [before] = await system.sql<{ password_hash: string }>(
      'identity',
      `SELECT password_hash FROM credentials WHERE user_id = $1`,
      [first.user.id],
    );
    await refuseIdentityWrites();
    const refused = await call('/auth/v1/user', {
      method: 'PUT',
      token: first.access_token,
      body: { password: 'quiet harbour lantern 7' },
    });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: AUTH_ERRORS.revocationFailed });
    const [after] = await system.sql<{ password_hash: string }>(
      'identity',
      `SELECT password_hash FROM credentials WHERE user_id = $1`,
      [first.user.id],
    );
    expect(after!.password_hash).toBe(before!.password_hash);
    expect(await revokedFamilies(first.user.id)).toBe(0);
    expect(await stillWorks(second)).toBe(true);

    await allowIdentityWrites();
    await signIn(email); // the old password still signs in
  });

  it('answers account deletion with an error and keeps the account', async () => {
    const { first } = await userWithTwoSessions();
    await refuseIdentityWrites();
    const refused = await call(`/api/user/${first.user.id}`, { method: 'DELETE', token: first.access_token });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: AUTH_ERRORS.revocationFailed });
    expect(await system.sql('identity', `SELECT 1 FROM users WHERE id = $1`, [first.user.id])).toHaveLength(
      1,
    );
    const events = await system.sql<{ type: string }>('identity', `SELECT type FROM outbox WHERE key = $1`, [
      first.user.id,
    ]);
    expect(events.map((e) => e.type)).not.toContain('identity.user-deleted');
    expect(await stillWorks(first)).toBe(true);

    await allowIdentityWrites();
    const deleted = await call(`/api/user/${first.user.id}`, { method: 'DELETE', token: first.access_token });
    expect(deleted.status).toBe(200);
    expect(await stillWorks(first)).toBe(false);
  });

  it('keeps a reused refresh token able to end its family once Redis accepts the write again', async () => {
    const { first } = await userWithTwoSessions();
    const rotate = (refresh_token: string) =>
      call('/auth/v1/token?grant_type=refresh_token', { body: { refresh_token } });
    const rotated = (await (await rotate(first.refresh_token)).json()) as AuthSession;
    await refuseIdentityWrites();
    const refused = await rotate(first.refresh_token);
    expect(refused.status).toBe(503);
    expect(await revokedFamilies(first.user.id)).toBe(0);

    await allowIdentityWrites();
    const reused = await rotate(first.refresh_token);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: AUTH_ERRORS.refreshTokenAlreadyUsed });
    expect(await stillWorks(rotated)).toBe(false);
  });
});
