import { HttpException, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
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
 * One TCP client per service. Every call carries the request id and the caller's user id, is bounded by a
 * timeout, and a service's `{status, error}` comes back as the same HTTP status and message.
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
    options: { userId?: string; timeoutMs?: number } = {},
  ): Promise<T> {
    const request: RpcRequest = {
      meta: { requestId: currentRequestId() ?? 'none', userId: options.userId },
      data,
    };
    try {
      return await firstValueFrom(
        this.clients[service]
          .send<T>(pattern, request)
          .pipe(timeout(options.timeoutMs ?? this.env.RPC_TIMEOUT_MS)),
      );
    } catch (error) {
      if (isRpcErrorBody(error)) throw new HttpException({ error: error.error }, error.status);
      if (error instanceof TimeoutError) throw new HttpException({ error: ERRORS.serviceUnavailable }, 504);
      throw new HttpException({ error: ERRORS.serviceUnavailable }, 503);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(Object.values(this.clients).map((c) => c.close()));
  }
}
