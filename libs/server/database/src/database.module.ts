import { Global, Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { HealthRegistry } from '@parley/server-observability';
import { createServiceDataSource, pingDatabase, type ServiceDataSourceOptions } from './data-source';

@Injectable()
class DataSourceLifecycle implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}
  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/** The service's TypeORM DataSource (its own schema), checked by readiness and closed on shutdown. */
@Global()
@Module({})
export class DatabaseModule {
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
