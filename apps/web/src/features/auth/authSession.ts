import { z } from 'zod';

/**
 * The GoTrue-style session the gateway's /auth/v1 endpoints return (ARCHITECTURE.md, "The /api contract").
 * Kept here until libs/contracts publishes the shared schema; then import it from @parley/contracts.
 */
export const authSessionSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_at: z.number(),
  expires_in: z.number(),
  token_type: z.string(),
  user: z.looseObject({
    id: z.string().min(1),
    email: z.string(),
    user_metadata: z.looseObject({ full_name: z.string().optional() }),
  }),
});

export type AuthSession = z.infer<typeof authSessionSchema>;

/** Where the signed-in session is persisted between visits. */
export const SESSION_STORAGE_KEY = 'parley.auth.session';

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
    const parsed = authSessionSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
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
