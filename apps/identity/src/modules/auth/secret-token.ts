import { createHash, randomBytes } from 'node:crypto';

/** An opaque, URL-safe secret (256 bits) for refresh tokens and confirmation links. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: a database leak gives no usable token. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
