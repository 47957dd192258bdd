import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const API_PREFIXES = ['/api/', '/auth/v1/', '/health/', '/metrics', '/.well-known/'];
/** A file of the build's own (a script, a style sheet, an image…): never a client route. */
const FILE_PATH =
  /\.(?:m?js|css|map|json|html?|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|txt|xml|webmanifest|wasm|br|gz)$/i;

interface IndexCopy {
  /** Which file this copy was read from: inode, size and modification time. */
  version: string;
  html: string;
}

/**
 * Serves the built web app's index.html for client-side routes (/dashboard, /scenario/123, ...), so a
 * reload or a deep link works. API paths never fall back: they answer JSON 404. Neither do the build's own
 * files: a script or style sheet that is not there (a page of an older build asking for a chunk a deploy
 * removed) answers 404, never the page, so the browser sees a failed load it can recover from (ADR 0030).
 *
 * index.html is read again whenever the file changes, so a web build replaced under a running gateway is
 * the one served next.
 */
export class SpaFallback {
  private readonly indexPath: string;
  /** Whether there was a web build when the gateway started (if not, it serves the API only). */
  readonly available: boolean;
  private copy?: IndexCopy;

  constructor(readonly rootDir: string) {
    this.indexPath = join(resolve(rootDir), 'index.html');
    this.available = this.read() !== undefined;
  }

  serves(request: {
    method: string;
    url: string;
    headers: Record<string, string | string[] | undefined>;
  }): boolean {
    if (!this.available || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || API_PREFIXES.some((p) => path.startsWith(p))) return false;
    if (path.startsWith('/assets/') || FILE_PATH.test(path)) return false;
    const accept = String(request.headers['accept'] ?? '');
    return accept === '' || accept.includes('text/html') || accept.includes('*/*');
  }

  send(reply: {
    status(code: number): unknown;
    header(n: string, v: string): unknown;
    send(b: unknown): unknown;
  }): void {
    const html = this.read();
    reply.header('cache-control', 'no-cache');
    if (html === undefined) {
      // Between the old build's removal and the new one's index.html: a moment, during a rebuild in place.
      reply.status(503);
      reply.header('retry-after', '2');
      reply.header('content-type', 'text/plain; charset=utf-8');
      reply.send('Parley is being updated. Try again in a moment.');
      return;
    }
    reply.status(200);
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.send(html);
  }

  /** index.html as the file is now: the copy in memory while the file is unchanged, undefined when absent. */
  private read(): string | undefined {
    try {
      const stat = statSync(this.indexPath);
      const version = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
      if (this.copy?.version !== version) this.copy = { version, html: readFileSync(this.indexPath, 'utf8') };
      return this.copy.html;
    } catch {
      return undefined;
    }
  }
}
