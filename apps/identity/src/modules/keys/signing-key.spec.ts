import { generateKeyPairSync } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { SigningKey } from './signing-key';

function pem(type: 'ec' | 'rsa' = 'ec'): string {
  const { privateKey } =
    type === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

describe('SigningKey', () => {
  it('signs ES256 access tokens that verify against its published JWKS by kid', async () => {
    const key = await SigningKey.fromPem(pem(), 'parley', 'authenticated');
    const { token, expiresAt } = await key.signAccessToken(
      { userId: '5b0c1c4e-8a39-4f5e-9d52-3f1a2b3c4d5e', email: 'a@example.com', plan: 'free' },
      600,
    );
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(key.jwks), {
      algorithms: ['ES256'],
      issuer: 'parley',
      audience: 'authenticated',
    });
    expect(protectedHeader.kid).toBe(key.publicJwk.kid);
    expect(payload.sub).toBe('5b0c1c4e-8a39-4f5e-9d52-3f1a2b3c4d5e');
    expect(payload.exp).toBe(expiresAt);
    expect(key.jwks.keys[0]).not.toHaveProperty('d'); // never the private part
  });

  it('refuses a key that is not EC P-256', async () => {
    await expect(SigningKey.fromPem(pem('rsa'), 'parley', 'authenticated')).rejects.toThrow(/EC P-256/);
  });
});
