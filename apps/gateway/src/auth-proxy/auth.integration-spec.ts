import { randomUUID } from 'node:crypto';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import {
  AUTH_ERRORS,
  ERRORS,
  RPC,
  type AuthSession,
  type AuthUser,
  type RpcErrorBody,
  type StoredProfile,
  type UserSettings,
} from '@parley/contracts';
import {
  createTestUser,
  linkIn,
  startSystem,
  uniqueSuffix,
  waitFor,
  waitForMail,
  mailsTo,
  type TestSystem,
} from '@parley/server-testing';

/**
 * Sign-up to deletion over HTTP through the gateway, with identity, Redis, PostgreSQL, Kafka and the
 * SMTP catcher all real. Each request comes from its own client address unless a test says otherwise,
 * so the per-address limits only bite where a test wants them to.
 */
let system: TestSystem;
const PASSWORD = 'marmalade skyline 42';

function ip(): string {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
}

function call(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    token?: string;
    from?: string;
    headers?: Record<string, string>;
  } = {},
) {
  return fetch(`${system.baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    redirect: 'manual',
    headers: {
      'x-forwarded-for': init.from ?? ip(),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body),
  });
}

/** Calls identity's RPC port directly, as any caller on the network could: `as` is the meta's user. */
async function identityRpc<T>(rpc: ClientProxy, pattern: string, data: unknown, as?: string): Promise<T> {
  return firstValueFrom(rpc.send<T>(pattern, { meta: { requestId: randomUUID(), userId: as }, data }));
}

async function rpcError(call: Promise<unknown>): Promise<RpcErrorBody> {
  return call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: RpcErrorBody) => error,
  );
}

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

function newEmail(): string {
  return `u-${uniqueSuffix()}@example.com`;
}

async function signUp(email: string, fullName = 'Grace Hopper'): Promise<void> {
  const res = await call('/auth/v1/signup', {
    body: { email, password: PASSWORD, data: { full_name: fullName } },
  });
  expect(res.status).toBe(200);
}

/** Follows the link in the confirmation e-mail; returns the session from the redirect's fragment. */
async function confirm(email: string, nth = 1): Promise<AuthSession> {
  const mail = await waitForMail(email, nth);
  const link = linkIn(mail, `${system.baseUrl}/auth/v1/verify?`);
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!);
  expect(location.pathname).toBe('/auth/callback');
  const fragment = new URLSearchParams(location.hash.slice(1));
  expect(fragment.get('error')).toBeNull();
  const accessToken = fragment.get('access_token')!;
  const user = await json<AuthUser>(await call('/auth/v1/user', { token: accessToken }));
  return {
    access_token: accessToken,
    refresh_token: fragment.get('refresh_token')!,
    expires_at: Number(fragment.get('expires_at')),
    expires_in: Number(fragment.get('expires_in')),
    token_type: 'bearer',
    user,
  };
}

async function signIn(email: string, password = PASSWORD, from?: string): Promise<Response> {
  return call('/auth/v1/token?grant_type=password', { body: { email, password }, from });
}

async function confirmedUser(): Promise<{ email: string; session: AuthSession }> {
  const email = newEmail();
  await signUp(email);
  await confirm(email);
  const session = await json<AuthSession>(await signIn(email));
  return { email, session };
}

describe('identity over the gateway', () => {
  beforeAll(async () => {
    system = await startSystem({
      label: 'auth',
      env: { gateway: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' } },
    });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  });

  it('signs up, e-mails a confirmation link that confirms and lands on /auth/callback signed in', async () => {
    const email = newEmail();
    const res = await call('/auth/v1/signup', {
      body: { email, password: PASSWORD, data: { full_name: 'Grace Hopper' } },
    });
    const user = await json<AuthUser>(res);
    expect(user).toMatchObject({
      email,
      user_metadata: { full_name: 'Grace Hopper' },
      email_confirmed_at: null,
    });

    const unconfirmed = await signIn(email);
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.json()).toEqual({ error: AUTH_ERRORS.emailNotConfirmed });

    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Confirm your Parley account');
    expect(mail.text).toContain('Hi Grace Hopper,');
    const session = await confirm(email);
    expect(session.user.email).toBe(email);
    expect(session.user.email_confirmed_at).not.toBeNull();

    // The link works once.
    const again = await fetch(linkIn(mail, `${system.baseUrl}/auth/v1/verify?`), { redirect: 'manual' });
    expect(new URL(again.headers.get('location')!).hash).toContain('error=access_denied');
    // Announced through the outbox.
    const events = await system.sql<{ type: string }>(
      'identity',
      `SELECT type FROM outbox WHERE key = $1 ORDER BY seq`,
      [user.id],
    );
    expect(events.map((e) => e.type)).toEqual(['identity.user-registered', 'identity.user-confirmed']);
  });

  it('answers a password sign-in with the session JSON of the Supabase wire format', async () => {
    const { email, session } = await confirmedUser();
    expect(Object.keys(session).sort()).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'token_type',
      'user',
    ]);
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(900);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 800);
    expect(session.user).toMatchObject({ email, user_metadata: { full_name: 'Grace Hopper' } });
    const [header] = session.access_token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({
      alg: 'ES256',
      kid: expect.any(String),
    });
    const events = await system.sql<{ type: string }>(
      'identity',
      `SELECT type FROM outbox WHERE key = $1 ORDER BY seq`,
      [session.user.id],
    );
    expect(events.map((e) => e.type)).toContain('identity.user-signed-in');
  });

  it('gives unknown e-mail and wrong password the same answer after the same work', async () => {
    const { email } = await confirmedUser();
    // Counted by identity, not timed here: each sign-in runs exactly one argon2id verification, against the
    // account's hash or, with no account, against a dummy hash of the same parameters (unit-tested), so the
    // answer time tells nothing about whether the address has an account.
    const identityMetrics = `http://127.0.0.1:${system.app('identity').env.HTTP_PORT}/metrics`;
    const checks = async (): Promise<Record<string, number>> => {
      const text = await (await fetch(identityMetrics)).text();
      const counts: Record<string, number> = { account: 0, nothing: 0 };
      for (const m of text.matchAll(
        /^parley_identity_password_checks_total\{[^}]*\bagainst="(\w+)"[^}]*\} (\d+)/gm,
      ))
        counts[m[1]!] = Number(m[2]);
      return counts;
    };
    for (const kind of ['unknown', 'wrong'] as const) {
      const before = await checks();
      const res = await signIn(kind === 'unknown' ? newEmail() : email, 'not the password at all');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: AUTH_ERRORS.invalidCredentials });
      const after = await checks();
      expect({
        account: after['account']! - before['account']!,
        nothing: after['nothing']! - before['nothing']!,
      }).toEqual(kind === 'unknown' ? { account: 0, nothing: 1 } : { account: 1, nothing: 0 });
    }
  });

  it('rotates the refresh token on every use and revokes the whole family when a used one comes back', async () => {
    const { session } = await confirmedUser();
    const first = await json<AuthSession>(
      await call('/auth/v1/token?grant_type=refresh_token', {
        body: { refresh_token: session.refresh_token },
      }),
    );
    expect(first.refresh_token).not.toBe(session.refresh_token);
    expect((await call('/auth/v1/user', { token: first.access_token })).status).toBe(200);
    const second = await json<AuthSession>(
      await call('/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: first.refresh_token } }),
    );

    const reused = await call('/auth/v1/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: AUTH_ERRORS.refreshTokenAlreadyUsed });
    // The newest token of the family is dead too, and so are its access tokens.
    const latest = await call('/auth/v1/token?grant_type=refresh_token', {
      body: { refresh_token: second.refresh_token },
    });
    expect(latest.status).toBe(400);
    expect((await call('/auth/v1/user', { token: second.access_token })).status).toBe(401);
    const unknown = await call('/auth/v1/token?grant_type=refresh_token', {
      body: { refresh_token: 'not-a-token' },
    });
    expect(await unknown.json()).toEqual({ error: AUTH_ERRORS.refreshTokenNotFound });
  });

  it('stores refresh tokens and confirmation links only as hashes', async () => {
    const { session } = await confirmedUser();
    const rows = await system.sql<{ token_hash: string }>(
      'identity',
      `SELECT token_hash FROM refresh_tokens WHERE user_id = $1`,
      [session.user.id],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.token_hash)).not.toContain(session.refresh_token);
    const hashes = await system.sql<{ password_hash: string }>(
      'identity',
      `SELECT password_hash FROM credentials WHERE user_id = $1`,
      [session.user.id],
    );
    expect(hashes[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('logs out: the access token stops working at once and the refresh token is revoked', async () => {
    const { session } = await confirmedUser();
    const res = await call('/auth/v1/logout', { method: 'POST', token: session.access_token });
    expect(res.status).toBe(204);
    const after = await call('/auth/v1/user', { token: session.access_token });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: 'User is not authenticated' });
    expect(
      (
        await call('/auth/v1/token?grant_type=refresh_token', {
          body: { refresh_token: session.refresh_token },
        })
      ).status,
    ).toBe(400);
  });

  it('refuses short, overlong and common passwords and accepts long passphrases, with no composition rules', async () => {
    for (const [password, error] of [
      ['short', AUTH_ERRORS.passwordTooShort],
      ['x'.repeat(129), AUTH_ERRORS.passwordTooLong],
      ['password123', AUTH_ERRORS.passwordTooCommon],
      ['iloveyou', AUTH_ERRORS.passwordTooCommon],
    ] as const) {
      const res = await call('/auth/v1/signup', { body: { email: newEmail(), password } });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: error });
    }
    const long = await call('/auth/v1/signup', {
      body: {
        email: newEmail(),
        password: 'correct horse battery staple '.repeat(2) + 'plus some more words',
      },
    });
    expect(long.status).toBe(200);
  });

  it('answers sign-up for an address that already has an account the same way, without a second account', async () => {
    const { email } = await confirmedUser();
    const res = await call('/auth/v1/signup', { body: { email, password: 'another fine passphrase' } });
    expect(res.status).toBe(200);
    expect(await json<AuthUser>(res)).toMatchObject({ email, email_confirmed_at: null });
    const accounts = await system.sql('identity', `SELECT id FROM users WHERE email = $1`, [email]);
    expect(accounts).toHaveLength(1);
    expect((await signIn(email, 'another fine passphrase')).status).toBe(400);
  });

  it('re-sends the confirmation on request and says the same for unknown addresses', async () => {
    const email = newEmail();
    await signUp(email);
    await waitForMail(email, 1);
    const res = await call('/auth/v1/resend', { body: { type: 'signup', email } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    await waitForMail(email, 2);
    await confirm(email, 2);
    const unknown = await call('/auth/v1/resend', { body: { type: 'signup', email: newEmail() } });
    expect(unknown.status).toBe(200);
  });

  it('refuses the 101st failed sign-in on one account within the hour, even with the right password', async () => {
    const { email } = await confirmedUser();
    for (let i = 0; i < 100; i++) expect((await signIn(email, `wrong guess ${i}`)).status).toBe(400);
    const locked = await signIn(email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ error: AUTH_ERRORS.accountLocked });
  }, 120_000);

  it('limits sign-in attempts per client address', async () => {
    const from = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await signIn(newEmail(), 'whatever it is', from)).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('refuses tampered, unsigned and expired access tokens', async () => {
    const { session } = await confirmedUser();
    const [header, payload, signature] = session.access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString('base64url')}.${signature}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const expired = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: 1 })).toString('base64url')}.${signature}`;
    for (const bad of [tampered, none, expired]) {
      const res = await call('/auth/v1/user', { token: bad });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'User is not authenticated' });
    }
  });

  it('updates the full name, and rejects wrong types, unknown fields and oversized values', async () => {
    const { session } = await confirmedUser();
    const ok = await call('/auth/v1/user', {
      method: 'PUT',
      token: session.access_token,
      body: { data: { full_name: 'Grace B. Hopper' } },
    });
    expect(await json<AuthUser>(ok)).toMatchObject({ user_metadata: { full_name: 'Grace B. Hopper' } });
    for (const body of [
      { data: { full_name: 42 } },
      { data: { full_name: 'x'.repeat(101) } },
      { data: { full_name: 'a', admin: true } },
      {},
    ]) {
      const res = await call('/auth/v1/user', { method: 'PUT', token: session.access_token, body });
      expect(res.status).toBe(400);
      expect((await json<{ error: string }>(res)).error).toMatch(/full_name|Unknown field|data/);
    }
    const badSignup = await call('/auth/v1/signup', { body: { email: 'not-an-email', password: PASSWORD } });
    expect(badSignup.status).toBe(400);
    expect(await badSignup.json()).toEqual({
      error: 'email: Unable to validate email address: invalid format',
    });
    const badGrant = await call('/auth/v1/token?grant_type=magic', { body: {} });
    expect(badGrant.status).toBe(400);
  });

  it('answers an e-mail change byte for byte the same whether or not the address is taken', async () => {
    const { session } = await confirmedUser();
    const target = newEmail();
    const change = () =>
      call('/auth/v1/user', {
        method: 'PUT',
        token: session.access_token,
        body: { email: target, current_password: PASSWORD },
      });
    const free = await change();
    const freeBody = await free.text();
    // Now another account takes the address; the same request must answer exactly as before.
    await signUp(target, 'Someone Else');
    const taken = await change();
    expect(taken.status).toBe(free.status);
    expect(free.status).toBe(200);
    expect(await taken.text()).toBe(freeBody);
    expect(JSON.parse(freeBody)).toMatchObject({ email: session.user.email, new_email: target });
  });

  it('asks for re-authentication before an e-mail change: the current password or the e-mailed nonce, once', async () => {
    const { email, session } = await confirmedUser();
    const put = (body: Record<string, unknown>) =>
      call('/auth/v1/user', { method: 'PUT', token: session.access_token, body });
    const none = await put({ email: newEmail() });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: AUTH_ERRORS.reauthenticationNeeded });
    const wrong = await put({ email: newEmail(), current_password: 'not the password at all' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: AUTH_ERRORS.currentPasswordInvalid });
    const guessed = await put({ email: newEmail(), nonce: '000000' });
    expect(await guessed.json()).toEqual({ error: AUTH_ERRORS.nonceInvalid });
    // Nothing is pending after refusals.
    expect(await json<AuthUser>(await call('/auth/v1/user', { token: session.access_token }))).toMatchObject({
      email,
    });

    const sent = await call('/auth/v1/reauthenticate', { token: session.access_token });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({});
    const again = await call('/auth/v1/reauthenticate', { token: session.access_token });
    expect(again.status).toBe(429);
    const mail = await waitForMail(email, 2);
    expect(mail.subject).toBe('Your Parley re-authentication code');
    const nonce = /^(\d{6})$/m.exec(mail.text)![1]!;
    const target = newEmail();
    const ok = await put({ email: target, nonce });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ email, new_email: target });
    const reused = await put({ email: newEmail(), nonce });
    expect(await reused.json()).toEqual({ error: AUTH_ERRORS.nonceInvalid });
    // A name change needs no re-authentication.
    expect((await put({ data: { full_name: 'Grace M. Hopper' } })).status).toBe(200);
  });

  it('puts PUT /auth/v1/user under the auth limit per client address', async () => {
    const { session } = await confirmedUser();
    const from = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await call('/auth/v1/user', {
        method: 'PUT',
        token: session.access_token,
        body: { email: newEmail() },
        from,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it("takes the user of every identity RPC from the caller: another user's profile, settings and account stay out of reach", async () => {
    const alice = await createTestUser(system);
    const bob = await createTestUser(system);
    const onboarding = {
      communication_goals: ['Salary Negotiation'],
      tone_preference: 'tough',
      experience_level: 'intermediate',
    };
    expect(
      (await call('/api/user/profile', { token: bob.token, body: { ...onboarding, full_name: 'Bob' } }))
        .status,
    ).toBe(200);
    expect(
      (await call('/api/user/settings', { method: 'PATCH', token: bob.token, body: { display_name: 'Bob' } }))
        .status,
    ).toBe(200);
    const bobsProfile = await json<StoredProfile>(
      await call(`/api/user/profile/${bob.id}`, { token: bob.token }),
    );
    const bobsSettings = await json<UserSettings>(await call('/api/user/settings', { token: bob.token }));

    const rpc = ClientProxyFactory.create({
      transport: Transport.TCP,
      options: { host: '127.0.0.1', port: Number(system.app('identity').env.RPC_PORT) },
    });
    try {
      const asAlice: Array<[string, unknown]> = [
        [RPC.identity.getProfile, { userId: bob.id }],
        [RPC.identity.saveProfile, { userId: bob.id, profile: { ...onboarding, full_name: 'Mallory' } }],
        [RPC.identity.getOrCreateSettings, { userId: bob.id }],
        [RPC.identity.updateSettings, { userId: bob.id, patch: { display_name: 'Mallory' } }],
        [RPC.identity.getUser, { id: bob.id }],
        [RPC.identity.deleteAccount, { id: bob.id }],
      ];
      for (const [pattern, data] of asAlice) {
        expect(await rpcError(identityRpc(rpc, pattern, data, alice.id))).toEqual({
          status: 403,
          error: ERRORS.forbidden,
        });
        // With no caller at all, nobody is served, whatever the payload names.
        expect(await rpcError(identityRpc(rpc, pattern, data))).toEqual({
          status: 401,
          error: ERRORS.notAuthenticated,
        });
      }
      // Without an id in the payload the caller gets their own record, never anyone else's.
      const own = await identityRpc<UserSettings>(rpc, RPC.identity.getOrCreateSettings, {}, alice.id);
      expect(own.user_id).toBe(alice.id);
      const ownUser = await identityRpc<AuthUser>(rpc, RPC.identity.getUser, {}, alice.id);
      expect(ownUser.email).toBe(alice.email);
    } finally {
      await rpc.close();
    }
    // Bob's records are as he left them.
    expect(
      await json<StoredProfile>(await call(`/api/user/profile/${bob.id}`, { token: bob.token })),
    ).toEqual(bobsProfile);
    expect(await json<UserSettings>(await call('/api/user/settings', { token: bob.token }))).toEqual(
      bobsSettings,
    );
    expect(await system.sql('identity', `SELECT 1 FROM users WHERE id = $1`, [bob.id])).toHaveLength(1);
  });

  it("deletes one's own account, never another's, ends its sessions and announces user-deleted", async () => {
    const alice = await confirmedUser();
    const bob = await confirmedUser();
    const forbidden = await call(`/api/user/${bob.session.user.id}`, {
      method: 'DELETE',
      token: alice.session.access_token,
    });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: 'You do not have access to this resource' });
    expect(
      (await call('/api/user/not-a-uuid', { method: 'DELETE', token: alice.session.access_token })).status,
    ).toBe(400);

    const res = await call(`/api/user/${alice.session.user.id}`, {
      method: 'DELETE',
      token: alice.session.access_token,
    });
    expect(res.status).toBe(200);
    expect((await call('/auth/v1/user', { token: alice.session.access_token })).status).toBe(401);
    expect((await signIn(alice.email)).status).toBe(400);
    for (const table of ['users', 'credentials', 'refresh_tokens', 'email_confirmations']) {
      const column = table === 'users' ? 'id' : 'user_id';
      expect(
        await system.sql('identity', `SELECT 1 FROM ${table} WHERE ${column} = $1`, [alice.session.user.id]),
      ).toHaveLength(0);
    }
    const events = await system.sql<{ type: string }>(
      'identity',
      `SELECT type FROM outbox WHERE key = $1 ORDER BY seq`,
      [alice.session.user.id],
    );
    expect(events.at(-1)?.type).toBe('identity.user-deleted');
    // Bob is untouched.
    expect((await call('/auth/v1/user', { token: bob.session.access_token })).status).toBe(200);
    await waitFor(async () => (await mailsTo(bob.email)).length >= 1);
  });
});
