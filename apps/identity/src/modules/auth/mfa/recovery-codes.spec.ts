import { newRecoveryCodes, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';

describe('recovery codes', () => {
  it('hands out ten distinct codes of two groups of five unambiguous characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it('reads a code typed in capitals, with spaces or without the hyphen, as the same code', () => {
    expect(normalizeRecoveryCode('K7M2Q-XR9TV')).toBe('k7m2qxr9tv');
    expect(normalizeRecoveryCode(' k7m2q xr9tv ')).toBe('k7m2qxr9tv');
    expect(normalizeRecoveryCode('k7m2qxr9tv')).toBe('k7m2qxr9tv');
  });

  it('takes nothing else for one: six digits, other lengths, ambiguous characters', () => {
    expect(normalizeRecoveryCode('123456')).toBeNull();
    expect(normalizeRecoveryCode('k7m2q-xr9t')).toBeNull();
    expect(normalizeRecoveryCode('k7m2q-xr9t0')).toBeNull();
  });
});
