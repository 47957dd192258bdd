import type { AuthSession, AuthUser, MfaFactor } from '@parley/contracts';

export type { AuthSession, AuthUser, MfaFactor };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const optionalString = (value: unknown) => value === undefined || value === null || typeof value === 'string';

/**
 * The user of the contracts' `authUserSchema`, checked by hand: the contracts' zod schemas would add
 * ~60 KB gzipped to the landing page, which must stay small. Unknown fields are dropped.
 */
export function parseAuthUser(value: unknown): AuthUser | null {
  if (!isRecord(value) || !nonEmpty(value['id']) || typeof value['email'] !== 'string') return null;
  const metadata = value['user_metadata'] ?? {};
  if (!isRecord(metadata) || !optionalString(metadata['full_name'])) return null;
  if (!optionalString(value['email_confirmed_at']) || !optionalString(value['created_at'])) return null;
  const user: AuthUser = {
    id: value['id'],
    email: value['email'],
    user_metadata:
      metadata['full_name'] === undefined ? {} : { full_name: metadata['full_name'] as string | null },
  };
  if (value['email_confirmed_at'] !== undefined)
    user.email_confirmed_at = value['email_confirmed_at'] as string | null;
  if (typeof value['created_at'] === 'string') user.created_at = value['created_at'];
  const factors = Array.isArray(value['factors']) ? value['factors'].flatMap(parseFactor) : [];
  if (factors.length > 0) user.factors = factors;
  return user;
}

/** One of the user's second factors (GoTrue's `factors`); anything else is dropped. */
function parseFactor(value: unknown): MfaFactor[] {
  if (!isRecord(value) || !nonEmpty(value['id']) || value['factor_type'] !== 'totp') return [];
  const status = value['status'];
  if (status !== 'verified' && status !== 'unverified') return [];
  return [
    {
      id: value['id'],
      factor_type: 'totp',
      status,
      friendly_name: typeof value['friendly_name'] === 'string' ? value['friendly_name'] : '',
      created_at: typeof value['created_at'] === 'string' ? value['created_at'] : '',
      updated_at: typeof value['updated_at'] === 'string' ? value['updated_at'] : '',
    },
  ];
}

/** The user's verified TOTP factor, the one that signs in and that Settings turns off. */
export function verifiedFactorOf(user: AuthUser): MfaFactor | null {
  return user.factors?.find((factor) => factor.status === 'verified') ?? null;
}

/** The access token's claims the web reads (not verified here: the gateway does that). */
function claimsOf(token: string): Record<string, unknown> {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return isRecord(claims) ? claims : {};
  } catch {
    return {};
  }
}

/**
 * Signed in with the password (aal1) on an account with a verified second factor: the code is still due,
 * and the gateway refuses the user's data until it is given (ADR 0035).
 */
export function secondFactorDue(session: AuthSession): boolean {
  const claims = claimsOf(session.access_token);
  if (claims['aal'] === 'aal2') return false;
  return claims['next_aal'] === 'aal2' || verifiedFactorOf(session.user) !== null;
}

/** The contracts' `authSessionSchema`, with tokens that must not be empty to count as signed in. */
export function parseAuthSession(value: unknown): AuthSession | null {
  if (!isRecord(value)) return null;
  const { access_token, refresh_token, expires_at, expires_in, token_type } = value;
  if (!nonEmpty(access_token) || !nonEmpty(refresh_token)) return null;
  if (!Number.isInteger(expires_at) || !Number.isInteger(expires_in) || token_type !== 'bearer') return null;
  const user = parseAuthUser(value['user']);
  if (!user) return null;
  return {
    access_token,
    refresh_token,
    expires_at: expires_at as number,
    expires_in: expires_in as number,
    token_type,
    user,
  };
}

/** Where the signed-in session is persisted between visits. */
export const SESSION_STORAGE_KEY = 'parley.auth.session';

/** Auto-refresh (spec section 4/9): a tick every 30 s; refresh when fewer than 3 ticks remain before expiry. */
export const REFRESH_TICK_MS = 30_000;
export const REFRESH_THRESHOLD_TICKS = 3;

/** Whether `session` expires within the refresh threshold at `nowMs`. */
export function needsRefresh(session: AuthSession, nowMs: number): boolean {
  return session.expires_at * 1000 - nowMs < REFRESH_TICK_MS * REFRESH_THRESHOLD_TICKS;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Some browsers throw on access when storage is disabled.
    return null;
  }
}

/** Reads the stored session; anything missing, unparsable or malformed counts as no session and is removed. */
export function readStoredSession(): AuthSession | null {
  const store = storage();
  const raw = store?.getItem(SESSION_STORAGE_KEY);
  if (!store || raw == null) return null;
  try {
    const parsed = parseAuthSession(JSON.parse(raw));
    if (parsed) return parsed;
  } catch {
    // fall through: not JSON
  }
  store.removeItem(SESSION_STORAGE_KEY);
  return null;
}

export function writeStoredSession(session: AuthSession | null): void {
  const store = storage();
  if (!store) return;
  if (session) store.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  else store.removeItem(SESSION_STORAGE_KEY);
}
