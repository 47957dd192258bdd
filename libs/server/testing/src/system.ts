import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Client } from 'pg';
import { SERVICE_NAMES, type ServiceName } from '@parley/contracts';
import { runOnce, startApp, type RunningApp } from './service-process';
import {
  createTestSchema,
  ensureTestDatabase,
  testEnv,
  uniqueTopicPrefix,
  waitFor,
  type TestSchema,
} from './test-env';

/** Ports the OS says are free right now (bound to 127.0.0.1:0, then released). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  return ports;
}

export interface TestSystem {
  /** http://127.0.0.1:<port> of the gateway. */
  baseUrl: string;
  /** The gateway's environment, for tests that start a second one. */
  gatewayEnv: Record<string, string>;
  apps: RunningApp[];
  /** Schema name per service (each run has its own). */
  schemas: Record<ServiceName, string>;
  /** KAFKA_TOPIC_PREFIX of this run, for one-shot commands (e.g. a CLI) that write to an outbox. */
  topicPrefix: string;
  /** PEM of the key identity signs access tokens with, so tests can mint tokens of their own. */
  jwtPrivateKey: string;
  jwtPublicKey: string;
  /** Runs SQL in one service's schema. */
  sql<T = Record<string, unknown>>(service: ServiceName, text: string, params?: unknown[]): Promise<T[]>;
  app(name: string): RunningApp;
  stop(): Promise<void>;
}

export interface StartSystemOptions {
  /** Extra variables per app, e.g. `{ gateway: { RATE_LIMIT_PER_MINUTE: '40' } }`. */
  env?: Partial<Record<ServiceName | 'gateway', Record<string, string>>>;
  label?: string;
}

/**
 * The gateway and all five services as real processes (the built output, as in production), each
 * service in a fresh schema, with fresh Kafka topics, against the real PostgreSQL, Redis, Kafka and SMTP
 * catcher, on random private ports so a running `npm start` is not disturbed. Needs `nx build` first
 * (the integration targets depend on it).
 */
export async function startSystem(options: StartSystemOptions = {}): Promise<TestSystem> {
  await ensureTestDatabase();
  const free = await freePorts(SERVICE_NAMES.length * 2 + 1);
  const ports = Object.fromEntries(
    SERVICE_NAMES.map((name, i) => [name, { http: free[2 * i]!, rpc: free[2 * i + 1]! }]),
  ) as Record<ServiceName, { http: number; rpc: number }>;
  const gatewayPort = free.at(-1)!;
  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwtPrivateKey = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const jwtPublicKey = createPublicKey(jwtPrivateKey).export({ type: 'spki', format: 'pem' }).toString();
  const prefix = uniqueTopicPrefix(options.label ?? 'system');
  const common = {
    DATABASE_URL: testEnv.databaseUrl,
    REDIS_URL: testEnv.redisUrl,
    KAFKA_BROKERS: testEnv.kafkaBrokers.join(','),
    KAFKA_TOPIC_PREFIX: prefix,
    LOG_LEVEL: 'info',
    HTTP_HOST: '127.0.0.1',
    RPC_HOST: '127.0.0.1',
    JWT_PRIVATE_KEY: jwtPrivateKey,
    PUBLIC_URL: baseUrl,
    SMTP_URL: testEnv.smtpUrl,
  };
  const apps: RunningApp[] = [];
  const schemaHandles: TestSchema[] = [];
  const schemas = {} as Record<ServiceName, string>;
  const stop = async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await Promise.all(schemaHandles.map((s) => s.drop()));
  };
  try {
    for (const name of SERVICE_NAMES) {
      const schema = await createTestSchema(`${options.label ?? 'sys'}_${name}`);
      schemaHandles.push(schema);
      schemas[name] = schema.name;
      const env = {
        ...common,
        DATABASE_SCHEMA: schema.name,
        HTTP_PORT: String(ports[name].http),
        RPC_PORT: String(ports[name].rpc),
        ...options.env?.[name],
      };
      const migrated = await runOnce(name, env, 'migrate');
      if (migrated.code !== 0) throw new Error(`${name} migrations failed:\n${migrated.output}`);
      apps.push(startApp(name, env));
    }
    const gatewayEnv = {
      REDIS_URL: testEnv.redisUrl,
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PUBLIC_URL: baseUrl,
      JWKS_URL: `http://127.0.0.1:${ports.identity.http}/.well-known/jwks.json`,
      ...Object.fromEntries(
        SERVICE_NAMES.map((n) => [`${n.toUpperCase()}_RPC_URL`, `tcp://127.0.0.1:${ports[n].rpc}`]),
      ),
      WEB_DIST_DIR: 'dist/apps/web',
      // Each system counts its own requests: suites running side by side share one Redis.
      RATE_LIMIT_KEY_PREFIX: `rate-${prefix}`,
      ...options.env?.gateway,
    };
    apps.push(startApp('gateway', gatewayEnv));
    await waitFor(async () => (await fetch(`${baseUrl}/api/health`)).status === 200, 60_000, 250).catch(
      (error: unknown) => {
        throw new Error(
          `${String(error)}\n${apps.map((a) => `--- ${a.name}\n${a.output().slice(-2000)}`).join('\n')}`,
        );
      },
    );
    return {
      baseUrl,
      gatewayEnv,
      apps,
      schemas,
      topicPrefix: prefix,
      jwtPrivateKey,
      jwtPublicKey,
      stop,
      app: (name) => {
        const found = apps.find((a) => a.name === name);
        if (!found) throw new Error(`no app ${name}`);
        return found;
      },
      sql: async <T>(service: ServiceName, text: string, params: unknown[] = []) => {
        const client = new Client({
          connectionString: testEnv.databaseUrl,
          options: `-c search_path=${schemas[service]}`,
        });
        await client.connect();
        try {
          return (await client.query(text, params)).rows as T[];
        } finally {
          await client.end();
        }
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
