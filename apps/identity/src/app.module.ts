import { Module, type DynamicModule } from '@nestjs/common';
import type { IdentityEnv } from '@parley/server-config';
import { DatabaseModule, RedisModule } from '@parley/server-database';
import { MessagingModule } from '@parley/server-messaging';
import { ObservabilityModule } from '@parley/server-observability';
import { QueueModule } from '@parley/server-queue';
import { identityDatabase } from './database/identity.database';
import { IdentityConfigModule } from './identity.config';
import { AuthModule } from './modules/auth/auth.module';
import { JwksController } from './modules/keys/jwks.controller';
import { ProfileModule } from './modules/profile/profile.module';
import { SettingsModule } from './modules/settings/settings.module';
import { UsersRpcController } from './modules/users/users.rpc-controller';

const SERVICE = 'identity';

@Module({})
export class AppModule {
  static register(env: IdentityEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ObservabilityModule.forRoot({ service: SERVICE, logLevel: env.LOG_LEVEL }),
        IdentityConfigModule.forRoot(env),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL }),
        AuthModule,
        DatabaseModule.forService(env, identityDatabase),
        RedisModule.forRoot({ url: env.REDIS_URL, name: SERVICE }),
        MessagingModule.forService(SERVICE, env),
        ProfileModule,
        SettingsModule,
      ],
      controllers: [JwksController, UsersRpcController],
    };
  }
}
