import type { AuthSession, AuthUser } from '@parley/contracts';

export type { AuthSession, AuthUser };

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
  return user;
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
