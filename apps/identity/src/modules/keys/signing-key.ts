import { calculateJwkThumbprint, exportJWK, importPKCS8, SignJWT, type JWK } from 'jose';
import type { Aal, AmrEntry } from '@parley/contracts';
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

export const ACCESS_TOKEN_ALG = 'ES256';

export interface AccessTokenInput {
  userId: string;
  email: string;
  plan: 'free' | 'premium';
  sessionId?: string;
  aal?: Aal;
  amr?: AmrEntry[];
  /** On an `aal1` token of an account with a verified factor: the level the sign-in must still reach. */
  nextAal?: Aal;
}

/**
 * The key access tokens are signed with: EC P-256 (ES256), identified by its RFC 7638 thumbprint as `kid`,
 * its public half published as a JWKS. Rotation without signing anyone out: the JWKS also publishes
 * verify-only public keys (JWT_ADDITIONAL_PUBLIC_KEYS) - first the next key, before it signs, then the
 * previous one, until the last token it signed has expired (docs/operations.md).
 */
export class SigningKey {
  private constructor(
    private readonly privateKey: KeyObject,
    readonly publicJwk: JWK & { kid: string },
    private readonly issuer: string,
    private readonly audience: string,
    /** Published for verification only: never used to sign. */
    readonly verifyOnlyJwks: ReadonlyArray<JWK & { kid: string }> = [],
  ) {}

  /**
   * @param additionalPublicKeys zero or more PEM blocks (public keys, or private keys whose public half is
   *   meant) published in the JWKS beside the signing key; duplicates of the signing key are ignored.
   */
  static async fromPem(
    pem: string,
    issuer: string,
    audience: string,
    additionalPublicKeys = '',
  ): Promise<SigningKey> {
    const privateKey = createPrivateKey(pem);
    if (!isP256(privateKey)) {
      throw new Error(
        'JWT_PRIVATE_KEY must be an EC P-256 key (openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256)',
      );
    }
    await importPKCS8(pem, ACCESS_TOKEN_ALG); // refuses anything jose would not sign ES256 with
    const current = await publicJwkOf(createPublicKey(privateKey));
    const verifyOnly: Array<JWK & { kid: string }> = [];
    const blocks = additionalPublicKeys.match(/-----BEGIN [A-Z ]+-----[\s\S]+?-----END [A-Z ]+-----/g) ?? [];
    if (additionalPublicKeys.trim() !== '' && blocks.length === 0) {
      throw new Error('JWT_ADDITIONAL_PUBLIC_KEYS must hold PEM-encoded EC P-256 public keys');
    }
    for (const [index, block] of blocks.entries()) {
      let publicKey: KeyObject;
      try {
        publicKey = createPublicKey(block);
      } catch {
        throw new Error(`JWT_ADDITIONAL_PUBLIC_KEYS: key ${index + 1} is not a readable PEM key`);
      }
      if (!isP256(publicKey)) {
        throw new Error(`JWT_ADDITIONAL_PUBLIC_KEYS: key ${index + 1} is not an EC P-256 key`);
      }
      const jwk = await publicJwkOf(publicKey);
      if (jwk.kid !== current.kid && !verifyOnly.some((k) => k.kid === jwk.kid)) verifyOnly.push(jwk);
    }
    return new SigningKey(privateKey, current, issuer, audience, verifyOnly);
  }

  /** The signing key's public half first, then the verify-only keys. */
  get jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk, ...this.verifyOnlyJwks] };
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
      aal: input.aal ?? 'aal1',
      amr: input.amr ?? [],
      ...(input.nextAal ? { next_aal: input.nextAal } : {}),
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

function isP256(key: KeyObject): boolean {
  return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
}

async function publicJwkOf(publicKey: KeyObject): Promise<JWK & { kid: string }> {
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { ...jwk, kid, alg: ACCESS_TOKEN_ALG, use: 'sig' };
}
