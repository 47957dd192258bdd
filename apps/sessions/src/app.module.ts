import { Module, type DynamicModule } from '@nestjs/common';
import type { SessionsEnv } from '@parley/server-config';
import { DatabaseModule, RedisModule } from '@parley/server-database';
import { MessagingModule } from '@parley/server-messaging';
import { ObservabilityModule } from '@parley/server-observability';
import { sessionsDatabase } from './database/sessions.database';
import { PracticeModule } from './modules/practice/practice.module';

const SERVICE = 'sessions';

@Module({})
export class AppModule {
  static register(env: SessionsEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ObservabilityModule.forRoot({ service: SERVICE, logLevel: env.LOG_LEVEL }),
        DatabaseModule.forService(env, sessionsDatabase),
        RedisModule.forRoot({ url: env.REDIS_URL, name: SERVICE }),
        MessagingModule.forService(SERVICE, env),
        PracticeModule,
      ],
    };
  }
}
