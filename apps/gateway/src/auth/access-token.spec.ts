import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { GatewayEnv } from '@parley/server-config';
import { AccessTokenVerifier } from './access-token';

/** A JWKS endpoint on 127.0.0.1, as identity serves it, counting how often it is read. */
async function jwksServer(
  keys: JWK[],
): Promise<{ url: string; reads: () => number; close(): Promise<void> }> {
  let reads = 0;
  const server: Server = createServer((_req, res) => {
    reads += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    reads: () => reads,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('AccessTokenVerifier', () => {
  let key: CryptoKey;
  let jwks: Awaited<ReturnType<typeof jwksServer>>;
  let verifier: AccessTokenVerifier;

  const sign = (
    claims: Record<string, unknown> = {},
    options: { expiresIn?: string; issuer?: string; signWith?: CryptoKey } = {},
  ) =>
    new SignJWT({ email: 'ada@example.com', plan: 'premium', session_id: 'family-1', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject('3f0c6a8e-2b1d-4c55-9e7a-1d2c3b4a5f60')
      .setIssuer(options.issuer ?? 'parley')
      .setAudience('authenticated')
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '10m')
      .sign(options.signWith ?? key);

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256');
    key = pair.privateKey;
    jwks = await jwksServer([{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }]);
    verifier = new AccessTokenVerifier({
      JWKS_URL: jwks.url,
      JWT_ISSUER: 'parley',
      JWT_AUDIENCE: 'authenticated',
    } as GatewayEnv);
  });
  afterAll(() => jwks.close());

  it('reads the user from a valid token', async () => {
    await expect(verifier.verify(await sign())).resolves.toEqual({
      id: '3f0c6a8e-2b1d-4c55-9e7a-1d2c3b4a5f60',
      email: 'ada@example.com',
      plan: 'premium',
      sessionId: 'family-1',
      aal: 'aal1',
      secondFactorDue: false,
    });
  });

  it('reads the assurance level: aal1 with next_aal aal2 is a sign-in whose second factor is due', async () => {
    await expect(verifier.verify(await sign({ aal: 'aal1', next_aal: 'aal2' }))).resolves.toMatchObject({
      aal: 'aal1',
      secondFactorDue: true,
    });
    await expect(verifier.verify(await sign({ aal: 'aal2', next_aal: 'aal2' }))).resolves.toMatchObject({
      aal: 'aal2',
      secondFactorDue: false,
    });
  });

  it('refuses a token signed by another key, from another issuer, of another algorithm, or altered', async () => {
    const other = (await generateKeyPair('ES256')).privateKey;
    const hs256 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setSubject('x')
      .setIssuer('parley')
      .setAudience('authenticated')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    const good = await sign();
    await verifier.verify(good); // known now: an altered copy must not pass as it
    const [head, body, signature] = good.split('.');
    const forged = `${head}.${Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(body!, 'base64url').toString()),
        plan: 'premium',
        sub: 'someone-else',
      }),
    ).toString('base64url')}.${signature}`;
    for (const bad of [
      await sign({}, { signWith: other }),
      await sign({}, { issuer: 'elsewhere' }),
      await sign({}, { expiresIn: '-1m' }),
      hs256,
      forged,
      'not-a-jwt',
    ])
      await expect(verifier.verify(bad)).rejects.toThrow();
  });

  it('verifies a token once, then knows it: no second signature check, no second JWKS read', async () => {
    const token = await sign({ session_id: 'family-2' });
    const first = await verifier.verify(token);
    const reads = jwks.reads();
    // The very object the first verification made: a second verification would make a new one.
    for (let i = 0; i < 100; i++) expect(await verifier.verify(token)).toBe(first);
    expect(jwks.reads()).toBe(reads);
  });

  it('does not trust a known token past its expiry', async () => {
    const token = await sign({}, { expiresIn: '2s' });
    await verifier.verify(token);
    // Two seconds on, the token has expired: it is verified again, and refused.
    await expect(verifier.verify(token, Date.now() + 2100)).resolves.toBeDefined(); // jose's clock: not yet
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await expect(verifier.verify(token)).rejects.toThrow(/exp/);
  });
});
