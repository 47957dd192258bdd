import { Module, type DynamicModule } from '@nestjs/common';
import type { ExportEnv } from '@parley/server-config';
import { DatabaseModule, RedisModule } from '@parley/server-database';
import { MessagingModule } from '@parley/server-messaging';
import { ObservabilityModule } from '@parley/server-observability';
import { QueueModule } from '@parley/server-queue';
import { exportDatabase } from './database/export.database';
import { ExportJobsModule } from './modules/jobs/jobs.module';
import { ExportModule } from './modules/pdf/export.module';

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
        // Per deployment (and per test run): the topic prefix also keeps BullMQ keys apart.
        QueueModule.forRoot({
          redisUrl: env.REDIS_URL,
          prefix: env.KAFKA_TOPIC_PREFIX ? `bull-${env.KAFKA_TOPIC_PREFIX}` : undefined,
        }),
        ExportModule.register(env),
        ExportJobsModule.register(env),
      ],
    };
  }
}
