import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { createRemoteJWKSet, decodeProtectedHeader } from 'jose';
import { KeyObject } from 'node:crypto';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { revokedSessionKey, type AccessTokenClaims } from '@parley/contracts';
import type { GatewayEnv } from '@parley/server-config';
import { Redis } from 'ioredis';
import { REDIS } from '@parley/server-database';
import { GATEWAY_ENV } from '../rpc/service-clients';

const pemCache = new WeakMap<object, string>();
function pemFor(key: Parameters<typeof KeyObject.from>[0]): string {
  let pem = pemCache.get(key);
  if (!pem) {
    pem = KeyObject.from(key).export({ type: 'spki', format: 'pem' }).toString();
    pemCache.set(key, pem);
  }
  return pem;
}

/** The only algorithm an access token may use; anything else (HS256, none, RS256) is refused. */
export const ACCESS_TOKEN_ALGORITHMS = ['ES256'] as const;

export interface AuthenticatedUser {
  id: string;
  email?: string;
  plan: 'free' | 'premium';
  /** The refresh-token family the access token belongs to (one sign-in). */
  sessionId?: string;
}

/**
 * Verifies bearer access tokens with passport-jwt against the identity service's JWKS, picked by `kid`
 * and cached (jose refetches on an unknown kid, so key rotation needs no restart).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(GATEWAY_ENV) env: GatewayEnv,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    const jwks = createRemoteJWKSet(new URL(env.JWKS_URL), {
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: [...ACCESS_TOKEN_ALGORITHMS],
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      ignoreExpiration: false,
      passReqToCallback: false,
      secretOrKeyProvider: (
        _req: unknown,
        rawJwt: string,
        done: (err: unknown, key?: string | Buffer) => void,
      ) => {
        let header: ReturnType<typeof decodeProtectedHeader>;
        try {
          header = decodeProtectedHeader(rawJwt);
        } catch (error) {
          return done(error);
        }
        if (header.alg !== 'ES256') return done(new Error('unsupported algorithm'));
        jwks(header as Parameters<typeof jwks>[0])
          .then((key) =>
            // passport-jwt hands the key to jsonwebtoken, which takes PEM; the JWKS key is exported once per kid.
            done(null, pemFor(key)),
          )
          .catch((error: unknown) => done(error));
      },
    });
  }

  /** Signature, algorithm, issuer, audience and expiry are checked by now; a signed-out session is not. */
  async validate(payload: AccessTokenClaims & { session_id?: string }): Promise<AuthenticatedUser | false> {
    if (payload.session_id && (await this.redis.exists(revokedSessionKey(payload.session_id)))) return false;
    return {
      id: payload.sub,
      email: payload.email,
      plan: payload.plan ?? 'free',
      sessionId: payload.session_id,
    };
  }
}
