import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseEncoding, compressJson } from './json-compression';

const catalogue = Array.from({ length: 200 }, (_, i) => ({
  id: `scenario-${i}`,
  title: `Scenario ${i}`,
  description: 'Ask for the raise you have earned, with the numbers to back it.',
}));

describe('compressing JSON answers', () => {
  let server: FastifyInstance;

  beforeAll(async () => {
    server = Fastify();
    server.addHook('onSend', async (request, reply, payload) =>
      compressJson(request.url, request.headers['accept-encoding'], reply, payload),
    );
    server.get('/api/user/scenarios', async () => catalogue);
    server.get('/api/small', async () => ({ ok: true }));
    server.get('/auth/v1/user', async () => ({ padding: 'x'.repeat(4000) }));
    server.get('/api/stream', async (_request, reply) =>
      reply.header('content-type', 'text/event-stream').send(`data: ${'x'.repeat(4000)}\n\n`),
    );
    server.get('/api/file', async (_request, reply) =>
      reply.header('content-type', 'application/pdf').send(Buffer.alloc(4000, 1)),
    );
    await server.ready();
  });
  afterAll(() => server.close());

  const get = (url: string, acceptEncoding?: string) =>
    server.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a large JSON answer in Brotli, else gzip, and it reads back the same', async () => {
    const br = await get('/api/user/scenarios', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(catalogue);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(catalogue).length / 4);

    const gz = await get('/api/user/scenarios', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(catalogue);

    const refused = await get('/api/user/scenarios', 'br;q=0, gzip;q=0.5');
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('sends it as it is to a client that accepts no compression', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', '*;q=0']) {
      const plain = await get('/api/user/scenarios', accept);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toEqual(catalogue);
    }
  });

  it('leaves small answers, token answers, event streams and files untouched', async () => {
    for (const url of ['/api/small', '/auth/v1/user', '/api/stream', '/api/file']) {
      const reply = await get(url, 'br, gzip');
      expect(reply.headers['content-encoding']).toBeUndefined();
    }
  });

  it('reads Accept-Encoding by its weights', () => {
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding('')).toBeNull();
  });
});
