import {
  Global,
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Redis } from 'ioredis';
import { HealthRegistry } from '@parley/server-observability';

export const REDIS = Symbol('REDIS');

@Injectable()
class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export function createRedis(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
}

/** One shared ioredis connection (rate limits, caches, leaderboards), checked by readiness. */
@Global()
@Module({})
export class RedisModule {
  static forRoot(options: { url: string; name: string }): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        {
          provide: REDIS,
          inject: [HealthRegistry],
          useFactory: (health: HealthRegistry) => {
            const redis = createRedis(options.url, options.name);
            redis.on('error', () => undefined); // surfaced through readiness, not as an unhandled event
            health.register('redis', async () => {
              const pong = await redis.ping();
              if (pong !== 'PONG') throw new Error(`unexpected PING reply ${pong}`);
            });
            return redis;
          },
        },
        RedisLifecycle,
      ],
      exports: [REDIS],
    };
  }
}
