import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for the TOTP secrets at rest. The key is MFA_ENCRYPTION_KEY (32 bytes, base64); without it
 * (local runs and tests; every deployment sets one, k8s/secrets.example) a key is derived from the token
 * signing key with HKDF. The row's id is the associated data, so a ciphertext copied onto another factor does not
 * decrypt. Stored as `v1:` + base64(iv ‖ tag ‖ ciphertext).
 */
export class SecretBox {
  /** A key of its own for digests (HKDF from the sealing key), never used to encrypt. */
  private readonly digestKey: Buffer;

  private constructor(private readonly key: Buffer) {
    this.digestKey = Buffer.from(hkdfSync('sha256', key, 'parley', 'mfa recovery codes', 32));
  }

  static fromConfig(env: { MFA_ENCRYPTION_KEY?: string; JWT_PRIVATE_KEY: string }): SecretBox {
    if (env.MFA_ENCRYPTION_KEY) return new SecretBox(Buffer.from(env.MFA_ENCRYPTION_KEY, 'base64'));
    const derived = hkdfSync('sha256', env.JWT_PRIVATE_KEY, 'parley', 'mfa secrets at rest', 32);
    return new SecretBox(Buffer.from(derived));
  }

  seal(plaintext: string, boundTo: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
  }

  /**
   * HMAC-SHA-256 of a recovery code: what is stored of it. Keyed, so a copy of the database alone gives no
   * way to try the 50-bit codes offline.
   */
  digest(value: string): string {
    return createHmac('sha256', this.digestKey).update(value).digest('base64url');
  }

  open(stored: string, boundTo: string): string {
    const [version, body] = stored.split(':');
    if (version !== VERSION || !body) throw new Error('unknown secret format');
    const bytes = Buffer.from(body, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  }
}
