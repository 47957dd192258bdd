import { Module, type DynamicModule } from '@nestjs/common';
import type { IdentityEnv } from '@parley/server-config';
import { DatabaseModule, RedisModule } from '@parley/server-database';
import { MessagingModule } from '@parley/server-messaging';
import { ObservabilityModule } from '@parley/server-observability';
import { identityDatabase } from './database/identity.database';
import { JwksController } from './modules/keys/jwks.controller';
import { SigningKey } from './modules/keys/signing-key';
import { UsersRpcController } from './modules/users/users.rpc-controller';

const SERVICE = 'identity';

@Module({})
export class AppModule {
  static register(env: IdentityEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ObservabilityModule.forRoot({ service: SERVICE, logLevel: env.LOG_LEVEL }),
        DatabaseModule.forService(env, identityDatabase),
        RedisModule.forRoot({ url: env.REDIS_URL, name: SERVICE }),
        MessagingModule.forService(SERVICE, env),
      ],
      controllers: [JwksController, UsersRpcController],
      providers: [
        {
          provide: SigningKey,
          useFactory: () => SigningKey.fromPem(env.JWT_PRIVATE_KEY, env.JWT_ISSUER, env.JWT_AUDIENCE),
        },
      ],
    };
  }
}
