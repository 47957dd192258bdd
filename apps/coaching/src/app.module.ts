import { Module, type DynamicModule } from '@nestjs/common';
import type { CoachingEnv } from '@parley/server-config';
import { DatabaseModule, RedisModule } from '@parley/server-database';
import { MessagingModule } from '@parley/server-messaging';
import { ObservabilityModule } from '@parley/server-observability';
import { coachingDatabase } from './database/coaching.database';

const SERVICE = 'coaching';

@Module({})
export class AppModule {
  static register(env: CoachingEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ObservabilityModule.forRoot({ service: SERVICE, logLevel: env.LOG_LEVEL }),
        DatabaseModule.forService(env, coachingDatabase),
        RedisModule.forRoot({ url: env.REDIS_URL, name: SERVICE }),
        MessagingModule.forService(SERVICE, env),
      ],
    };
  }
}
