import type { BrowserContext } from 'playwright-core';

/** The key and shape the web app persists its GoTrue-style session under. */
export const SESSION_STORAGE_KEY = 'parley.auth.session';

export const FAKE_SESSION = {
  access_token: 'e2e-access-token',
  refresh_token: 'e2e-refresh-token',
  expires_at: 4_102_444_800,
  expires_in: 3600,
  token_type: 'bearer',
  user: {
    id: '00000000-0000-4000-8000-0000000000e2',
    email: 'e2e@example.com',
    user_metadata: { full_name: 'E2E' },
  },
};

/** Makes every page of `context` start as a returning, signed-in visitor. */
export async function storeSession(context: BrowserContext): Promise<void> {
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(FAKE_SESSION),
  ] as const);
}
