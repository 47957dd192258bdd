import {
  ArgumentsHost,
  Catch,
  HttpException,
  Logger,
  NotFoundException,
  type ExceptionFilter,
} from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { ERRORS, type ErrorBody } from '@parley/contracts';
import { SpaFallback } from './spa-fallback';

interface Reply {
  status(code: number): Reply;
  header(name: string, value: string): Reply;
  send(body: unknown): void;
}
interface Request {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Maps any error to `{"error": "..."}` (plus `error_code` and Retry-After where a service gave them) with
 * its status; never a stack trace. Unknown GETs get the SPA.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  constructor(private readonly spa: SpaFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<Reply>();
    const request = http.getRequest<Request>();
    if (exception instanceof NotFoundException && this.spa.serves(request)) {
      this.spa.send(reply);
      return;
    }
    const { status, body, retryAfterSeconds } = toErrorResponse(exception);
    if (status >= 500) this.logger.error({ err: exception, status }, 'request failed');
    reply.status(status).header('content-type', 'application/json; charset=utf-8');
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
    reply.send(body);
  }
}

/** What a service's error says beyond its message (see ServiceClients). */
interface ServiceErrorResponse extends ErrorBody {
  retryAfterSeconds?: unknown;
}

export function toErrorResponse(exception: unknown): {
  status: number;
  body: ErrorBody;
  /** For the Retry-After header: whole seconds until the same request can succeed. */
  retryAfterSeconds?: number;
} {
  if (exception instanceof ThrottlerException)
    return { status: 429, body: { error: ERRORS.tooManyRequests } };
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (
      typeof response === 'object' &&
      response !== null &&
      typeof (response as ErrorBody).error === 'string' &&
      !('statusCode' in response)
    ) {
      const { error, error_code, retryAfterSeconds } = response as ServiceErrorResponse;
      return {
        status,
        body: typeof error_code === 'string' ? { error, error_code } : { error },
        ...(Number.isInteger(retryAfterSeconds) && (retryAfterSeconds as number) > 0
          ? { retryAfterSeconds: retryAfterSeconds as number }
          : {}),
      };
    }
    if (status === 404) return { status, body: { error: ERRORS.notFound } };
    const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
    return {
      status,
      body: { error: Array.isArray(message) ? message.join('; ') : String(message ?? exception.message) },
    };
  }
  const fastify = exception as { statusCode?: number; code?: string; message?: string };
  if (
    typeof fastify?.statusCode === 'number' &&
    typeof fastify.code === 'string' &&
    fastify.code.startsWith('FST_')
  ) {
    return fastifyError(fastify.statusCode, fastify.code, fastify.message ?? '');
  }
  return { status: 500, body: { error: ERRORS.internal } };
}

/** Errors Fastify raises before a route runs: body parsing, size and media type. */
export function fastifyError(
  statusCode: number,
  code: string,
  message: string,
): { status: number; body: ErrorBody } {
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { error: ERRORS.payloadTooLarge } };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { error: ERRORS.malformedJson } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { error: 'Unsupported content type' } };
    default:
      return {
        status: statusCode >= 400 && statusCode < 600 ? statusCode : 500,
        body: { error: statusCode < 500 ? message : ERRORS.internal },
      };
  }
}
