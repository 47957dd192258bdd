import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { Logger } from 'nestjs-pino';
import type { Server, Socket } from 'node:net';
import { HealthRegistry, registerLiveness } from './health';
import { requestIdFrom, REQUEST_ID_HEADER } from './request-context';
import { RpcErrorFilter } from './rpc';
import { DrainingTcpServer } from './rpc-server';
import { ShutdownCoordinator, type ShutdownLog } from './shutdown';

/** The listener part of every service's validated environment. */
export interface ServiceListenOptions extends ShutdownOptions {
  HTTP_HOST: string;
  HTTP_PORT: number;
  RPC_HOST: string;
  RPC_PORT: number;
}

/** How long SIGTERM waits: readiness turns down for SHUTDOWN_DELAY_MS, and the process exits by SHUTDOWN_GRACE_MS. */
export interface ShutdownOptions {
  SHUTDOWN_GRACE_MS: number;
  SHUTDOWN_DELAY_MS?: number;
}

/**
 * Starts a domain service as a NestJS hybrid app: the TCP microservice the gateway calls, and an HTTP port
 * for health and metrics only. SIGTERM/SIGINT drain it in the order of ShutdownCoordinator (see
 * installShutdown).
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
  // Before connectMicroservice: it registers the RPC handlers at once, each with the global filters there
  // are at that moment. Registered later, the filter never saw an RPC error, and a ZodError thrown in a
  // handler reached the gateway as Nest's generic "Internal server error" (a 503 there).
  app.useGlobalFilters(new RpcErrorFilter());
  const rpc = new DrainingTcpServer({ host: options.RPC_HOST, port: options.RPC_PORT });
  app.connectMicroservice<MicroserviceOptions>({ strategy: rpc }, { inheritAppConfig: true });
  await app.startAllMicroservices();
  registerLiveness(app);
  // RPC replies are small and streamed piece by piece: without TCP_NODELAY, Nagle's algorithm and delayed
  // ACKs hold pieces back ~40 ms.
  rpc.unwrap<Server>().on('connection', (socket: Socket) => socket.setNoDelay(true));
  await app.listen(options.HTTP_PORT, options.HTTP_HOST);
  logger.log(
    `listening: http ${options.HTTP_HOST}:${options.HTTP_PORT}, rpc tcp ${options.RPC_HOST}:${options.RPC_PORT}`,
  );
  const shutdown = app.get(ShutdownCoordinator);
  shutdown.register({
    phase: 'requests',
    name: 'rpc listener',
    stop: () => rpc.drain(),
    busy: () => `${rpc.pending} RPC(s) in flight`,
  });
  // Health and metrics stay up while the work drains, so probes see "draining" rather than a refusal.
  shutdown.register({ phase: 'clients', name: 'health listener', stop: () => closeHttp(app) });
  installShutdown(app, options);
  return app;
}

/** Closes the app's HTTP listener: no new connections, requests in flight finish, idle keep-alives close. */
export async function closeHttp(app: NestFastifyApplication): Promise<void> {
  await app.getHttpAdapter().close();
}

/**
 * On SIGTERM/SIGINT: readiness answers 503 at once, then after SHUTDOWN_DELAY_MS (time for a load
 * balancer or Kubernetes Service to stop routing here) the ShutdownCoordinator drains the app phase by
 * phase, Nest's remaining hooks run and the process exits 0. If that takes past SHUTDOWN_GRACE_MS after
 * the signal, it logs what is still busy and exits 1.
 */
export function installShutdown(app: NestFastifyApplication, options: ShutdownOptions): void {
  const logger = app.get(Logger);
  const coordinator = app.get(ShutdownCoordinator);
  const graceMs = options.SHUTDOWN_GRACE_MS;
  const delayMs = options.SHUTDOWN_DELAY_MS ?? 0;
  const log: ShutdownLog = (level, message) => logger[level](message, 'Shutdown');
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.get(HealthRegistry).startDraining();
    log('log', `${signal} received: readiness is down; draining in ${delayMs} ms, exit by ${graceMs} ms`);
    const force = setTimeout(() => {
      const busy = coordinator.busy();
      log(
        'error',
        `shutdown: still busy after ${graceMs} ms, exiting: ${busy.length > 0 ? busy.join(', ') : 'nest shutdown hooks'}`,
      );
      process.exit(1);
    }, graceMs);
    force.unref();
    void (async () => {
      try {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        await coordinator.drain(log);
        await app.close();
        log('log', `shutdown: done in ${Date.now() - started} ms`);
        process.exit(0);
      } catch (error) {
        log('error', `shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      }
    })();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
