import { Controller, Get, Res } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { RPC, SERVICE_NAMES, type ServiceHealth, type SystemHealth } from '@parley/contracts';
import { HealthRegistry } from '@parley/server-observability';
import { Public } from '../auth/public.decorator';
import { ServiceClients } from '../rpc/service-clients';

/** GET /api/health: the readiness of every service (database, Redis, Kafka each), and of the gateway. */
@Controller('api/health')
export class SystemHealthController {
  constructor(
    private readonly clients: ServiceClients,
    private readonly registry: HealthRegistry,
  ) {}

  @Get()
  @Public()
  @SkipThrottle()
  async health(@Res() reply: { status(code: number): { send(body: unknown): void } }): Promise<void> {
    const entries = await Promise.all(
      SERVICE_NAMES.map(async (name) => {
        try {
          return [
            name,
            await this.clients.send<ServiceHealth>(name, RPC.health.ready, {}, { timeoutMs: 3000 }),
          ] as const;
        } catch (error) {
          const message =
            (error as { getResponse?: () => { error?: string } }).getResponse?.().error ?? 'unreachable';
          return [
            name,
            { status: 'down', checks: { rpc: { status: 'down', error: message } } } satisfies ServiceHealth,
          ] as const;
        }
      }),
    );
    const services: SystemHealth['services'] = {
      gateway: await this.registry.readiness(),
      ...Object.fromEntries(entries),
    };
    const up = Object.values(services).every((s) => s.status === 'up');
    const body: SystemHealth = { status: up ? 'up' : 'degraded', services };
    reply.status(up ? 200 : 503).send(body);
  }
}
