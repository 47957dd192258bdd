import { createPrivateKey, createPublicKey, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, SignJWT } from 'jose';
import type { TestSystem } from './system';
import { uniqueSuffix } from './test-env';

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

/**
 * A user row in identity and an access token for it signed with the system's key, for tests of other
 * features that need a signed-in caller without going through sign-up each time.
 */
export async function createTestUser(
  system: TestSystem,
  options: { plan?: 'free' | 'premium'; fullName?: string } = {},
): Promise<TestUser> {
  const id = randomUUID();
  const email = `t-${uniqueSuffix()}@example.com`;
  const plan = options.plan ?? 'free';
  await system.sql(
    'identity',
    `INSERT INTO users (id, email, full_name, plan, email_confirmed_at) VALUES ($1, $2, $3, $4, now())`,
    [id, email, options.fullName ?? 'Test Person', plan],
  );
  return { id, email, token: await mintAccessToken(system, id, { plan, email }) };
}

export async function mintAccessToken(
  system: TestSystem,
  userId: string,
  claims: { plan?: 'free' | 'premium'; email?: string; sessionId?: string; expiresIn?: string } = {},
): Promise<string> {
  const jwk = await exportJWK(createPublicKey(system.jwtPrivateKey));
  return new SignJWT({
    email: claims.email,
    role: 'authenticated',
    plan: claims.plan ?? 'free',
    session_id: claims.sessionId ?? randomUUID(),
  })
    .setProtectedHeader({ alg: 'ES256', kid: await calculateJwkThumbprint(jwk) })
    .setSubject(userId)
    .setIssuer('parley')
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime(claims.expiresIn ?? '10m')
    .sign(createPrivateKey(system.jwtPrivateKey));
}

/** fetch against the system's gateway with a JSON body and a bearer token; each call from its own address. */
export function apiCall(
  system: TestSystem,
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  return fetch(`${system.baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    redirect: 'manual',
    headers: {
      'x-forwarded-for': ip,
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
