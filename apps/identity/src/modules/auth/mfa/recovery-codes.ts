import { randomInt } from 'node:crypto';

/** How many one-time recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** Crockford-like: no 0/1/i/l/o, so a code copied by hand from paper reads back the same. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

/** Ten codes like `k7m2q-xr9tv` (about 49 bits each), distinct. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  const half = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  while (codes.size < count) codes.add(`${half()}-${half()}`);
  return [...codes];
}

/**
 * The code as stored (before the digest): lower case, without spaces or hyphens. Null when the input
 * cannot be a recovery code at all (six digits are a TOTP code).
 */
export function normalizeRecoveryCode(input: string): string | null {
  const compact = input.toLowerCase().replace(/[\s-]/g, '');
  if (compact.length !== HALF * 2) return null;
  return [...compact].every((c) => ALPHABET.includes(c)) ? compact : null;
}
