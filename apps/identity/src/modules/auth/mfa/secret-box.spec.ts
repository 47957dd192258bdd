import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

const JWT_PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nnot read as a key here\n-----END PRIVATE KEY-----';

describe('SecretBox (TOTP secrets at rest)', () => {
  const box = SecretBox.fromConfig({
    MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    JWT_PRIVATE_KEY,
  });

  it('seals so the stored text holds no trace of the secret, and opens it again', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'factor-1');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'factor-1')).not.toBe(sealed);
    expect(box.open(sealed, 'factor-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a ciphertext moved to another factor, altered, or opened with another key', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'factor-1');
    expect(() => box.open(sealed, 'factor-2')).toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    expect(() => box.open(`v1:${bytes.toString('base64')}`, 'factor-1')).toThrow();
    const other = SecretBox.fromConfig({
      MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      JWT_PRIVATE_KEY,
    });
    expect(() => other.open(sealed, 'factor-1')).toThrow();
  });

  it('derives a stable key from the signing key when no key is configured', () => {
    const a = SecretBox.fromConfig({ JWT_PRIVATE_KEY });
    const b = SecretBox.fromConfig({ JWT_PRIVATE_KEY });
    expect(b.open(a.seal('secret', 'f'), 'f')).toBe('secret');
  });
});
