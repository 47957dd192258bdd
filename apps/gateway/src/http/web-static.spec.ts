import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { SpaFallback } from './spa-fallback';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, webStaticOptions } from './web-static';

/** A web build as apps/web/vite.config.ts writes it: hashed assets with .br and .gz variants. */
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const indexHtml = `<!doctype html><html><head><title>Parley</title></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

describe('serving the built web app', () => {
  let dir: string;
  let server: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parley-web-'));
    mkdirSync(join(dir, 'assets'));
    const asset = join(dir, 'assets', 'index-AbC123.js');
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    // Only a gzip variant: a client that prefers Brotli gets gzip, one that takes neither the file itself.
    writeFileSync(join(dir, 'assets', 'styles-XyZ789.css'), 'body{margin:0}'.repeat(200));
    writeFileSync(join(dir, 'assets', 'styles-XyZ789.css.gz'), gzipSync('body{margin:0}'.repeat(200)));
    writeFileSync(join(dir, 'index.html'), indexHtml);
    writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(indexHtml));
    server = Fastify();
    await server.register(fastifyStatic, webStaticOptions(dir));
    server.get('/api/ping', async () => ({ pong: 'x'.repeat(4000) }));
    await server.ready();
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    server.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the Brotli file to a client that accepts br, with the type of the file it stands for', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(script));
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(script);
  });

  it('sends gzip to a client that accepts only gzip, and the file itself without Accept-Encoding', async () => {
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(script);

    const identity = await get('/assets/index-AbC123.js');
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.payload).toBe(script);

    const refused = await get('/assets/index-AbC123.js', 'identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.payload).toBe(script);
  });

  it('falls back to the next encoding the client accepts when a variant was not written', async () => {
    const res = await get('/assets/styles-XyZ789.css', 'br, gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe('body{margin:0}'.repeat(200));
  });

  it('caches hashed assets for a year and revalidates index.html on every use', async () => {
    for (const encoding of ['br', undefined]) {
      const asset = await get('/assets/index-AbC123.js', encoding);
      expect(asset.headers['cache-control']).toBe(IMMUTABLE_CACHE);
      const page = await get('/', encoding);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe(REVALIDATE_CACHE);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const html = encoding === 'br' ? brotliDecompressSync(page.rawPayload).toString('utf8') : page.payload;
      expect(html).toBe(indexHtml);
    }
  });

  it('does not expose the compressed variants under URLs of their own', async () => {
    expect((await get('/assets/index-AbC123.js.br')).statusCode).toBe(404);
    expect((await get('/index.html.br')).statusCode).toBe(404);
  });

  it('leaves other routes alone: an API answer goes out uncompressed whatever the client accepts', async () => {
    const res = await get('/api/ping', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ pong: 'x'.repeat(4000) });
  });
});

describe('a web build replaced under a running server', () => {
  let dir: string;
  let server: FastifyInstance;
  const page = (build: string) =>
    `<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-${build}.js"></script></body></html>`;

  /** What `vite build` leaves (emptyOutDir): index.html and the build's own hashed chunks, nothing older. */
  function writeBuild(build: string): void {
    rmSync(join(dir, 'assets'), { recursive: true, force: true });
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', `index-${build}.js`), `console.log(${JSON.stringify(build)});`);
    writeFileSync(join(dir, 'assets', `Lazy-${build}.js`), `export const build = ${JSON.stringify(build)};`);
    writeFileSync(join(dir, 'index.html'), page(build));
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parley-web-'));
    writeBuild('OLD111');
    const spa = new SpaFallback(dir);
    server = Fastify();
    await server.register(fastifyStatic, webStaticOptions(dir));
    // As the gateway's error filter does with Nest's NotFoundException (http-error.filter.ts).
    server.setNotFoundHandler((request, reply) => {
      if (spa.serves(request)) spa.send(reply);
      else void reply.status(404).send({ error: 'Not found' });
    });
    await server.ready();
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, accept = '*/*') => server.inject({ method: 'GET', url, headers: { accept } });

  it('serves the new build at once: its index.html on every route, its assets, and 404 for the old ones', async () => {
    expect((await get('/assets/Lazy-OLD111.js')).statusCode).toBe(200);
    expect((await get('/dashboard', 'text/html')).payload).toBe(page('OLD111'));

    writeBuild('NEW222');

    for (const url of ['/', '/dashboard', '/scenario/abc']) {
      const res = await get(url, 'text/html,application/xhtml+xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
      expect(res.payload).toBe(page('NEW222'));
    }
    const fresh = await get('/assets/Lazy-NEW222.js');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    // A page of the old build asking for its chunk: 404, never the page (a module script of type text/html).
    for (const accept of ['*/*', 'text/html']) {
      const gone = await get('/assets/Lazy-OLD111.js', accept);
      expect(gone.statusCode).toBe(404);
      expect(gone.headers['content-type']).not.toMatch(/text\/html/);
    }
    expect((await get('/favicon-gone.svg')).statusCode).toBe(404);
  });

  it('answers 503 with Retry-After, not a blank page, while index.html is momentarily absent', async () => {
    rmSync(join(dir, 'index.html'));
    try {
      const res = await get('/dashboard', 'text/html');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
    } finally {
      writeFileSync(join(dir, 'index.html'), page('NEW222'));
    }
    expect((await get('/dashboard', 'text/html')).statusCode).toBe(200);
  });

  it('never falls back for API paths, and serves the API only when there was no build at start', async () => {
    expect((await get('/api/nothing', 'text/html')).statusCode).toBe(404);
    const none = new SpaFallback(join(dir, 'no-build-here'));
    expect(none.available).toBe(false);
    expect(none.serves({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } })).toBe(false);
  });
});
