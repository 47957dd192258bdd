import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { IdentityEnv } from '@parley/server-config';
import { SigningKey } from './modules/keys/signing-key';

/** The identity service's validated environment, injectable where use cases need a setting. */
export const IDENTITY_ENV = Symbol('IDENTITY_ENV');
export type IdentityConfig = IdentityEnv;

/** The environment and the token signing key, for every module of the service. */
@Global()
@Module({})
export class IdentityConfigModule {
  static forRoot(env: IdentityEnv): DynamicModule {
    return {
      module: IdentityConfigModule,
      providers: [
        { provide: IDENTITY_ENV, useValue: env },
        {
          provide: SigningKey,
          useFactory: () =>
            SigningKey.fromPem(
              env.JWT_PRIVATE_KEY,
              env.JWT_ISSUER,
              env.JWT_AUDIENCE,
              env.JWT_ADDITIONAL_PUBLIC_KEYS,
            ),
        },
      ],
      exports: [IDENTITY_ENV, SigningKey],
    };
  }
}
