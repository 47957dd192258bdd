import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { AUTH_ERROR_CODES, AUTH_ERRORS } from '@parley/contracts';
import { linkIn, startSystem, uniqueSuffix, waitForMail, type TestSystem } from '@parley/server-testing';
import { clientAddress, supabaseAt } from '../testing/supabase-clients';

/**
 * The official Supabase client, unchanged, against the gateway's /auth/v1: every auth call the product
 * offers, as an app built on Supabase would make it. Only the URL and a placeholder key are Parley's.
 */
let system: TestSystem;
const PASSWORD = 'marmalade skyline 42';
const NEW_PASSWORD = 'quiet harbour lantern 7';

const supabase = (): SupabaseClient => supabaseAt(system.baseUrl);
const ip = clientAddress;

const newEmail = () => `sb-${uniqueSuffix()}@example.com`;

/** The token a mailed link carries (what GoTrue's templates call the token hash). */
function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token')!;
}

/** Opens a mailed link as a browser would; returns where it landed and the fragment's parameters. */
async function open(link: string): Promise<{ path: string; fragment: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual', headers: { 'x-forwarded-for': ip() } });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!);
  return { path: location.pathname, fragment: new URLSearchParams(location.hash.slice(1)) };
}

/** Signs up with the client and confirms through the e-mailed link; returns a signed-in client. */
async function confirmedUser(fullName = 'Ada Lovelace'): Promise<{ email: string; client: SupabaseClient }> {
  const email = newEmail();
  const client = supabase();
  const { error } = await client.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: fullName } },
  });
  expect(error).toBeNull();
  const link = linkIn(await waitForMail(email), `${system.baseUrl}/auth/v1/verify?`);
  expect((await open(link)).fragment.get('access_token')).toBeTruthy();
  const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(signedIn.error).toBeNull();
  return { email, client };
}

async function signedIn(email: string, password = PASSWORD): Promise<SupabaseClient> {
  const client = supabase();
  const { error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return client;
}

/** Whether the client's session still works at the server (GET /auth/v1/user with its access token). */
async function stillSignedIn(client: SupabaseClient): Promise<boolean> {
  const { data } = await client.auth.getSession();
  if (!data.session) return false;
  const { error } = await client.auth.getUser(data.session.access_token);
  return error === null;
}

describe('the official Supabase client against /auth/v1', () => {
  beforeAll(async () => {
    system = await startSystem({
      label: 'supabase',
      env: { gateway: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' } },
    });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  });

  it('signs up, confirms by the e-mailed link, signs in, and reads the session and the user', async () => {
    const email = newEmail();
    const client = supabase();
    const signUp = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { full_name: 'Grace Hopper' } },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user).toMatchObject({ email, user_metadata: { full_name: 'Grace Hopper' } });

    const unconfirmed = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(unconfirmed.error?.message).toBe(AUTH_ERRORS.emailNotConfirmed);

    const landed = await open(linkIn(await waitForMail(email), `${system.baseUrl}/auth/v1/verify?`));
    expect(landed.path).toBe('/auth/callback');
    expect(landed.fragment.get('type')).toBe('signup');

    const wrong = await client.auth.signInWithPassword({ email, password: 'not the password at all' });
    expect(wrong.error?.message).toBe(AUTH_ERRORS.invalidCredentials);
    expect(wrong.error?.status).toBe(400);
    expect(wrong.data.session).toBeNull();

    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    expect(data.user?.email).toBe(email);

    const session = await client.auth.getSession();
    expect(session.data.session?.access_token).toBe(data.session!.access_token);
    const user = await client.auth.getUser();
    expect(user.error).toBeNull();
    expect(user.data.user).toMatchObject({
      id: data.user!.id,
      email,
      user_metadata: { full_name: 'Grace Hopper' },
    });
  });

  it('confirms with verifyOtp and the token hash of the link, as server-side apps do', async () => {
    const email = newEmail();
    const client = supabase();
    await client.auth.signUp({ email, password: PASSWORD });
    const token = tokenOf(linkIn(await waitForMail(email), `${system.baseUrl}/auth/v1/verify?`));
    const { data, error } = await client.auth.verifyOtp({ token_hash: token, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect((await client.auth.getSession()).data.session?.access_token).toBe(data.session!.access_token);
    const again = await supabase().auth.verifyOtp({ token_hash: token, type: 'signup' });
    expect(again.error?.message).toBe(AUTH_ERRORS.confirmationInvalid);
  });

  it("updates the user's metadata", async () => {
    const { client } = await confirmedUser();
    const { data, error } = await client.auth.updateUser({ data: { full_name: 'Ada King' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ full_name: 'Ada King' });
    expect((await client.auth.getUser()).data.user?.user_metadata).toEqual({ full_name: 'Ada King' });
  });

  it('refreshes with rotation and refuses a refresh token used twice, ending its session', async () => {
    const { client } = await confirmedUser();
    const before = (await client.auth.getSession()).data.session!;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const after = refreshed.data.session!;
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.access_token).not.toBe(before.access_token);
    expect(await stillSignedIn(client)).toBe(true);

    const thief = supabase();
    const reused = await thief.auth.refreshSession({ refresh_token: before.refresh_token });
    expect(reused.error?.message).toBe(AUTH_ERRORS.refreshTokenAlreadyUsed);
    // The whole family ends: the rotated session too.
    expect(await stillSignedIn(client)).toBe(false);
  });

  it('signs out with scope others, local and global', async () => {
    const { email, client: first } = await confirmedUser();
    const second = await signedIn(email);
    const third = await signedIn(email);

    expect((await first.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await stillSignedIn(first)).toBe(true);
    expect(await stillSignedIn(second)).toBe(false);
    expect(await stillSignedIn(third)).toBe(false);

    const fourth = await signedIn(email);
    expect((await first.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await first.auth.getSession()).data.session).toBeNull();
    expect(await stillSignedIn(fourth)).toBe(true);

    const fifth = await signedIn(email);
    const fifthSession = (await fifth.auth.getSession()).data.session!;
    expect((await fourth.auth.signOut()).error).toBeNull(); // global is the default
    expect((await supabase().auth.getUser(fifthSession.access_token)).error?.status).toBe(401);
    const refresh = await supabase().auth.refreshSession({ refresh_token: fifthSession.refresh_token });
    expect(refresh.error).not.toBeNull();
  });

  it('changes the password under the sign-up rules and ends every other session', async () => {
    const { email, client } = await confirmedUser();
    const elsewhere = await signedIn(email);

    const weak = await client.auth.updateUser({ password: 'short' });
    expect(weak.error?.message).toBe(AUTH_ERRORS.passwordTooShort);
    expect(weak.error?.status).toBe(422);
    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error?.message).toBe(AUTH_ERRORS.samePassword);

    const { error } = await client.auth.updateUser({ password: NEW_PASSWORD });
    expect(error).toBeNull();
    expect(await stillSignedIn(client)).toBe(true);
    expect(await stillSignedIn(elsewhere)).toBe(false);
    expect((await supabase().auth.signInWithPassword({ email, password: PASSWORD })).error?.message).toBe(
      AUTH_ERRORS.invalidCredentials,
    );
    await signedIn(email, NEW_PASSWORD);
  });

  it('changes the e-mail after reauthenticate() and only once the new address confirms it; the old one can undo it', async () => {
    const { email, client } = await confirmedUser();
    const next = newEmail();
    // Without re-authentication the client gets GoTrue's answer and nothing changes.
    const bare = await client.auth.updateUser({ email: next });
    expect(bare.error?.message).toBe(AUTH_ERRORS.reauthenticationNeeded);
    expect(bare.error?.status).toBe(400);

    expect((await client.auth.reauthenticate()).error).toBeNull();
    const codeMail = await waitForMail(email, 2);
    const nonce = /^(\d{6})$/m.exec(codeMail.text)![1]!;
    const { data, error } = await client.auth.updateUser(
      { email: next, nonce },
      { emailRedirectTo: `${system.baseUrl}/settings` },
    );
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: next });
    // Not yet: the old address still signs in, the new one does not.
    await signedIn(email);
    expect(
      (await supabase().auth.signInWithPassword({ email: next, password: PASSWORD })).error,
    ).not.toBeNull();

    const mail = await waitForMail(next);
    expect(mail.subject).toBe('Confirm your new e-mail address for Parley');
    const landed = await open(linkIn(mail, `${system.baseUrl}/auth/v1/verify?`));
    expect(landed.path).toBe('/settings');
    expect(landed.fragment.get('type')).toBe('email_change');
    expect((await client.auth.getUser()).data.user?.email).toBe(next);
    const elsewhere = await signedIn(next);
    expect((await supabase().auth.signInWithPassword({ email, password: PASSWORD })).error?.message).toBe(
      AUTH_ERRORS.invalidCredentials,
    );

    // The old address is told, with a link that undoes the change for a day.
    const notice = await waitForMail(email, 3);
    expect(notice.subject).toBe('The e-mail address of your Parley account was changed');
    expect(notice.text).toContain(next);
    expect(notice.text).toContain('24 hours');
    const undo = await open(linkIn(notice, `${system.baseUrl}/auth/v1/verify?`));
    expect(undo.path).toBe('/auth/reset-password');
    expect(undo.fragment.get('type')).toBe('recovery');
    // The address is the old one again, every earlier session has ended, and the owner sets a password.
    expect(await stillSignedIn(client)).toBe(false);
    expect(await stillSignedIn(elsewhere)).toBe(false);
    const owner = supabase();
    const { error: sessionError } = await owner.auth.setSession({
      access_token: undo.fragment.get('access_token')!,
      refresh_token: undo.fragment.get('refresh_token')!,
    });
    expect(sessionError).toBeNull();
    expect((await owner.auth.getUser()).data.user?.email).toBe(email);
    expect((await owner.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    await signedIn(email, NEW_PASSWORD);
    // The link worked once.
    expect((await open(linkIn(notice, `${system.baseUrl}/auth/v1/verify?`))).fragment.get('error')).toBe(
      'access_denied',
    );
  });

  it('resets a forgotten password: the link signs in with a recovery session, the new password ends the rest', async () => {
    const { email, client: elsewhere } = await confirmedUser();
    const browser = supabase();
    const reset = await browser.auth.resetPasswordForEmail(email, {
      redirectTo: `${system.baseUrl}/auth/reset-password`,
    });
    expect(reset.error).toBeNull();

    const mail = await waitForMail(email, 2);
    expect(mail.subject).toBe('Reset your Parley password');
    const link = linkIn(mail, `${system.baseUrl}/auth/v1/verify?`);
    const events: string[] = [];
    browser.auth.onAuthStateChange((event) => void events.push(event));
    const { data, error } = await browser.auth.verifyOtp({ token_hash: tokenOf(link), type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(events).toContain('PASSWORD_RECOVERY');

    expect((await browser.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    expect(await stillSignedIn(browser)).toBe(true);
    expect(await stillSignedIn(elsewhere)).toBe(false);
    await signedIn(email, NEW_PASSWORD);

    // The link worked once.
    const used = await open(link);
    expect(used.path).toBe('/auth/reset-password');
    expect(used.fragment.get('error_description')).toBe(AUTH_ERRORS.recoveryLinkUsed);
  });

  it('answers resetPasswordForEmail for an unknown address exactly as for a known one', async () => {
    const unknown = newEmail();
    const { data, error } = await supabase().auth.resetPasswordForEmail(unknown);
    expect(error).toBeNull();
    expect(data).toEqual({});
  });

  it('refuses a second resetPasswordForEmail within the minute as GoTrue does, for any address', async () => {
    for (const email of [(await confirmedUser()).email, newEmail()]) {
      const client = supabase();
      expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
      const { error } = await client.auth.resetPasswordForEmail(email);
      expect(error?.status).toBe(429);
      expect(error?.code).toBe(AUTH_ERROR_CODES.overEmailSendRateLimit);
      expect(error?.message).toMatch(
        /^For security purposes, you can only request this after \d+ seconds\.$/,
      );
    }
  });

  it('keeps the session the client holds in the shape the Supabase types describe', async () => {
    const { client } = await confirmedUser();
    const session: Session = (await client.auth.getSession()).data.session!;
    expect(Object.keys(session)).toEqual(
      expect.arrayContaining([
        'access_token',
        'refresh_token',
        'expires_at',
        'expires_in',
        'token_type',
        'user',
      ]),
    );
  });
});
