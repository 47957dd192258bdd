import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps either side of the current one a code may come from (clock drift, a code typed late). */
const WINDOW = 1;

/** A new random secret (160 bits, RFC 4226's recommended length), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI the QR code carries: issuer and account name shown by the authenticator app. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return totpOf(secret, issuer, account).toString();
}

/**
 * The time step a code belongs to, when it is right for one of the steps around `now`, else null. The
 * caller refuses a step at or before the last one used, so no code works twice.
 */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of a time (what the authenticator app shows); for tests and tools. */
export function totpCodeAt(secret: string, at = Date.now()): string {
  return totpOf(secret).generate({ timestamp: at });
}

function totpOf(secret: string, issuer = 'Parley', label = 'Parley'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}
