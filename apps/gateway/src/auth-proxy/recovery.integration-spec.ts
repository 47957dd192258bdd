import { createHash } from 'node:crypto';
import { hash as argon2 } from '@node-rs/argon2';
import { Redis } from 'ioredis';
import { AUTH_ERROR_CODES, AUTH_ERRORS, emailSendRateLimitMessage, type AuthUser } from '@parley/contracts';
import {
  createTestUser,
  linkIn,
  mailsTo,
  startSystem,
  uniqueSuffix,
  waitForMail,
  testEnv,
  type TestSystem,
} from '@parley/server-testing';

/**
 * Password recovery and e-mail change over HTTP: what the Supabase client's suite does not show. The same
 * answer and timing for known and unknown addresses, limits (told, never silent), links that expire, are used once or are
 * superseded, and nobody reaches another person's account through them.
 */
let system: TestSystem;
let redis: Redis;
const PASSWORD = 'marmalade skyline 42';

function ip(): string {
  const octet = () => Math.floor(Math.random() * 250);
  return `10.${octet()}.${octet()}.${octet()}`;
}

function call(path: string, init: { method?: string; body?: unknown; token?: string; from?: string } = {}) {
  return fetch(`${system.baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    redirect: 'manual',
    headers: {
      'x-forwarded-for': init.from ?? ip(),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** An account with a password (inserted directly: sign-up has its own tests). */
async function account(): Promise<{ id: string; email: string }> {
  const user = await createTestUser(system);
  const hash = await argon2(PASSWORD);
  await system.sql('identity', `INSERT INTO credentials (user_id, password_hash) VALUES ($1, $2)`, [
    user.id,
    hash,
  ]);
  return { id: user.id, email: user.email };
}

/** The per-address window of recovery e-mails (identity's recoveryRequestKey). */
const recoveryKey = (email: string) =>
  `auth:recovery-requested:${createHash('sha256').update(email.toLowerCase()).digest('hex')}`;

const recover = (email: string, from?: string, query = '') =>
  call(`/auth/v1/recover${query}`, { body: { email }, from });

async function recoveryLink(email: string, nth = 1): Promise<string> {
  return linkIn(await waitForMail(email, nth), `${system.baseUrl}/auth/v1/verify?`);
}

async function open(link: string): Promise<{ path: string; fragment: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual', headers: { 'x-forwarded-for': ip() } });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!);
  return { path: location.pathname, fragment: new URLSearchParams(location.hash.slice(1)) };
}

const signIn = (email: string, password: string) =>
  call('/auth/v1/token?grant_type=password', { body: { email, password } });

describe('password recovery and e-mail change', () => {
  beforeAll(async () => {
    system = await startSystem({
      label: 'recovery',
      env: { gateway: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' } },
    });
    redis = new Redis(testEnv.redisUrl);
  }, 120_000);

  afterAll(async () => {
    redis?.disconnect();
    await system?.stop();
  });

  it('answers known and unknown addresses the same, in about the same time, and mails only the known', async () => {
    const timings: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    const unknownAddresses: string[] = [];
    for (let i = 0; i < 6; i++) {
      const known = (await account()).email;
      const unknown = `nobody-${uniqueSuffix()}@example.com`;
      unknownAddresses.push(unknown);
      // Alternate which goes first, so a warm-up or a busy moment does not land on one side only.
      const pair = [
        ['known', known],
        ['unknown', unknown],
      ] as const;
      for (const [kind, email] of i % 2 === 0 ? pair : [...pair].reverse()) {
        const started = performance.now();
        const res = await recover(email);
        timings[kind].push(performance.now() - started);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({});
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [known, unknown] = [median(timings.known), median(timings.unknown)];
    // A gross difference (a password hash or a mail sent inline for known addresses only) is tens to
    // hundreds of milliseconds; scheduler noise on a busy 2-core CI machine reaches ~20 ms.
    expect(Math.abs(known - unknown)).toBeLessThan(Math.max(50, 0.5 * Math.max(known, unknown)));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const email of unknownAddresses) expect(await mailsTo(email)).toHaveLength(0);
  });

  it('sends one e-mail per address per minute and says so: a second request waits, known or unknown alike', async () => {
    const { email: known } = await account();
    const unknown = `nobody-${uniqueSuffix()}@example.com`;
    const answers: Record<
      'known' | 'unknown',
      Array<{ status: number; body: string; retryAfter: string | null }>
    > = { known: [], unknown: [] };
    for (let i = 0; i < 3; i++) {
      for (const [kind, email] of [
        ['known', known],
        ['unknown', unknown],
      ] as const) {
        const res = await recover(email);
        answers[kind].push({
          status: res.status,
          body: await res.text(),
          retryAfter: res.headers.get('retry-after'),
        });
      }
    }
    // An unknown address is answered byte for byte as a known one, the refusals included.
    expect(answers.unknown).toEqual(answers.known);
    const [first, ...again] = answers.known;
    expect(first).toEqual({ status: 200, body: '{}', retryAfter: null });
    for (const answer of again) {
      // GoTrue's answer: 429 over_email_send_rate_limit, with how long to wait.
      expect(answer.status).toBe(429);
      const seconds = Number(answer.retryAfter);
      expect(seconds).toBeGreaterThan(55);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(JSON.parse(answer.body)).toEqual({
        error: emailSendRateLimitMessage(seconds),
        error_code: AUTH_ERROR_CODES.overEmailSendRateLimit,
      });
    }
    // The wait is what is left of the minute since the request that was sent; refusals do not prolong it.
    await redis.pexpire(recoveryKey(known), 20_500);
    const later = await recover(known);
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('21');
    expect(((await later.json()) as { error: string }).error).toBe(
      'For security purposes, you can only request this after 21 seconds.',
    );
    expect(Number((await recover(known)).headers.get('retry-after'))).toBeLessThanOrEqual(21);

    await waitForMail(known, 1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await mailsTo(known)).toHaveLength(1);
    expect(await mailsTo(unknown)).toHaveLength(0);

    // Once the minute is over, the next request is sent.
    await redis.del(recoveryKey(known));
    expect((await recover(known)).status).toBe(200);
    await waitForMail(known, 2);
  });

  it('limits recovery requests per client address', async () => {
    const from = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await recover(`x-${i}-${uniqueSuffix()}@example.com`, from)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('lands on the new-password page signed in; the link works once, and a newer link replaces it', async () => {
    const { email } = await account();
    await recover(email);
    const first = await recoveryLink(email);
    // A second request, a minute later as far as the per-address limit is concerned.
    await redis.del(recoveryKey(email));
    await recover(email);
    const second = await recoveryLink(email, 2);
    expect((await open(first)).fragment.get('error_description')).toBe(AUTH_ERRORS.recoveryLinkUsed);

    const landed = await open(second);
    expect(landed.path).toBe('/auth/reset-password');
    expect(landed.fragment.get('type')).toBe('recovery');
    const token = landed.fragment.get('access_token')!;
    const me = (await (await call('/auth/v1/user', { token })).json()) as AuthUser;
    expect(me.email).toBe(email);

    const again = await open(second);
    expect(again.fragment.get('error_description')).toBe(AUTH_ERRORS.recoveryLinkUsed);
    expect(again.fragment.get('access_token')).toBeNull();
  });

  it('refuses an expired link with its own message, and an unknown one as invalid', async () => {
    const { id, email } = await account();
    await recover(email);
    const link = await recoveryLink(email);
    await system.sql(
      'identity',
      `UPDATE password_recoveries SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [id],
    );
    expect((await open(link)).fragment.get('error_description')).toBe(AUTH_ERRORS.recoveryLinkExpired);
    const unknown = new URL(link);
    unknown.searchParams.set('token', 'x'.repeat(43));
    expect((await open(unknown.toString())).fragment.get('error_description')).toBe(
      AUTH_ERRORS.confirmationInvalid,
    );
  });

  it("never lands outside PUBLIC_URL, and a link offered with another person's address is refused unspent", async () => {
    const alice = await account();
    const bob = await account();
    await recover(alice.email, undefined, `?redirect_to=${encodeURIComponent('https://evil.example/steal')}`);
    const link = await recoveryLink(alice.email);
    expect(new URL(new URL(link).searchParams.get('redirect_to')!).origin).toBe(system.baseUrl);

    const token = new URL(link).searchParams.get('token')!;
    const asBob = await call('/auth/v1/verify', {
      body: { type: 'recovery', token_hash: token, email: bob.email },
    });
    expect(asBob.status).toBe(403);
    expect(await asBob.json()).toEqual({ error: AUTH_ERRORS.confirmationInvalid });
    const asAlice = await call('/auth/v1/verify', {
      body: { type: 'recovery', token_hash: token, email: alice.email },
    });
    expect(asAlice.status).toBe(200);
    const session = (await asAlice.json()) as { access_token: string; user: AuthUser };
    expect(session.user.id).toBe(alice.id);

    // Alice's recovery session changes Alice's password, never Bob's.
    const put = await call('/auth/v1/user', {
      method: 'PUT',
      token: session.access_token,
      body: { password: 'a brand new passphrase' },
    });
    expect(put.status).toBe(200);
    expect((await signIn(alice.email, 'a brand new passphrase')).status).toBe(200);
    expect((await signIn(bob.email, PASSWORD)).status).toBe(200);
    expect((await signIn(bob.email, 'a brand new passphrase')).status).toBe(400);
  });

  it('refuses bad input with a clear 4xx', async () => {
    const { email } = await account();
    for (const body of [{}, { email: 'not-an-email' }, { email: 42 }, { email: `${email}\u0000` }]) {
      const res = await call('/auth/v1/recover', { body });
      expect(res.status).toBe(400);
      expect((await res.json()) as { error: string }).toEqual({ error: expect.stringMatching(/^email: /) });
    }
    for (const body of [
      { type: 'recovery' },
      { type: 'magic', token: 'x' },
      { type: 'recovery', token: '' },
    ]) {
      const res = await call('/auth/v1/verify', { body });
      expect(res.status).toBe(400);
    }
    const user = await createTestUser(system);
    for (const body of [
      { password: 42 },
      { email: 'nope' },
      { data: { full_name: 'a\u0000' } },
      { phone: '1' },
    ]) {
      const res = await call('/auth/v1/user', { method: 'PUT', token: user.token, body });
      expect(res.status).toBe(400);
    }
  });

  it('changing to an address that has an account answers as for a free one and sends nothing to it', async () => {
    const alice = await account();
    const bob = await account();
    const session = (await (await signIn(alice.email, PASSWORD)).json()) as { access_token: string };
    const change = (email: string) =>
      call('/auth/v1/user', {
        method: 'PUT',
        token: session.access_token,
        body: { email, current_password: PASSWORD },
      });
    const res = await change(bob.email);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: alice.email, new_email: bob.email });
    // The byte-for-byte comparison is in auth.integration-spec.ts. Here: the mail queue starts jobs in
    // order and the taken address's job is one lookup, so once a later change's link has arrived at a
    // free address, the taken one's job has finished (an event to wait for, not a pause).
    const free = `free-${uniqueSuffix()}@example.com`;
    expect((await change(free)).status).toBe(200);
    await waitForMail(free);
    expect(await mailsTo(bob.email)).toHaveLength(0);
    expect((await signIn(bob.email, PASSWORD)).status).toBe(200);
  });
});
