import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  /** Origin the server answers on, such as http://127.0.0.1:40123. */
  readonly origin: string;
  close(): Promise<void>;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves a built single-page app from `root` on 127.0.0.1 and a free port. A path that names no file and
 * has no extension gets index.html, as the gateway does for the web app's client-side routes.
 */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const base = normalize(root + sep);
  const server: Server = createServer((request, response) => {
    void (async () => {
      const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
      let path = normalize(join(base, decodeURIComponent(pathname)));
      if (!path.startsWith(base)) {
        response.writeHead(403).end();
        return;
      }
      if (!(await isFile(path))) {
        if (extname(pathname) !== '') {
          response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
          return;
        }
        path = join(base, 'index.html');
      }
      response.writeHead(200, {
        'Content-Type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
        'Cache-Control': 'no-store',
      });
      createReadStream(path).pipe(response);
    })().catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
