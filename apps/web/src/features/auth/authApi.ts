import type { AuthSession, AuthUser } from '@parley/contracts';
import { requestJson } from '../../lib/http';
import { parseAuthSession, parseAuthUser } from './authSession';

const UNEXPECTED = 'Invalid JSON response from server';

function session(body: unknown): AuthSession {
  const parsed = parseAuthSession(body);
  if (!parsed) throw new Error(UNEXPECTED);
  return parsed;
}

function user(body: unknown): AuthUser {
  const parsed = parseAuthUser(body);
  if (!parsed) throw new Error(UNEXPECTED);
  return parsed;
}

/** The gateway's GoTrue-style auth endpoints (spec section 7, "Auth provider"). */
const AUTH = '/auth/v1';

export async function signInWithPassword(email: string, password: string): Promise<AuthSession> {
  const body = await requestJson<unknown>(`${AUTH}/token?grant_type=password`, {
    method: 'POST',
    body: { email, password },
  });
  return session(body);
}

export async function signUp(email: string, password: string): Promise<AuthUser> {
  return requestJson<AuthUser>(`${AUTH}/signup`, {
    method: 'POST',
    body: { email, password, data: {} },
  });
}

export async function refreshToken(refresh_token: string): Promise<AuthSession> {
  const body = await requestJson<unknown>(`${AUTH}/token?grant_type=refresh_token`, {
    method: 'POST',
    body: { refresh_token },
  });
  return session(body);
}

export async function signOut(token: string): Promise<void> {
  await requestJson<void>(`${AUTH}/logout`, { method: 'POST', token });
}

export async function getUser(token: string): Promise<AuthUser> {
  return user(await requestJson<unknown>(`${AUTH}/user`, { token }));
}

export async function updateUser(token: string, full_name: string): Promise<AuthUser> {
  const body = await requestJson<unknown>(`${AUTH}/user`, {
    method: 'PUT',
    token,
    body: { data: { full_name } },
  });
  return user(body);
}

/** GoTrue's `error_code` for a second e-mail to one address within its window (429, with Retry-After). */
export const EMAIL_SEND_RATE_LIMITED = 'over_email_send_rate_limit';

/**
 * POST /auth/v1/recover: e-mails a link to the new-password page (the same answer for every address).
 * Within a minute of the last request for the address it rejects with a RequestError carrying
 * EMAIL_SEND_RATE_LIMITED and the seconds to wait.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const redirectTo = new URL('/auth/reset-password', window.location.origin).toString();
  await requestJson<unknown>(`${AUTH}/recover?redirect_to=${encodeURIComponent(redirectTo)}`, {
    method: 'POST',
    body: { email },
  });
}

/** PUT /auth/v1/user {password}: the signed-in person's new password; their other sessions end. */
export async function updatePassword(token: string, password: string): Promise<AuthUser> {
  return user(await requestJson<unknown>(`${AUTH}/user`, { method: 'PUT', token, body: { password } }));
}

/**
 * The session the confirmation link hands over in the URL fragment (#access_token=...&...&type=signup),
 * or the error it reports (#error=...&error_description=...).
 */
export type FragmentResult =
  | { kind: 'tokens'; access_token: string; refresh_token: string; expires_at: number; expires_in: number }
  | { kind: 'error'; message: string }
  | { kind: 'none' };

export function readSessionFragment(hash: string): FragmentResult {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const error = params.get('error');
  if (error) return { kind: 'error', message: params.get('error_description') ?? error };
  const access_token = params.get('access_token');
  const refresh_token = params.get('refresh_token');
  if (!access_token || !refresh_token) return { kind: 'none' };
  const expires_in = Number(params.get('expires_in') ?? '3600');
  const expires_at = Number(params.get('expires_at') ?? Math.floor(Date.now() / 1000) + expires_in);
  return { kind: 'tokens', access_token, refresh_token, expires_at, expires_in };
}
