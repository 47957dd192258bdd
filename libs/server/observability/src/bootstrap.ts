import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { Logger } from 'nestjs-pino';
import type { Server, Socket } from 'node:net';
import { HealthRegistry } from './health';
import { requestIdFrom, REQUEST_ID_HEADER } from './request-context';
import { RpcErrorFilter } from './rpc';

/** The listener part of every service's validated environment. */
export interface ServiceListenOptions {
  HTTP_HOST: string;
  HTTP_PORT: number;
  RPC_HOST: string;
  RPC_PORT: number;
  SHUTDOWN_GRACE_MS: number;
}

/**
 * Starts a domain service as a NestJS hybrid app: the TCP microservice the gateway calls, and an HTTP port
 * for health and metrics only. On SIGTERM/SIGINT readiness turns down first, then the app closes
 * (in-flight RPCs finish, consumers and the relay stop) within the grace period.
 */
export async function runService(
  module: unknown,
  options: ServiceListenOptions,
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) =>
      requestIdFrom(req.headers[REQUEST_ID_HEADER]),
  });
  const app = await NestFactory.create<NestFastifyApplication>(module as never, adapter, {
    bufferLogs: true,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.connectMicroservice<MicroserviceOptions>(
    { transport: Transport.TCP, options: { host: options.RPC_HOST, port: options.RPC_PORT } },
    { inheritAppConfig: true },
  );
  app.useGlobalFilters(new RpcErrorFilter());
  await app.startAllMicroservices();
  // RPC replies are small and streamed piece by piece: without TCP_NODELAY, Nagle's algorithm and delayed
  // ACKs hold pieces back ~40 ms.
  for (const microservice of app.getMicroservices()) {
    microservice.unwrap<Server>().on('connection', (socket: Socket) => socket.setNoDelay(true));
  }
  await app.listen(options.HTTP_PORT, options.HTTP_HOST);
  logger.log(
    `listening: http ${options.HTTP_HOST}:${options.HTTP_PORT}, rpc tcp ${options.RPC_HOST}:${options.RPC_PORT}`,
  );
  installShutdown(app, options.SHUTDOWN_GRACE_MS);
  return app;
}

export function installShutdown(app: NestFastifyApplication, graceMs: number): void {
  const logger = app.get(Logger);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received: draining`);
    app.get(HealthRegistry).startDraining();
    const force = setTimeout(() => {
      logger.error(`still busy after ${graceMs} ms, exiting`);
      process.exit(1);
    }, graceMs + 5000);
    force.unref();
    app
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error(`shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
