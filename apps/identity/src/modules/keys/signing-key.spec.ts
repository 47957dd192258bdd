import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWK } from 'jose';
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

describe('SigningKey rotation (JWT_ADDITIONAL_PUBLIC_KEYS)', () => {
  const user = {
    userId: '5b0c1c4e-8a39-4f5e-9d52-3f1a2b3c4d5e',
    email: 'a@example.com',
    plan: 'free' as const,
  };
  const publicPem = (privatePem: string) =>
    createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }).toString();
  const verifies = (token: string, jwks: { keys: JWK[] }) =>
    jwtVerify(token, createLocalJWKSet(jwks as JSONWebKeySet), {
      algorithms: ['ES256'],
      issuer: 'parley',
      audience: 'authenticated',
    }).then(
      () => true,
      () => false,
    );

  it('keeps tokens of the previous key valid while the new key signs, and none beyond the listed keys', async () => {
    const oldPem = pem();
    const newPem = pem();
    const before = await SigningKey.fromPem(oldPem, 'parley', 'authenticated');
    const { token: oldToken } = await before.signAccessToken(user, 600);

    // Step 1: the next key is published before it signs; the old one still signs.
    const announcing = await SigningKey.fromPem(oldPem, 'parley', 'authenticated', publicPem(newPem));
    expect(announcing.jwks.keys.map((k) => k.kid)).toHaveLength(2);
    expect(announcing.jwks.keys[0]?.kid).toBe(before.publicJwk.kid);

    // Step 2: the new key signs; the old one is published for verification only.
    const after = await SigningKey.fromPem(newPem, 'parley', 'authenticated', publicPem(oldPem));
    const { token: newToken } = await after.signAccessToken(user, 600);
    expect(await verifies(oldToken, after.jwks)).toBe(true);
    expect(await verifies(newToken, after.jwks)).toBe(true);
    expect(await verifies(newToken, announcing.jwks)).toBe(true); // gateways still on step 1 accept it
    for (const key of after.jwks.keys) expect(key).not.toHaveProperty('d');

    // Step 3: the old key is dropped; its tokens no longer verify.
    const done = await SigningKey.fromPem(newPem, 'parley', 'authenticated');
    expect(await verifies(oldToken, done.jwks)).toBe(false);
    expect(await verifies(newToken, done.jwks)).toBe(true);
  });

  it('accepts several keys, ignores the signing key itself and duplicates', async () => {
    const current = pem();
    const a = pem();
    const b = pem();
    const key = await SigningKey.fromPem(
      current,
      'parley',
      'authenticated',
      [publicPem(a), publicPem(b), publicPem(a), publicPem(current)].join('\n'),
    );
    expect(key.jwks.keys).toHaveLength(3);
    expect(new Set(key.jwks.keys.map((k) => k.kid)).size).toBe(3);
  });

  it('refuses additional keys that are not EC P-256 PEM keys, naming the variable', async () => {
    const rsaPublic = createPublicKey(pem('rsa')).export({ type: 'spki', format: 'pem' }).toString();
    await expect(SigningKey.fromPem(pem(), 'parley', 'authenticated', rsaPublic)).rejects.toThrow(
      /JWT_ADDITIONAL_PUBLIC_KEYS: key 1 is not an EC P-256 key/,
    );
    await expect(SigningKey.fromPem(pem(), 'parley', 'authenticated', 'not a key')).rejects.toThrow(
      /JWT_ADDITIONAL_PUBLIC_KEYS/,
    );
    await expect(
      SigningKey.fromPem(
        pem(),
        'parley',
        'authenticated',
        '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
      ),
    ).rejects.toThrow(/key 1 is not a readable PEM key/);
  });
});
