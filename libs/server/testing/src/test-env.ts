import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Where integration tests find the real servers; the same defaults as infra/local. */
export const testEnv = {
  databaseUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/parley_test',
  redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15',
  kafkaBrokers: (process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
  /** A second broker listener advertised through a port the tests own (see infra/local/kafka). */
  kafkaProxiedListener: {
    brokerPort: Number(process.env.TEST_KAFKA_PROXIED_BROKER_PORT ?? 9094),
    advertisedPort: Number(process.env.TEST_KAFKA_PROXIED_PORT ?? 19094),
  },
  smtpUrl: process.env.TEST_SMTP_URL ?? 'smtp://127.0.0.1:1025',
  smtpWebUrl: process.env.TEST_SMTP_WEB_URL ?? 'http://127.0.0.1:1080',
};

/** A short random suffix that makes schema, topic and group names unique per test run. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

export function uniqueTopicPrefix(label = 'test'): string {
  return `${label}-${uniqueSuffix()}.`;
}

async function withAdminClient<T>(fn: (client: Client) => Promise<T>, database = 'postgres'): Promise<T> {
  const url = new URL(testEnv.databaseUrl);
  url.pathname = `/${database}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates the test database once if it is not there yet. */
export async function ensureTestDatabase(): Promise<void> {
  const name = new URL(testEnv.databaseUrl).pathname.slice(1);
  await withAdminClient(async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by a parallel run
      });
    }
  });
}

export interface TestSchema {
  name: string;
  drop(): Promise<void>;
}

/** A fresh, empty schema for one test file; drop() removes it with everything in it. */
export async function createTestSchema(label: string): Promise<TestSchema> {
  await ensureTestDatabase();
  const name = `t_${label.replace(/[^a-z0-9_]/g, '_')}_${uniqueSuffix()}`.slice(0, 63);
  const dbName = new URL(testEnv.databaseUrl).pathname.slice(1);
  await withAdminClient((c) => c.query(`CREATE SCHEMA "${name}"`), dbName);
  return {
    name,
    drop: () =>
      withAdminClient((c) => c.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`), dbName).then(
        () => undefined,
      ),
  };
}

/** Polls until `check` returns a truthy value, or fails after `timeoutMs` with the last error. */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  timeoutMs = 20_000,
  intervalMs = 100,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`Condition not met within ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
