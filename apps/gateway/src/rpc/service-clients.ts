import { HttpException, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { NO_MESSAGE_HANDLER } from '@nestjs/microservices/constants';
import type { Socket } from 'node:net';
import {
  catchError,
  firstValueFrom,
  from,
  Observable,
  switchMap,
  throwError,
  timeout,
  TimeoutError,
} from 'rxjs';
import {
  ERRORS,
  SERVICE_NAMES,
  type RpcErrorBody,
  type RpcRequest,
  type ServiceName,
} from '@parley/contracts';
import type { GatewayEnv } from '@parley/server-config';
import { currentRequestId } from '@parley/server-observability';

export const GATEWAY_ENV = Symbol('GATEWAY_ENV');

function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RpcErrorBody).status === 'number' &&
    typeof (value as RpcErrorBody).error === 'string'
  );
}

/**
 * The service is up but has no handler for the pattern (a deployment older than the gateway). Answers 503
 * like an unreachable service unless the caller has a documented fallback for it.
 */
export class PatternNotHandledException extends HttpException {
  constructor(
    readonly service: ServiceName,
    readonly pattern: string,
  ) {
    super({ error: ERRORS.serviceUnavailable }, 503);
  }
}

/**
 * One TCP client per service. Every call carries the request id and the caller's user id, is bounded by a
 * timeout, and a service's `{status, error}` comes back as the same HTTP status and message (with its
 * `code` as `error_code`, and its `retryAfterSeconds` for the Retry-After header).
 */
@Injectable()
export class ServiceClients implements OnApplicationShutdown {
  private readonly clients: Record<ServiceName, ClientProxy>;

  constructor(private readonly env: GatewayEnv) {
    const urls: Record<ServiceName, string> = {
      identity: env.IDENTITY_RPC_URL,
      sessions: env.SESSIONS_RPC_URL,
      coaching: env.COACHING_RPC_URL,
      gamification: env.GAMIFICATION_RPC_URL,
      export: env.EXPORT_RPC_URL,
    };
    this.clients = Object.fromEntries(
      SERVICE_NAMES.map((name) => {
        const url = new URL(urls[name]);
        return [
          name,
          ClientProxyFactory.create({
            transport: Transport.TCP,
            options: { host: url.hostname, port: Number(url.port) },
          }),
        ];
      }),
    ) as Record<ServiceName, ClientProxy>;
  }

  async send<T>(
    service: ServiceName,
    pattern: string,
    data: unknown,
    options: { userId?: string; plan?: 'free' | 'premium'; timeoutMs?: number } = {},
  ): Promise<T> {
    const request: RpcRequest = {
      meta: { requestId: currentRequestId() ?? 'none', userId: options.userId, plan: options.plan },
      data,
    };
    try {
      await this.connected(service);
      return await firstValueFrom(
        this.clients[service]
          .send<T>(pattern, request)
          .pipe(timeout(options.timeoutMs ?? this.env.RPC_TIMEOUT_MS)),
      );
    } catch (error) {
      throw this.toHttpError(error, service, pattern);
    }
  }

  /**
   * Connects (once) and turns Nagle's algorithm off on the socket: replies stream in small pieces that
   * would otherwise wait for delayed ACKs (~40 ms each).
   */
  private async connected(service: ServiceName): Promise<void> {
    const client = this.clients[service];
    await client.connect();
    const socket = client.unwrap<Socket>();
    if (!this.tuned.has(socket)) {
      socket.setNoDelay(true);
      this.tuned.add(socket);
    }
  }

  private readonly tuned = new WeakSet<Socket>();

  private toHttpError(error: unknown, service: ServiceName, pattern: string): HttpException {
    if (isRpcErrorBody(error)) {
      const { code, retryAfterSeconds } = error;
      return new HttpException(
        {
          error: error.error,
          ...(typeof code === 'string' ? { error_code: code } : {}),
          ...(typeof retryAfterSeconds === 'number' ? { retryAfterSeconds } : {}),
        },
        error.status,
      );
    }
    if (error instanceof TimeoutError) return new HttpException({ error: ERRORS.serviceUnavailable }, 504);
    if (error === NO_MESSAGE_HANDLER) return new PatternNotHandledException(service, pattern);
    return new HttpException({ error: ERRORS.serviceUnavailable }, 503);
  }

  /**
   * A streaming call: every value the service emits, as it comes. Errors arrive as HttpExceptions like
   * `send`'s; the stream fails if the service goes quiet for longer than the RPC timeout.
   */
  stream<T>(
    service: ServiceName,
    pattern: string,
    data: unknown,
    user: { id: string; plan: 'free' | 'premium' },
  ): Observable<T> {
    const request: RpcRequest = {
      meta: { requestId: currentRequestId() ?? 'none', userId: user.id, plan: user.plan },
      data,
    };
    return from(this.connected(service)).pipe(
      switchMap(() => this.clients[service].send<T>(pattern, request)),
      timeout({ each: this.env.RPC_TIMEOUT_MS }),
      catchError((error: unknown) => throwError(() => this.toHttpError(error, service, pattern))),
    );
  }

  /** A call on behalf of the signed-in user: their id and plan travel in the RPC meta. */
  sendAs<T>(
    user: { id: string; plan: 'free' | 'premium' },
    service: ServiceName,
    pattern: string,
    data: unknown,
  ): Promise<T> {
    return this.send<T>(service, pattern, data, { userId: user.id, plan: user.plan });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(Object.values(this.clients).map((c) => c.close()));
  }
}
