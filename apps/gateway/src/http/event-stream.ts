import type { ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '@parley/server-observability';
import type { RawReply } from '../coaching/chat.controller';

/**
 * Starts a server-sent event stream on Fastify's raw response: the gateway's headers, no caching or proxy
 * buffering, flushed at once so the browser sees the stream open before the first piece.
 */
export function openEventStream(reply: RawReply, request: { id: string }): ServerResponse {
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
    [REQUEST_ID_HEADER]: request.id,
  });
  res.flushHeaders();
  return res;
}

/** One `data: {...}` event. */
export function sendEvent(res: ServerResponse, data: object): void {
  res.write(`data: ${JSON.stringify(data)}\n\n`);
}
