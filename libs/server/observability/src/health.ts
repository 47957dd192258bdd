import { Controller, Get, HttpStatus, Injectable, Res, SetMetadata } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServiceHealth } from '@parley/contracts';

export const LIVENESS_PATH = '/health/live';

/**
 * GET /health/live, answered by Fastify itself rather than through Nest: liveness says only that the
 * process serves HTTP, so it must not depend on what a Nest route runs first (the request logger, the
 * rate limiter and its Redis, guards, interceptors) — a probe that fails because Redis is slow restarts a
 * healthy pod. It also costs a fifth of a Nest route (bench/README.md, scenario d). Fastify's own hooks
 * (security headers, CORS, the request id header) still apply. Call before the app listens.
 */
export function registerLiveness(app: NestFastifyApplication): void {
  const body = JSON.stringify({ status: 'up' });
  app
    .getHttpAdapter()
    .getInstance()
    .get(LIVENESS_PATH, (_request, reply) => {
      void reply.type('application/json; charset=utf-8').send(body);
    });
}

/** Rejects when the component is down; may resolve with a short description shown as `detail`. */
export type HealthCheck = () => Promise<void | string>;

export const IS_PUBLIC = 'parley:public';
/** Opens a route to callers without an access token (health, metrics, docs, sign-in...). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Modules register the dependencies they need (database, redis, kafka); readiness checks them all. */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, HealthCheck>();
  private draining = false;

  register(name: string, check: HealthCheck): void {
    this.checks.set(name, check);
  }

  /** From now on readiness answers down, so the load balancer stops sending traffic (SIGTERM). */
  startDraining(): void {
    this.draining = true;
  }

  async readiness(timeoutMs = 2000): Promise<ServiceHealth> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          const detail = await withTimeout(check(), timeoutMs, name);
          return [name, { status: 'up' as const, ...(detail ? { detail } : {}) }] as const;
        } catch (error) {
          return [
            name,
            { status: 'down' as const, error: (error as Error).message || 'unavailable' },
          ] as const;
        }
      }),
    );
    const checks: ServiceHealth['checks'] = Object.fromEntries(entries);
    if (this.draining) checks['shutdown'] = { status: 'down', error: 'draining' };
    const up = Object.values(checks).every((c) => c.status === 'up');
    return { status: up ? 'up' : 'down', checks };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface StatusReply {
  status(code: number): { send(body: unknown): unknown };
}

@Controller('health')
@Public()
export class HealthController {
  constructor(private readonly registry: HealthRegistry) {}

  @Get('ready')
  async ready(@Res() reply: StatusReply): Promise<void> {
    const health = await this.registry.readiness();
    reply.status(health.status === 'up' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).send(health);
  }
}
