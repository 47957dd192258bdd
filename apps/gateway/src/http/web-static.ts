import type { FastifyStaticOptions } from '@fastify/static';
import { resolve, sep } from 'node:path';

/** Files under /assets/ carry a content hash in their name: a new build never changes one in place. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon) is revalidated on every use, so a deploy shows at once. */
export const REVALIDATE_CACHE = 'no-cache';

/** The pre-compressed variants: reached through their file's own URL only. */
const COMPRESSED_VARIANT = /\.(?:br|gz)$/;

/**
 * How the gateway serves the built web app (dist/apps/web) with @fastify/static: one route that looks the
 * file up on disk at each request (so a web build replaced under a running gateway is served at once, and
 * a file it no longer has answers 404 through the not-found handler), no directory listings, `/` →
 * index.html. What is not a file falls through to the not-found handler: the SPA fallback for client
 * routes, 404 for a missing asset (http/spa-fallback.ts, ADR 0030). The build writes Brotli (`.br`) and
 * gzip (`.gz`) variants next to each text file (apps/web/vite.config.ts); `preCompressed` sends the best
 * one the request's Accept-Encoding allows, with `content-encoding` and `vary: accept-encoding`, and the
 * file as it is to a client that accepts neither. Only these files are compressed: API answers and event streams are never
 * touched (no compression hook on the server).
 */
export function webStaticOptions(rootDir: string): FastifyStaticOptions {
  const root = resolve(rootDir);
  const assets = `${root}${sep}assets${sep}`;
  return {
    root,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    allowedPath: (pathname) => !COMPRESSED_VARIANT.test(pathname),
    setHeaders: (reply, path) => {
      void reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  };
}
