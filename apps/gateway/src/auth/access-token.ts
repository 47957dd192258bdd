import { Inject, Injectable } from '@nestjs/common';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { GatewayEnv } from '@parley/server-config';
import { GATEWAY_ENV } from '../rpc/service-clients';

/** The only algorithm an access token may use; anything else (HS256, none, RS256) is refused. */
export const ACCESS_TOKEN_ALGORITHMS = ['ES256'] as const;

export interface AuthenticatedUser {
  id: string;
  email?: string;
  plan: 'free' | 'premium';
  /** The refresh-token family the access token belongs to (one sign-in). */
  sessionId?: string;
  /** The sign-in's assurance level: `aal2` once a second factor was verified in it. */
  aal?: 'aal1' | 'aal2';
  /** The token is `aal1` on an account with a verified factor: only finishing the sign-in is open to it. */
  secondFactorDue?: boolean;
}

/** How long a verified token is trusted without verifying its signature again (never past its expiry). */
const VERIFIED_TTL_MS = 5 * 60_000;
/** Most verified tokens kept; the oldest goes first. */
const VERIFIED_MAX = 20_000;

/**
 * Verifies bearer access tokens (ES256 signature against the identity service's JWKS, picked by `kid`;
 * issuer, audience, expiry) and remembers the ones it verified, by the token itself, for up to five
 * minutes and never past their expiry: a learner sends the same token with every request for its whole
 * life, and the signature check was the largest cost of an authenticated request. What can change
 * before a token expires, a signed-out session, is checked per request by the guard, not cached here.
 * jose's JWKS is cached too and refetched on an unknown `kid`, so key rotation needs no restart.
 */
@Injectable()
export class AccessTokenVerifier {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;
  private readonly verified = new Map<string, { user: AuthenticatedUser; until: number }>();

  constructor(@Inject(GATEWAY_ENV) private readonly env: GatewayEnv) {
    this.jwks = createRemoteJWKSet(new URL(env.JWKS_URL), {
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
  }

  /** The token's user, or a rejection when the token is not one of ours, altered, or expired. */
  async verify(token: string, now = Date.now()): Promise<AuthenticatedUser> {
    const known = this.verified.get(token);
    if (known) {
      if (known.until > now) return known.user;
      this.verified.delete(token);
    }
    const { payload } = await jwtVerify(token, this.jwks, {
      algorithms: [...ACCESS_TOKEN_ALGORITHMS],
      issuer: this.env.JWT_ISSUER,
      audience: this.env.JWT_AUDIENCE,
      requiredClaims: ['sub', 'exp'],
    });
    const user = userOf(payload);
    if (this.verified.size >= VERIFIED_MAX) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, { user, until: Math.min(now + VERIFIED_TTL_MS, payload.exp! * 1000) });
    return user;
  }
}

function userOf(
  payload: JWTPayload & {
    email?: unknown;
    plan?: unknown;
    session_id?: unknown;
    aal?: unknown;
    next_aal?: unknown;
  },
): AuthenticatedUser {
  if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('the token names no user');
  return {
    id: payload.sub,
    ...(typeof payload.email === 'string' ? { email: payload.email } : {}),
    plan: payload.plan === 'premium' ? 'premium' : 'free',
    ...(typeof payload.session_id === 'string' ? { sessionId: payload.session_id } : {}),
    aal: payload.aal === 'aal2' ? 'aal2' : 'aal1',
    secondFactorDue: payload.aal !== 'aal2' && payload.next_aal === 'aal2',
  };
}
