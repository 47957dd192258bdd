import type { FastifyStaticOptions } from '@fastify/static';
import { resolve, sep } from 'node:path';

/** Files under /assets/ carry a content hash in their name: a new build never changes one in place. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon) is revalidated on every use, so a deploy shows at once. */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * How the gateway serves the built web app (dist/apps/web) with @fastify/static: a route per built file,
 * no directory listings, `/` → index.html. The build writes Brotli (`.br`) and gzip (`.gz`) variants next
 * to each text file (apps/web/vite.config.ts); `preCompressed` sends the best one the request's
 * Accept-Encoding allows, with `content-encoding` and `vary: accept-encoding`, and the file as it is to a
 * client that accepts neither. Only these files are compressed: API answers and event streams are never
 * touched (no compression hook on the server).
 */
export function webStaticOptions(rootDir: string): FastifyStaticOptions {
  const root = resolve(rootDir);
  const assets = `${root}${sep}assets${sep}`;
  return {
    root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    // The variants are reached through their file's own URL only.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply, path) => {
      void reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  };
}
