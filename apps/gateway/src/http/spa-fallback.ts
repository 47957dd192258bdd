import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const API_PREFIXES = ['/api/', '/auth/v1/', '/health/', '/metrics', '/.well-known/'];

/**
 * Serves the built web app's index.html for client-side routes (/dashboard, /scenario/123, ...), so a
 * reload or a deep link works. API paths never fall back: they answer JSON 404.
 */
export class SpaFallback {
  private readonly indexHtml?: string;

  constructor(readonly rootDir: string) {
    const index = join(resolve(rootDir), 'index.html');
    this.indexHtml = existsSync(index) ? readFileSync(index, 'utf8') : undefined;
  }

  get available(): boolean {
    return this.indexHtml !== undefined;
  }

  serves(request: {
    method: string;
    url: string;
    headers: Record<string, string | string[] | undefined>;
  }): boolean {
    if (!this.indexHtml || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || API_PREFIXES.some((p) => path.startsWith(p))) return false;
    const accept = String(request.headers['accept'] ?? '');
    return accept === '' || accept.includes('text/html') || accept.includes('*/*');
  }

  send(reply: {
    status(code: number): unknown;
    header(n: string, v: string): unknown;
    send(b: unknown): unknown;
  }): void {
    reply.status(200);
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('cache-control', 'no-cache');
    reply.send(this.indexHtml);
  }
}
