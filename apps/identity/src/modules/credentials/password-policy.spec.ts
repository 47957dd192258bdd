import { AUTH_ERRORS } from '@parley/contracts';
import { COMMON_PASSWORD_COUNT, passwordProblem } from './password-policy';
import { PasswordHasher } from './password-hasher';

describe('password policy (OWASP ASVS 5.0 §6.2)', () => {
  it('refuses fewer than 8 characters, counting code points', () => {
    expect(passwordProblem('short12')).toBe(AUTH_ERRORS.passwordTooShort);
    expect(passwordProblem('ünïcödé')).toBe(AUTH_ERRORS.passwordTooShort);
    expect(passwordProblem('🙂🙂🙂🙂🙂🙂🙂🙂')).toBeNull();
  });

  it('allows at least 64 characters and refuses more than 128', () => {
    expect(passwordProblem('a correct horse battery staple '.repeat(2) + 'x'.repeat(2))).toBeNull();
    expect(passwordProblem('q'.repeat(64) + 'Z'.repeat(64))).toBeNull();
    expect(passwordProblem('q'.repeat(129))).toBe(AUTH_ERRORS.passwordTooLong);
  });

  it('has no composition rules', () => {
    expect(passwordProblem('all lowercase words here')).toBeNull();
  });

  it('refuses passwords on the shipped list of common passwords, whatever their case', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(10_000);
    expect(passwordProblem('password')).toBe(AUTH_ERRORS.passwordTooCommon);
    expect(passwordProblem('Password')).toBe(AUTH_ERRORS.passwordTooCommon);
    expect(passwordProblem('12345678')).toBe(AUTH_ERRORS.passwordTooCommon);
    expect(passwordProblem('qwertyuiop')).toBe(AUTH_ERRORS.passwordTooCommon);
  });
});

describe('PasswordHasher', () => {
  it('stores argon2id with the OWASP parameters and verifies only the right password', async () => {
    const hasher = new PasswordHasher();
    const stored = await hasher.hash('tangerine lamp ocean');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(stored, 'tangerine lamp ocean')).toBe(true);
    expect(await hasher.verify(stored, 'tangerine lamp ocean!')).toBe(false);
    expect(await hasher.verifyAgainstNothing('anything')).toBe(false);
    // The check without an account costs what a real one does: a hash with the very same parameters.
    const parameters = (h: string) => h.split('$').slice(0, 4).join('$');
    expect(parameters(await hasher.dummy)).toBe(parameters(stored));
  });
});
