import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { AUTH_ERRORS } from '@parley/contracts';
import { linkIn, startSystem, uniqueSuffix, waitForMail, type TestSystem } from '@parley/server-testing';
import { clientAddress, supabaseAt } from '../testing/supabase-clients';

/**
 * Two-factor sign-in (TOTP) driven by the official Supabase client, unchanged, as the web app uses it:
 * enrol, challenge, verify, assurance levels, unenrol. Codes are computed from the enrolment's secret, as
 * an authenticator app would.
 */
let system: TestSystem;
const PASSWORD = 'marmalade skyline 42';

const supabase = (): SupabaseClient => supabaseAt(system.baseUrl);
const ip = clientAddress;

/** The code an authenticator shows `offsetSteps` 30-second steps from now. */
function codeOf(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

async function confirmedUser(): Promise<{ email: string; client: SupabaseClient }> {
  const email = `mfa-${uniqueSuffix()}@example.com`;
  const client = supabase();
  expect((await client.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  const link = linkIn(await waitForMail(email), `${system.baseUrl}/auth/v1/verify?`);
  expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
  expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  return { email, client };
}

async function accessTokenOf(client: SupabaseClient): Promise<string> {
  return (await client.auth.getSession()).data.session!.access_token;
}

/** The status of reading the user's own data (GET /api/user/settings) with the client's token. */
async function dataStatus(client: SupabaseClient): Promise<number> {
  const res = await fetch(`${system.baseUrl}/api/user/settings`, {
    headers: { authorization: `Bearer ${await accessTokenOf(client)}`, 'x-forwarded-for': ip() },
  });
  return res.status;
}

/** The settings' `two_factor_enabled` the client reads, after asking to set it to `patch` if given. */
async function twoFactorSetting(client: SupabaseClient, patch?: boolean): Promise<boolean> {
  const headers = {
    authorization: `Bearer ${await accessTokenOf(client)}`,
    'content-type': 'application/json',
  };
  const res =
    patch === undefined
      ? await fetch(`${system.baseUrl}/api/user/settings`, { headers })
      : await fetch(`${system.baseUrl}/api/user/settings`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ two_factor_enabled: patch }),
        });
  expect(res.status).toBe(200);
  return ((await res.json()) as { two_factor_enabled: boolean }).two_factor_enabled;
}

/** Enrols and verifies a factor; answers its id, secret and recovery codes. */
async function enrolled(
  client: SupabaseClient,
): Promise<{ factorId: string; secret: string; recoveryCodes: string[] }> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  expect(error).toBeNull();
  const factorId = data!.id;
  const { totp, recovery_codes } = data as unknown as { totp: { secret: string }; recovery_codes: string[] };
  const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: codeOf(totp.secret) });
  expect(verified.error).toBeNull();
  return { factorId, secret: totp.secret, recoveryCodes: recovery_codes };
}

/** Signs in with the password alone (aal1). */
async function signedIn(email: string): Promise<SupabaseClient> {
  const client = supabase();
  expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  return client;
}

const methodsOf = async (client: SupabaseClient): Promise<string[]> =>
  (decodeJwt(await accessTokenOf(client)).amr as Array<{ method: string }>).map((m) => m.method);

describe('two-factor sign-in (TOTP) with the official Supabase client', () => {
  beforeAll(async () => {
    system = await startSystem({
      label: 'mfa',
      env: { gateway: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' } },
    });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  });

  it('enrols, verifies, signs in again at aal1 (data refused) and reaches aal2 with a code, then unenrols', async () => {
    const { email, client } = await confirmedUser();
    expect(await twoFactorSetting(client, true)).toBe(false);
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    const elsewhere = supabase();
    expect((await elsewhere.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const enrolment = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(enrolment.error).toBeNull();
    const factor = enrolment.data as {
      id: string;
      type: string;
      totp: { qr_code: string; secret: string; uri: string };
    };
    expect(factor.type).toBe('totp');
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(factor.totp.uri).toContain(encodeURIComponent(email));
    const unverified = await client.auth.mfa.listFactors();
    expect(unverified.data?.all).toEqual([expect.objectContaining({ id: factor.id, status: 'unverified' })]);
    expect(unverified.data?.totp).toEqual([]);

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ id: expect.any(String), type: 'totp' });
    const code = codeOf(factor.totp.secret);
    const verified = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code,
    });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(await accessTokenOf(client));
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as Array<{ method: string }>).map((m) => m.method)).toEqual(['password', 'totp']);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
    expect((await client.auth.mfa.listFactors()).data?.totp).toEqual([
      expect.objectContaining({
        id: factor.id,
        status: 'verified',
        friendly_name: 'Phone',
        factor_type: 'totp',
      }),
    ]);
    expect(await dataStatus(client)).toBe(200);
    // The Settings switch reads the factor, and cannot be turned off by a settings patch.
    expect(await twoFactorSetting(client)).toBe(true);
    expect(await twoFactorSetting(client, false)).toBe(true);
    // A sign-in made before the factor was verified is held back at once.
    expect(await dataStatus(elsewhere)).toBe(403);

    // The same code never works twice.
    const again = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
    expect(again.error?.message).toBe(AUTH_ERRORS.mfaCodeInvalid);

    expect((await client.auth.signOut()).error).toBeNull();
    const next = supabase();
    expect((await next.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await next.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    expect(await dataStatus(next)).toBe(403);
    const refused = await fetch(`${system.baseUrl}/api/user/settings`, {
      headers: { authorization: `Bearer ${await accessTokenOf(next)}` },
    });
    expect(await refused.json()).toEqual({ error: AUTH_ERRORS.aal2Required });
    // A refresh keeps the level: still aal1, still refused.
    expect((await next.auth.refreshSession()).error).toBeNull();
    expect(decodeJwt(await accessTokenOf(next)).aal).toBe('aal1');
    expect(await dataStatus(next)).toBe(403);
    // Removing the factor needs aal2.
    expect((await next.auth.mfa.unenroll({ factorId: factor.id })).error?.message).toBe(
      AUTH_ERRORS.aal2Required,
    );

    // The next step's code (inside the ±1 window) finishes the sign-in.
    const raised = await next.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: codeOf(factor.totp.secret, 1),
    });
    expect(raised.error).toBeNull();
    expect((await next.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal2',
      currentAuthenticationMethods: [
        expect.objectContaining({ method: 'password' }),
        expect.objectContaining({ method: 'totp' }),
      ],
    });
    expect(await dataStatus(next)).toBe(200);
    expect((await next.auth.refreshSession()).error).toBeNull();
    expect(decodeJwt(await accessTokenOf(next)).aal).toBe('aal2');
    expect(await dataStatus(next)).toBe(200);

    const removed = await next.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factor.id });
    expect((await next.auth.mfa.listFactors()).data?.all).toEqual([]);
    expect(await twoFactorSetting(next)).toBe(false);
    expect(await twoFactorSetting(next, true)).toBe(false);
    const plain = supabase();
    expect((await plain.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect(decodeJwt(await accessTokenOf(plain)).aal).toBe('aal1');
    expect(await dataStatus(plain)).toBe(200);
  }, 60_000);

  it('refuses bad input, codes that are wrong or old, and other accounts’ factors', async () => {
    const { client } = await confirmedUser();
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error?.status).toBe(400);
    const token = await accessTokenOf(client);
    const post = (path: string, body: unknown) =>
      fetch(`${system.baseUrl}/auth/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/factors/not-a-uuid/challenge', {})).status).toBe(400);

    const { factorId, secret } = await enrolled(client);
    const challenge = await client.auth.mfa.challenge({ factorId });
    const challengeId = challenge.data!.id;
    expect((await post(`/factors/${factorId}/verify`, { challenge_id: 'nope', code: '123456' })).status).toBe(
      400,
    );
    // A code from three steps ago is outside the window.
    const old = await client.auth.mfa.verify({ factorId, challengeId, code: codeOf(secret, -3) });
    expect(old.error?.message).toBe(AUTH_ERRORS.mfaCodeInvalid);
    expect(old.error?.status).toBe(422);

    // A challenge takes a code for five minutes; an older one is refused and removed.
    await system.sql(
      'identity',
      `UPDATE mfa_challenges SET created_at = now() - interval '6 minutes' WHERE id = $1`,
      [challengeId],
    );
    const late = await client.auth.mfa.verify({ factorId, challengeId, code: codeOf(secret, 1) });
    expect(late.error?.message).toBe(AUTH_ERRORS.mfaChallengeExpired);
    const stale = await system.sql('identity', 'SELECT 1 FROM mfa_challenges WHERE id = $1', [challengeId]);
    expect(stale).toEqual([]);

    const { client: other } = await confirmedUser();
    expect((await other.auth.mfa.challenge({ factorId })).error?.status).toBe(404);
    expect(
      (await other.auth.mfa.verify({ factorId, challengeId, code: codeOf(secret, 1) })).error?.status,
    ).toBe(404);
    expect((await other.auth.mfa.unenroll({ factorId })).error?.status).toBe(404);
    // Enrolling a second factor while one is verified is refused.
    expect((await client.auth.mfa.enroll({ factorType: 'totp' })).error?.message).toBe(
      AUTH_ERRORS.mfaTooManyFactors,
    );
  }, 60_000);

  it('locks a factor after five wrong codes, even against the right one', async () => {
    const { email, client } = await confirmedUser();
    const { factorId, secret } = await enrolled(client);
    const next = supabase();
    await next.auth.signInWithPassword({ email, password: PASSWORD });
    const inWindow = new Set([-1, 0, 1, 2].map((step) => codeOf(secret, step)));
    const wrongCode = ['000000', '111111', '222222', '333333', '444444'].find((c) => !inWindow.has(c))!;
    for (let i = 0; i < 5; i += 1) {
      const wrong = await next.auth.mfa.challengeAndVerify({ factorId, code: wrongCode });
      expect(wrong.error?.message).toBe(AUTH_ERRORS.mfaCodeInvalid);
    }
    const locked = await next.auth.mfa.challengeAndVerify({ factorId, code: codeOf(secret, 1) });
    expect(locked.error?.status).toBe(429);
    expect(locked.error?.message).toBe(AUTH_ERRORS.mfaTooManyAttempts);
    expect(await dataStatus(next)).toBe(403);
  }, 60_000);

  it('takes each recovery code once instead of a code, also after the e-mailed password reset', async () => {
    const { email, client } = await confirmedUser();
    const { factorId, secret, recoveryCodes } = await enrolled(client);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Nothing readable at rest: the secret is sealed and the codes are digests.
    const [row] = await system.sql<{ secret_sealed: string }>(
      'identity',
      'SELECT secret_sealed FROM mfa_factors WHERE id = $1',
      [factorId],
    );
    expect(row!.secret_sealed).toMatch(/^v1:/);
    expect(row!.secret_sealed).not.toContain(secret);
    const digests = await system.sql<{ code_digest: string }>(
      'identity',
      'SELECT code_digest FROM mfa_recovery_codes WHERE factor_id = $1',
      [factorId],
    );
    expect(digests).toHaveLength(10);
    for (const { code_digest } of digests)
      expect(recoveryCodes.some((c) => code_digest.includes(c.replace('-', '')))).toBe(false);

    const first = await signedIn(email);
    const used = await first.auth.mfa.challengeAndVerify({ factorId, code: recoveryCodes[0]!.toUpperCase() });
    expect(used.error).toBeNull();
    expect(decodeJwt(await accessTokenOf(first)).aal).toBe('aal2');
    expect(await methodsOf(first)).toEqual(['password', 'mfa/recovery-code']);
    expect(await dataStatus(first)).toBe(200);

    const second = await signedIn(email);
    const again = await second.auth.mfa.challengeAndVerify({ factorId, code: recoveryCodes[0]! });
    expect(again.error?.message).toBe(AUTH_ERRORS.mfaCodeInvalid);
    expect(await dataStatus(second)).toBe(403);
    // A password alone changes neither the password nor the address.
    expect((await second.auth.updateUser({ password: 'another long password 9' })).error?.message).toBe(
      AUTH_ERRORS.aal2RequiredForUpdate,
    );
    expect((await second.auth.updateUser({ email: `taken-${email}` }, {})).error?.message).toBe(
      AUTH_ERRORS.aal2RequiredForUpdate,
    );

    // The password-reset link signs in at aal1 only: the data stays closed until a code or recovery code.
    const reset = await supabase().auth.resetPasswordForEmail(email);
    expect(reset.error).toBeNull();
    const link = linkIn(await waitForMail(email, 2), `${system.baseUrl}/auth/v1/verify?`);
    const landed = await fetch(link, { redirect: 'manual' });
    const fragment = new URLSearchParams(new URL(landed.headers.get('location')!).hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const recovering = supabase();
    const restored = await recovering.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(restored.error).toBeNull();
    expect(decodeJwt(await accessTokenOf(recovering)).aal).toBe('aal1');
    expect(await methodsOf(recovering)).toEqual(['recovery']);
    expect(await dataStatus(recovering)).toBe(403);
    // Nor does it set a new password before the second factor (GoTrue's rule for accounts with MFA).
    const early = await recovering.auth.updateUser({ password: 'a quiet harbour at dawn' });
    expect(early.error?.message).toBe(AUTH_ERRORS.aal2RequiredForUpdate);
    const finished = await recovering.auth.mfa.challengeAndVerify({ factorId, code: recoveryCodes[1]! });
    expect(finished.error).toBeNull();
    expect(await methodsOf(recovering)).toEqual(['recovery', 'mfa/recovery-code']);
    expect(await dataStatus(recovering)).toBe(200);
    expect((await recovering.auth.updateUser({ password: 'a quiet harbour at dawn' })).error).toBeNull();
    expect(
      (await supabase().auth.signInWithPassword({ email, password: 'a quiet harbour at dawn' })).error,
    ).toBeNull();
  }, 60_000);
});
