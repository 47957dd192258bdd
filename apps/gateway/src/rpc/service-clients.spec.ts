import { Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Transport } from '@nestjs/microservices';
import { createServer } from 'node:net';
import type { GatewayEnv } from '@parley/server-config';
import { PatternNotHandledException, ServiceClients } from './service-clients';

@Module({})
class NoHandlersModule {}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function clientsFor(port: number): ServiceClients {
  const url = `tcp://127.0.0.1:${port}`;
  return new ServiceClients({
    IDENTITY_RPC_URL: url,
    SESSIONS_RPC_URL: url,
    COACHING_RPC_URL: url,
    GAMIFICATION_RPC_URL: url,
    EXPORT_RPC_URL: url,
    RPC_TIMEOUT_MS: 2000,
  } as GatewayEnv);
}

describe('ServiceClients', () => {
  let service: INestMicroservice;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    service = await NestFactory.createMicroservice(NoHandlersModule, {
      transport: Transport.TCP,
      options: { host: '127.0.0.1', port },
      logger: false,
    });
    await service.listen();
  });

  afterAll(async () => {
    await service.close();
  });

  it('tells a service without a handler for the pattern apart from an unreachable one', async () => {
    const clients = clientsFor(port);
    const missing = await clients.send('sessions', 'sessions.no-such-pattern', {}).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(PatternNotHandledException);
    expect(missing).toMatchObject({ service: 'sessions', pattern: 'sessions.no-such-pattern' });
    expect((missing as PatternNotHandledException).getStatus()).toBe(503);
    await clients.onApplicationShutdown();

    const down = clientsFor(await freePort());
    const unreachable = await down.send('sessions', 'sessions.no-such-pattern', {}).catch((e: unknown) => e);
    expect(unreachable).not.toBeInstanceOf(PatternNotHandledException);
    expect((unreachable as PatternNotHandledException).getStatus()).toBe(503);
    await down.onApplicationShutdown();
  });
});
