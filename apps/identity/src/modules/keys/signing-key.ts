import { calculateJwkThumbprint, exportJWK, importPKCS8, SignJWT, type JWK } from 'jose';
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

export const ACCESS_TOKEN_ALG = 'ES256';

export interface AccessTokenInput {
  userId: string;
  email: string;
  plan: 'free' | 'premium';
  sessionId?: string;
}

/**
 * The key access tokens are signed with: EC P-256 (ES256), identified by its RFC 7638 thumbprint as `kid`,
 * its public half published as a JWKS. Rotation: run two keys side by side by publishing both (later).
 */
export class SigningKey {
  private constructor(
    private readonly privateKey: KeyObject,
    readonly publicJwk: JWK & { kid: string },
    private readonly issuer: string,
    private readonly audience: string,
  ) {}

  static async fromPem(pem: string, issuer: string, audience: string): Promise<SigningKey> {
    const privateKey = createPrivateKey(pem);
    if (
      privateKey.asymmetricKeyType !== 'ec' ||
      privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1'
    ) {
      throw new Error(
        'JWT_PRIVATE_KEY must be an EC P-256 key (openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256)',
      );
    }
    await importPKCS8(pem, ACCESS_TOKEN_ALG); // refuses anything jose would not sign ES256 with
    const jwk = await exportJWK(createPublicKey(privateKey));
    const kid = await calculateJwkThumbprint(jwk);
    return new SigningKey(privateKey, { ...jwk, kid, alg: ACCESS_TOKEN_ALG, use: 'sig' }, issuer, audience);
  }

  get jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk] };
  }

  async signAccessToken(
    input: AccessTokenInput,
    ttlSeconds: number,
    now = new Date(),
  ): Promise<{ token: string; expiresAt: number }> {
    const iat = Math.floor(now.getTime() / 1000);
    const expiresAt = iat + ttlSeconds;
    const token = await new SignJWT({
      email: input.email,
      role: 'authenticated',
      plan: input.plan,
      ...(input.sessionId ? { session_id: input.sessionId } : {}),
    })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, kid: this.publicJwk.kid, typ: 'JWT' })
      .setSubject(input.userId)
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setIssuedAt(iat)
      .setExpirationTime(expiresAt)
      .sign(this.privateKey);
    return { token, expiresAt };
  }
}
