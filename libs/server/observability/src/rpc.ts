import {
  Catch,
  HttpException,
  Injectable,
  type ArgumentsHost,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type RpcExceptionFilter,
} from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { Observable, throwError } from 'rxjs';
import { ZodError } from 'zod';
import { InjectPinoLogger, PinoLogger } from 'nestjs-pino';
import { RPC, type RpcErrorBody, type RpcRequest } from '@parley/contracts';
import { requestContext, requestIdFrom } from './request-context';
import { httpRequestDuration, rpcDuration } from './metrics';

/**
 * A failure a service reports to the gateway: an HTTP status and the message the user sees, optionally
 * with a machine-readable `code` (the body's `error_code`) and the seconds to wait (`Retry-After`).
 */
export class RpcError extends RpcException {
  constructor(status: number, error: string, details: Pick<RpcErrorBody, 'code' | 'retryAfterSeconds'> = {}) {
    super({ status, error, ...details } satisfies RpcErrorBody);
  }
}

/**
 * Runs every handler inside the request context: for RPC, the meta the gateway sent (request id, user);
 * for HTTP, the id pino-http gave the request. Also times RPC handlers and HTTP routes.
 */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  constructor(@InjectPinoLogger('rpc') private readonly logger: PinoLogger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    if (context.getType() === 'rpc') {
      const data = context.switchToRpc().getData<Partial<RpcRequest>>();
      const pattern = String(
        context.switchToRpc().getContext<{ getPattern?: () => string }>()?.getPattern?.() ?? 'unknown',
      );
      const store = { requestId: requestIdFrom(data?.meta?.requestId), userId: data?.meta?.userId };
      return new Observable((subscriber) =>
        requestContext.run(store, () =>
          next.handle().subscribe({
            next: (v) => subscriber.next(v),
            error: (e) => {
              const body = toRpcErrorBody(e);
              rpcDuration.observe({ pattern, outcome: 'error' }, seconds());
              this.logger[body.status >= 500 ? 'error' : 'info'](
                {
                  pattern,
                  status: body.status,
                  durationMs: Math.round(seconds() * 1000),
                  ...(body.status >= 500 ? { err: e } : {}),
                },
                'rpc failed',
              );
              subscriber.error(e);
            },
            complete: () => {
              rpcDuration.observe({ pattern, outcome: 'ok' }, seconds());
              if (pattern !== RPC.health.ready) {
                this.logger.info({ pattern, durationMs: Math.round(seconds() * 1000) }, 'rpc completed');
              }
              subscriber.complete();
            },
          }),
        ),
      );
    }
    const http = context.switchToHttp();
    const req = http.getRequest<{
      id?: string;
      raw?: { id?: string };
      method: string;
      routeOptions?: { url?: string };
    }>();
    const reply = http.getResponse<{ statusCode?: number }>();
    const store = { requestId: requestIdFrom(req.raw?.id ?? req.id) };
    const route = req.routeOptions?.url ?? 'unknown';
    const done = (status: number) =>
      httpRequestDuration.observe({ method: req.method, route, status: String(status) }, seconds());
    return new Observable((subscriber) =>
      requestContext.run(store, () =>
        next.handle().subscribe({
          next: (v) => subscriber.next(v),
          error: (e) => {
            done(e instanceof HttpException ? e.getStatus() : 500);
            subscriber.error(e);
          },
          complete: () => {
            done(reply.statusCode ?? 200);
            subscriber.complete();
          },
        }),
      ),
    );
  }
}

/** An error already in the wire shape: a status of 400–599 and a message. */
function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  if (typeof value !== 'object' || value === null || value instanceof Error) return false;
  const { status, error } = value as { status?: unknown; error?: unknown };
  return (
    Object.keys(value).length === 2 &&
    Number.isInteger(status) &&
    (status as number) >= 400 &&
    (status as number) <= 599 &&
    typeof error === 'string'
  );
}

/** Turns anything a handler throws into `{status, error}`; unexpected errors never leak their details. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    if (host.getType() !== 'rpc') throw exception;
    return throwError(() => toRpcErrorBody(exception));
  }
}

export function toRpcErrorBody(exception: unknown): RpcErrorBody {
  // A streaming handler ends its Observable with the body itself (subscriber.error({status, error})).
  if (isRpcErrorBody(exception)) return { status: exception.status, error: exception.error };
  if (exception instanceof RpcException) {
    const body = exception.getError();
    if (typeof body === 'object' && body !== null && 'status' in body && 'error' in body)
      return body as RpcErrorBody;
    return { status: 400, error: String(body) };
  }
  if (exception instanceof HttpException) {
    const response = exception.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : String((response as { message?: unknown }).message ?? exception.message);
    return { status: exception.getStatus(), error: message };
  }
  if (exception instanceof ZodError) {
    const first = exception.issues[0];
    return {
      status: 400,
      error: first ? `${first.path.join('.') || 'body'}: ${first.message}` : 'Invalid request',
    };
  }
  return { status: 500, error: 'Internal server error' };
}
