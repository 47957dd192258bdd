import { newTotpSecret, totpCodeAt, totpStepOf, totpUri } from './totp';

describe('TOTP codes', () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 10, 26, 8, 0, 10);
  const step = Math.floor(now / 30_000);

  it('makes a 160-bit base32 secret and an otpauth URI naming the issuer and account', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = totpUri(secret, 'Parley', 'ada@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Parley:ada%40example\.com\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=Parley');
  });

  it('accepts the code of the current step and of one step either side, as its step', () => {
    expect(totpStepOf(secret, totpCodeAt(secret, now), now)).toBe(step);
    expect(totpStepOf(secret, totpCodeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(totpStepOf(secret, totpCodeAt(secret, now + 30_000), now)).toBe(step + 1);
  });

  it('refuses codes two steps away, of another secret, or not six digits', () => {
    expect(totpStepOf(secret, totpCodeAt(secret, now - 60_000), now)).toBeNull();
    expect(totpStepOf(secret, totpCodeAt(secret, now + 60_000), now)).toBeNull();
    const other = newTotpSecret();
    const code = totpCodeAt(other, now);
    if ([-1, 0, 1].every((d) => totpCodeAt(secret, now + d * 30_000) !== code))
      expect(totpStepOf(secret, code, now)).toBeNull();
    expect(totpStepOf(secret, '12345', now)).toBeNull();
    expect(totpStepOf(secret, 'abcdef', now)).toBeNull();
  });
});
