import { DataSource, type EntitySchema, type MixedList, type QueryRunner } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';

export interface ServiceDataSourceOptions {
  /** postgres:// URL of the one PostgreSQL server. */
  url: string;
  /** The service's own schema; every table, the migrations table and the outbox/inbox live in it. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities?: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations?: MixedList<Function | string>;
  poolSize?: number;
  applicationName?: string;
}

/** A TypeORM data source bound to one service schema. `synchronize` is off everywhere: migrations only. */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  assertIdentifier(options.schema);
  const config: PostgresConnectionOptions = {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities ?? [],
    migrations: options.migrations ?? [],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    applicationName: options.applicationName ?? options.schema,
    extra: {
      max: options.poolSize ?? 10,
      // The schema first on the search path so raw SQL finds the service's tables unqualified.
      options: `-c search_path=${options.schema},public`,
    },
  };
  return new DataSource(config);
}

/** The schema a migration runs against, so migrations work in a throwaway test schema too. */
export function schemaOf(queryRunner: QueryRunner): string {
  const schema = (queryRunner.connection.options as PostgresConnectionOptions).schema;
  if (!schema) throw new Error('Data source has no schema configured');
  return schema;
}

export function assertIdentifier(name: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
    throw new Error(
      `"${name}" is not a valid PostgreSQL schema name (lowercase letters, digits, underscore)`,
    );
  }
}

/**
 * Creates the schema if needed and runs pending migrations. A transaction-level advisory lock keyed by
 * the schema name makes concurrent runners (two replicas, a Job and a developer) wait for each other.
 */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const schema = (dataSource.options as PostgresConnectionOptions).schema;
  if (!schema) throw new Error('Data source has no schema configured');
  if (!dataSource.isInitialized) await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await runner
      .query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${schema}`])
      .catch(() => undefined);
    await runner.release();
  }
}

/** A cheap round trip used by readiness checks. */
export async function pingDatabase(dataSource: DataSource): Promise<void> {
  await dataSource.query('SELECT 1');
}

/**
 * Rows of a raw query. TypeORM answers UPDATE and DELETE (even with RETURNING) as `[rows, affected]`
 * and everything else as `rows`; this gives rows either way.
 */
export async function queryRows<T>(
  runner: { query(sql: string, params?: unknown[]): Promise<unknown> },
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const result = await runner.query(sql, params);
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as T[];
  }
  return result as T[];
}
