import { AUTH_ERRORS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@parley/contracts';
import commonPasswords from '@zxcvbn-ts/language-common/src/passwords.json';

/**
 * OWASP ASVS 5.0 §6.2: at least 8 characters, at least 64 allowed (we allow 128), no composition rules,
 * and not one of the most common passwords. Length counts Unicode code points, so any script works and
 * nothing is truncated. The list ships with the service (zxcvbn's ~49k most common passwords, MIT).
 */
const COMMON = new Set(
  (commonPasswords as string[]).filter((p) => p.length >= PASSWORD_MIN_LENGTH).map((p) => p.toLowerCase()),
);

export function passwordProblem(password: string): string | null {
  const length = [...password.normalize('NFC')].length;
  if (length < PASSWORD_MIN_LENGTH) return AUTH_ERRORS.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return AUTH_ERRORS.passwordTooLong;
  if (COMMON.has(password.toLowerCase())) return AUTH_ERRORS.passwordTooCommon;
  return null;
}

export const COMMON_PASSWORD_COUNT = COMMON.size;
