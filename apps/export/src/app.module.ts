import { Module, type DynamicModule } from '@nestjs/common';
import type { ExportEnv } from '@parley/server-config';
import { DatabaseModule, RedisModule } from '@parley/server-database';
import { MessagingModule } from '@parley/server-messaging';
import { ObservabilityModule } from '@parley/server-observability';
import { exportDatabase } from './database/export.database';

const SERVICE = 'export';

@Module({})
export class AppModule {
  static register(env: ExportEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ObservabilityModule.forRoot({ service: SERVICE, logLevel: env.LOG_LEVEL }),
        DatabaseModule.forService(env, exportDatabase),
        RedisModule.forRoot({ url: env.REDIS_URL, name: SERVICE }),
        MessagingModule.forService(SERVICE, env),
      ],
    };
  }
}
