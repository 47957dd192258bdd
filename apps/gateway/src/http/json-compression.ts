import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** JSON answers from this size up are compressed; below it the saving is a few hundred bytes. */
export const COMPRESS_JSON_MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in, from the request's Accept-Encoding (RFC 9110 §12.5.3): Brotli where it is
 * accepted, else gzip, else none. A coding with q=0 is refused; `*` accepts what is not named.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

export interface JsonReply {
  getHeader(name: string): unknown;
  header(name: string, value: string): unknown;
  removeHeader(name: string): unknown;
}

/**
 * The gateway's onSend step for API answers (ADR 0038): a JSON body of a kilobyte or more is sent
 * compressed (Brotli at quality 4, or gzip at level 6: fast enough to do per request) to a client that
 * accepts it. Event streams, files and already encoded bodies pass untouched, so a stream is never
 * buffered; and /auth/v1 answers, which carry tokens, are never compressed (no BREACH-style guessing of a
 * secret next to reflected input).
 */
export async function compressJson(
  url: string,
  acceptEncoding: string | undefined,
  reply: JsonReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (url.startsWith('/auth/')) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) return payload;
  if (reply.getHeader('content-encoding')) return payload;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (body.length < COMPRESS_JSON_MIN_BYTES) return payload;
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary))
    reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding) return payload;
  const compressed =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: 4,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : await gzipAsync(body, { level: 6 });
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return compressed;
}
