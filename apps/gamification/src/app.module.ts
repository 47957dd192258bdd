import { Module, type DynamicModule } from '@nestjs/common';
import type { GamificationEnv } from '@parley/server-config';
import { DatabaseModule, RedisModule } from '@parley/server-database';
import { MessagingModule } from '@parley/server-messaging';
import { ObservabilityModule } from '@parley/server-observability';
import { gamificationDatabase } from './database/gamification.database';
import { ProgressionModule } from './modules/progression/progression.module';

const SERVICE = 'gamification';

@Module({})
export class AppModule {
  static register(env: GamificationEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ObservabilityModule.forRoot({ service: SERVICE, logLevel: env.LOG_LEVEL }),
        DatabaseModule.forService(env, gamificationDatabase),
        RedisModule.forRoot({ url: env.REDIS_URL, name: SERVICE }),
        MessagingModule.forService(SERVICE, env),
        ProgressionModule,
      ],
    };
  }
}
