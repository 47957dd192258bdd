import { HttpException } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { z } from 'zod';
import { RpcError, toRpcErrorBody } from './rpc';

describe('toRpcErrorBody: what the caller of an RPC is told', () => {
  it('keeps the status and words of an RpcError, and of a body a stream ended with', () => {
    expect(toRpcErrorBody(new RpcError(429, 'Too many AI requests.'))).toEqual({
      status: 429,
      error: 'Too many AI requests.',
    });
    // A streaming handler ends its Observable with the body itself: a rate-limited chat turn must not
    // reach the learner as "Internal server error".
    expect(toRpcErrorBody({ status: 429, error: 'Too many AI requests.' })).toEqual({
      status: 429,
      error: 'Too many AI requests.',
    });
    expect(toRpcErrorBody({ status: 499, error: 'Cancelled' })).toEqual({ status: 499, error: 'Cancelled' });
  });

  it("keeps an RpcError's machine-readable code and the seconds to wait", () => {
    const error = new RpcError(429, 'Wait.', { code: 'over_email_send_rate_limit', retryAfterSeconds: 42 });
    expect(toRpcErrorBody(error)).toEqual({
      status: 429,
      error: 'Wait.',
      code: 'over_email_send_rate_limit',
      retryAfterSeconds: 42,
    });
  });

  it('maps HTTP exceptions and validation errors, and hides everything else behind a 500', () => {
    expect(toRpcErrorBody(new HttpException('Gone', 410))).toEqual({ status: 410, error: 'Gone' });
    expect(toRpcErrorBody(new RpcException('plain'))).toEqual({ status: 400, error: 'plain' });
    const zod = z.object({ id: z.string() }).safeParse({ id: 1 });
    expect(toRpcErrorBody(zod.error).status).toBe(400);
    for (const unexpected of [
      new Error('connection string postgres://secret'),
      { status: 200, error: 'not an error status' },
      { status: 500, error: 'x', stack: 'leaks' },
      { status: '429', error: 'not a number' },
      'a string',
      null,
    ])
      expect(toRpcErrorBody(unexpected)).toEqual({ status: 500, error: 'Internal server error' });
  });
});
