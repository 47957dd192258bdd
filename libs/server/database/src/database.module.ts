import {
  Global,
  Inject,
  Injectable,
  Module,
  Optional,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ServiceEnv } from '@parley/server-config';
import { HealthRegistry, once, ShutdownCoordinator } from '@parley/server-observability';
import { createServiceDataSource, pingDatabase, type ServiceDataSourceOptions } from './data-source';

@Injectable()
class DataSourceLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Optional() shutdown?: ShutdownCoordinator,
  ) {
    // Last: every earlier shutdown step (requests, consumers, jobs, the outbox relay) may still write.
    shutdown?.register({ phase: 'storage', name: 'postgresql pool', stop: this.close });
  }

  private readonly close = once(async () => {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  });

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}

/** The service's TypeORM DataSource (its own schema), checked by readiness and closed on shutdown. */
@Global()
@Module({})
export class DatabaseModule {
  /** The service's schema from its validated environment, with its entities and migrations. */
  static forService(
    env: Pick<ServiceEnv, 'DATABASE_URL' | 'DATABASE_SCHEMA' | 'DATABASE_POOL_SIZE'>,
    database: Pick<ServiceDataSourceOptions, 'entities' | 'migrations'>,
  ): DynamicModule {
    return DatabaseModule.forRoot({
      url: env.DATABASE_URL,
      schema: env.DATABASE_SCHEMA,
      poolSize: env.DATABASE_POOL_SIZE,
      ...database,
    });
  }

  static forRoot(options: ServiceDataSourceOptions): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DataSource,
          inject: [HealthRegistry],
          useFactory: async (health: HealthRegistry) => {
            const dataSource = createServiceDataSource(options);
            health.register('database', () => pingDatabase(dataSource));
            // Start even when PostgreSQL is down: readiness reports it, and the pool reconnects later.
            await dataSource.initialize().catch(() => undefined);
            return dataSource;
          },
        },
        DataSourceLifecycle,
      ],
      exports: [DataSource],
    };
  }
}
