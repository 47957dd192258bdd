import type { DataSource } from 'typeorm';
import { loadEnvOrExit, migrationEnvSchema } from '@parley/server-config';
import { createServiceDataSource, migrate, type ServiceDataSourceOptions } from './data-source';

/**
 * The body of every service's `migrate.ts`: applies pending migrations to the service's schema and exits.
 * Run as a one-shot before rollout (docker-compose `migrate`, the Kubernetes Job, `npm start`).
 */
export async function runMigrationsAndExit(
  service: string,
  options: Pick<ServiceDataSourceOptions, 'entities' | 'migrations'> & {
    /** Runs after the migrations, e.g. to load versioned reference data; returns a line for the log. */
    seed?: (dataSource: DataSource) => Promise<string>;
  },
): Promise<void> {
  const env = loadEnvOrExit(`${service} migrations`, migrationEnvSchema(service));
  const log = (level: string, msg: string, extra: Record<string, unknown> = {}) =>
    process.stdout.write(
      `${JSON.stringify({ level, time: new Date().toISOString(), service, msg, ...extra })}\n`,
    );
  const dataSource = createServiceDataSource({
    url: env.DATABASE_URL,
    schema: env.DATABASE_SCHEMA,
    applicationName: `${service}-migrate`,
    poolSize: 2,
    entities: options.entities,
    migrations: options.migrations,
  });
  try {
    const applied = await migrate(dataSource);
    log('info', applied.length ? `applied ${applied.length} migration(s)` : 'schema is up to date', {
      schema: env.DATABASE_SCHEMA,
      applied,
    });
    if (options.seed) log('info', await options.seed(dataSource), { schema: env.DATABASE_SCHEMA });
    await dataSource.destroy();
    process.exit(0);
  } catch (error) {
    log('fatal', `migration failed: ${(error as Error).message}`, { schema: env.DATABASE_SCHEMA });
    await dataSource.destroy().catch(() => undefined);
    process.exit(1);
  }
}
