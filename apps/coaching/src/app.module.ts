import { Module, type DynamicModule } from '@nestjs/common';
import type { CoachingEnv } from '@parley/server-config';
import { DatabaseModule, RedisModule } from '@parley/server-database';
import { MessagingModule } from '@parley/server-messaging';
import { ObservabilityModule } from '@parley/server-observability';
import { QueueModule } from '@parley/server-queue';
import { coachingDatabase } from './database/coaching.database';
import { AiModule } from './modules/ai/ai.module';
import { CoachingModule } from './modules/coaching/coaching.module';
import { SpeechModule } from './modules/speech/speech.module';

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
        // Per deployment (and per test run): the topic prefix also keeps BullMQ keys apart, so a worker
        // of another system on the same Redis never takes this one's analyses.
        QueueModule.forRoot({
          redisUrl: env.REDIS_URL,
          prefix: env.KAFKA_TOPIC_PREFIX ? `bull-${env.KAFKA_TOPIC_PREFIX}` : undefined,
        }),
        AiModule.forRoot(env),
        CoachingModule.register(env),
        SpeechModule.register(env),
      ],
    };
  }
}
