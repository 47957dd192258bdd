/**
 * The whole system for a bench: identity, sessions, coaching, gamification, export and the gateway as real
 * processes (the built dist/apps/<name>/src/main.js, NODE_ENV=production), each service in a fresh schema
 * of the bench database after its own migrations, with a fresh Kafka topic prefix, on free 127.0.0.1
 * ports. It does what `startSystem()` of libs/server/testing does (same variables, same wiring), but logs
 * each process to a file rather than into the bench process's memory, and stop() also deletes the run's
 * Kafka topics and consumer groups.
 *
 * Why not the built `startSystem()` itself: dist/libs/server/testing/src/service-process.js finds the
 * repository root as four directories above itself, which from dist/ is `dist/`, so it looks for
 * `dist/dist/apps/<name>/src/migrate.js` and fails. It works only from source (jest), not from a bench.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, SignJWT } from 'jose';
import { ROOT, type BenchContext, type Infra } from './harness.ts';
import { freePorts, get, startNodeProcess, waitUntil, type BenchProcess } from './processes.ts';

const require = createRequire(import.meta.url);
const pg = require('pg') as typeof import('pg');

export const SERVICES = ['identity', 'sessions', 'coaching', 'gamification', 'export'] as const;
export type ServiceName = (typeof SERVICES)[number];
export type AppName = ServiceName | 'gateway';

/** The gateway's limiter never answers 429 with these; it still runs (one Redis round trip per request). */
export const UNLIMITED_GATEWAY_ENV = {
  TRUST_PROXY: 'true',
  RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
};

export interface BenchSystemOptions {
  /** Short, [a-z0-9]: part of schema and topic names. */
  label: string;
  suffix: string;
  infra: Infra;
  logDir: string;
  logLevel: string;
  /** Extra variables per app, e.g. `{ coaching: { OPENAI_BASE_URL: … } }`. */
  env?: Partial<Record<AppName, Record<string, string>>>;
  log?: (message: string) => void;
  /**
   * Instances of every app (default 1). With 2 or more: that many gateways on ports of their own
   * (`baseUrls`), and that many instances of each service, the gateways reaching each service through a
   * round-robin TCP balancer in the bench process (one per service, per connection, as a Kubernetes
   * Service balances); each service's instances share its Kafka consumer group. Processes are named
   * `gateway`, `gateway-2`, `sessions`, `sessions-2`, …
   */
  replicas?: number;
}

export interface BenchSystem {
  /** http://127.0.0.1:<port> of the gateway; empty until start() resolved. */
  baseUrl: string;
  /** Every gateway's base URL (one unless `replicas`). */
  baseUrls: string[];
  schemas: Record<ServiceName, string>;
  topicPrefix: string;
  jwtPrivateKey: string;
  processes: BenchProcess[];
  start(): Promise<void>;
  /** Gateway first, then the services; drops the schemas, deletes the Kafka topics and groups. Idempotent. */
  stop(): Promise<void>;
  /** Runs SQL in one service's schema. */
  sql<T = Record<string, unknown>>(service: ServiceName, text: string, params?: unknown[]): Promise<T[]>;
  /** The process of one app, e.g. for its CPU. */
  app(name: AppName): BenchProcess;
  /**
   * Kills one app's process at once (SIGKILL by default: no shutdown hook, no last flush), as a crash or an
   * OOM kill would; resolves when it is gone.
   */
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a killed (or exited) app again with the same settings and waits until it answers `/health/ready`. */
  restart(name: string, timeoutMs?: number): Promise<void>;
}

async function withDb<T>(databaseUrl: string, fn: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  await withDb(url.toString(), async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by a parallel run
      });
    }
  });
}

/** Runs a one-shot entry point (`migrate`) to completion, output to a log file; throws on a non-zero exit. */
async function runToCompletion(
  what: string,
  script: string,
  env: Record<string, string>,
  logFile: string,
  timeoutMs: number,
): Promise<void> {
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const code = await new Promise<number | string | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (c, signal) => {
      clearTimeout(timer);
      resolve(c ?? signal);
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve(error.message);
    });
  });
  if (code !== 0) {
    throw new Error(`${what} failed (${String(code)}):\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
  }
}

let kafkajsWarningSilenced = false;

/**
 * kafkajs sets timers with a negative delay on Node 24 (harmless: Node runs them after 1 ms); keeps that one
 * warning out of a bench's output, for the rest of the process.
 */
export function silenceKafkajsTimeoutWarning(): void {
  if (kafkajsWarningSilenced) return;
  kafkajsWarningSilenced = true;
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const name =
      typeof warning === 'string' ? (typeof rest[0] === 'string' ? rest[0] : undefined) : warning.name;
    if (name === 'TimeoutNegativeWarning') return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
}

async function deleteKafkaTopicsAndGroups(brokers: string, prefix: string): Promise<string> {
  const { Kafka, logLevel } = require('kafkajs') as typeof import('kafkajs');
  silenceKafkajsTimeoutWarning();
  const admin = new Kafka({
    clientId: 'bench-clean-up',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
    retry: { retries: 2 },
  }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 10_000 });
    const groups = (await admin.listGroups()).groups
      .map((g) => g.groupId)
      .filter((g) => g.startsWith(prefix));
    // A group still holding a member (not yet timed out) cannot be deleted; that is left to Kafka.
    const deleted = groups.length > 0 ? await admin.deleteGroups(groups).catch(() => []) : [];
    return `${topics.length} topics, ${deleted.filter((g) => !g.error).length}/${groups.length} groups`;
  } finally {
    await admin.disconnect();
  }
}

export function createBenchSystem(options: BenchSystemOptions): BenchSystem {
  const log = options.log ?? (() => undefined);
  const { infra } = options;
  const processes: BenchProcess[] = [];
  const createdSchemas: string[] = [];
  const schemas = Object.fromEntries(
    SERVICES.map((s) => [s, `bench_${options.label}_${s}_${options.suffix}`.slice(0, 63)]),
  ) as Record<ServiceName, string>;
  const topicPrefix = `bench-${options.label}-${options.suffix}.`;
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwtPrivateKey = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  let kafkaTouched = false;
  let stopping: Promise<void> | undefined;
  const balancers: Array<{ close(): Promise<void> }> = [];
  /** Each app's variables and its readiness URL, for a restart. */
  const launched = new Map<string, { env: Record<string, string>; readyUrl: string }>();

  /** `name` is the app, or one of its replicas (`sessions-2`): the same build. */
  const startApp = (name: string, env: Record<string, string>) => {
    const port = env.PORT ?? env.HTTP_PORT;
    launched.set(name, {
      env,
      readyUrl: `http://127.0.0.1:${port}${name.startsWith('gateway') ? '/api/health' : '/health/ready'}`,
    });
    const build = name.replace(/-\d+$/, '');
    const app = startNodeProcess(name, join(ROOT, 'dist', 'apps', build, 'src', 'main.js'), env, {
      cwd: ROOT,
      logFile: join(options.logDir, `${options.label}-${name}.log`),
    });
    processes.push(app);
    return app;
  };
  const exited = () => {
    const gone = processes.find((p) => p.exited());
    return gone ? `${gone.name} exited:\n${gone.tail(3000)}` : undefined;
  };

  const system: BenchSystem = {
    baseUrl: '',
    baseUrls: [],
    schemas,
    topicPrefix,
    jwtPrivateKey,
    processes,

    async start() {
      const replicas = Math.max(1, options.replicas ?? 1);
      const n = SERVICES.length;
      const ports = await freePorts(replicas + 2 * n * replicas + (replicas > 1 ? n : 0));
      const gatewayPorts = ports.slice(0, replicas);
      /** Instance r (0-based) of service i. */
      const http = (i: number, r = 0) => ports[replicas + r * 2 * n + i]!;
      const rpc = (i: number, r = 0) => ports[replicas + r * 2 * n + n + i]!;
      const balancerPort = (i: number) => ports[replicas + 2 * n * replicas + i]!;
      const baseUrls = gatewayPorts.map((port) => `http://127.0.0.1:${port}`);
      const baseUrl = baseUrls[0]!;

      await ensureDatabase(infra.databaseUrl);
      for (const schema of Object.values(schemas)) {
        await withDb(infra.databaseUrl, (c) => c.query(`CREATE SCHEMA "${schema}"`));
        createdSchemas.push(schema);
      }
      const common = {
        NODE_ENV: 'production',
        LOG_LEVEL: options.logLevel,
        DATABASE_URL: infra.databaseUrl,
        REDIS_URL: infra.redisUrl,
        KAFKA_BROKERS: infra.kafkaBrokers,
        KAFKA_TOPIC_PREFIX: topicPrefix,
        HTTP_HOST: '127.0.0.1',
        RPC_HOST: '127.0.0.1',
        JWT_PRIVATE_KEY: jwtPrivateKey,
        PUBLIC_URL: baseUrl,
        SMTP_URL: infra.smtpUrl,
        SHUTDOWN_GRACE_MS: '2000',
      };
      const envOf = (name: ServiceName, i: number, r = 0) => ({
        ...common,
        DATABASE_SCHEMA: schemas[name],
        HTTP_PORT: String(http(i, r)),
        RPC_PORT: String(rpc(i, r)),
        ...options.env?.[name],
      });
      const named = (name: AppName, r: number) => (r === 0 ? name : `${name}-${r + 1}`);

      log(`${options.label}: migrations (${n} schemas)`);
      await Promise.all(
        SERVICES.map((name, i) =>
          runToCompletion(
            `${name} migrations`,
            join(ROOT, 'dist', 'apps', name, 'src', 'migrate.js'),
            envOf(name, i),
            join(options.logDir, `${options.label}-${name}-migrate.log`),
            60_000,
          ),
        ),
      );
      log(
        `${options.label}: starting ${SERVICES.join(', ')} and the gateway${replicas > 1 ? `, ${replicas} of each` : ''} (LOG_LEVEL=${options.logLevel})`,
      );
      kafkaTouched = true;
      for (let r = 0; r < replicas; r++)
        SERVICES.forEach((name, i) => startApp(named(name, r), envOf(name, i, r)));
      const rpcUrl = (i: number) => {
        if (replicas === 1) return `tcp://127.0.0.1:${rpc(i)}`;
        // A process of its own (lib/balancer.ts), not the load generator's event loop.
        const balancer = startNodeProcess(
          `balancer-${SERVICES[i]}`,
          join(ROOT, 'bench', 'lib', 'balancer.ts'),
          {},
          { cwd: ROOT, logFile: join(options.logDir, `${options.label}-balancer-${SERVICES[i]}.log`) },
          [String(balancerPort(i)), Array.from({ length: replicas }, (_, r) => rpc(i, r)).join(',')],
        );
        processes.push(balancer);
        balancers.push({ close: () => balancer.stop(2000) });
        return `tcp://127.0.0.1:${balancerPort(i)}`;
      };
      const rpcUrls = Object.fromEntries(
        SERVICES.map((name, i) => [`${name.toUpperCase()}_RPC_URL`, rpcUrl(i)]),
      );
      gatewayPorts.forEach((port, r) =>
        startApp(named('gateway', r), {
          NODE_ENV: 'production',
          LOG_LEVEL: options.logLevel,
          REDIS_URL: infra.redisUrl,
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: baseUrl,
          JWKS_URL: `http://127.0.0.1:${http(0)}/.well-known/jwks.json`,
          ...rpcUrls,
          WEB_DIST_DIR: 'dist/apps/web',
          SHUTDOWN_GRACE_MS: '2000',
          ...UNLIMITED_GATEWAY_ENV,
          ...options.env?.gateway,
        }),
      );
      for (const url of baseUrls)
        await waitUntil(
          `${options.label}: GET ${url}/api/health 200`,
          async () => (await get(`${url}/api/health`, {}, 4000)).status === 200,
          { timeoutMs: 90_000, intervalMs: 250, abort: exited },
        );
      system.baseUrl = baseUrl;
      system.baseUrls = baseUrls;
    },

    stop() {
      stopping ??= (async () => {
        // The gateway first, so no request reaches a stopped service; then the services.
        const gateway = (p: BenchProcess) => p.name.startsWith('gateway');
        await Promise.all(processes.filter(gateway).map((p) => p.stop(8000)));
        await Promise.all(processes.filter((p) => !gateway(p)).map((p) => p.stop(8000)));
        await Promise.all(balancers.map((b) => b.close()));
        for (const schema of createdSchemas) {
          await withDb(infra.databaseUrl, (c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).catch(
            (error: unknown) => console.error(`could not drop schema ${schema}: ${String(error)}`),
          );
        }
        if (kafkaTouched) {
          const outcome = await Promise.race([
            deleteKafkaTopicsAndGroups(infra.kafkaBrokers, topicPrefix),
            new Promise<string>((resolve) => setTimeout(() => resolve('gave up after 20 s'), 20_000).unref()),
          ]).catch((error: unknown) => `failed: ${String(error)}`);
          log(`${options.label}: stopped; schemas dropped; Kafka ${topicPrefix}*: ${outcome}`);
        } else {
          log(`${options.label}: stopped; schemas dropped`);
        }
      })();
      return stopping;
    },

    async sql<T>(service: ServiceName, text: string, params: unknown[] = []) {
      const client = new pg.Client({
        connectionString: infra.databaseUrl,
        connectionTimeoutMillis: 5000,
        options: `-c search_path=${schemas[service]}`,
      });
      await client.connect();
      try {
        return (await client.query(text, params)).rows as T[];
      } finally {
        await client.end();
      }
    },

    app(name) {
      const found = processes.find((p) => p.name === name);
      if (!found) throw new Error(`no app ${name}`);
      return found;
    },

    async kill(name, signal = 'SIGKILL') {
      const target = system.app(name as AppName);
      if (target.exited()) return;
      const gone = new Promise<void>((resolve) => target.child.once('exit', () => resolve()));
      target.child.kill(signal);
      await gone;
    },

    async restart(name, timeoutMs = 90_000) {
      const settings = launched.get(name);
      if (!settings) throw new Error(`no app ${name}`);
      const index = processes.findIndex((p) => p.name === name);
      if (index >= 0 && !processes[index]!.exited()) throw new Error(`${name} is still running`);
      if (index >= 0) processes.splice(index, 1);
      const app = startApp(name, settings.env);
      await waitUntil(
        `${name} ready again`,
        async () => (await get(settings.readyUrl, {}, 4000)).status === 200,
        {
          timeoutMs,
          intervalMs: 200,
          abort: () => (app.exited() ? `${name} exited:\n${app.tail(3000)}` : undefined),
        },
      );
    },
  };
  return system;
}

export interface BenchUser {
  id: string;
  email: string;
  token: string;
}

/** An access token for `userId` signed with the system's key, as identity signs them (ES256, kid = RFC 7638 thumbprint). */
export async function mintAccessToken(
  system: BenchSystem,
  userId: string,
  claims: { plan: 'free' | 'premium'; email: string },
): Promise<string> {
  const jwk = await exportJWK(createPublicKey(system.jwtPrivateKey));
  return new SignJWT({
    email: claims.email,
    role: 'authenticated',
    plan: claims.plan,
    session_id: randomUUID(),
  })
    .setProtectedHeader({ alg: 'ES256', kid: await calculateJwkThumbprint(jwk) })
    .setSubject(userId)
    .setIssuer('parley')
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime('30m')
    .sign(createPrivateKey(system.jwtPrivateKey));
}

/**
 * A confirmed user row in identity and an access token for it, as `createTestUser` of libs/server/testing
 * does (no sign-up, no e-mail); with `passwordHash`, a credentials row too, so the user can sign in.
 */
export async function createUser(
  system: BenchSystem,
  options: { email: string; plan?: 'free' | 'premium'; passwordHash?: string },
): Promise<BenchUser> {
  const id = randomUUID();
  const plan = options.plan ?? 'free';
  const email = options.email.toLowerCase();
  await system.sql(
    'identity',
    `INSERT INTO users (id, email, full_name, plan, email_confirmed_at) VALUES ($1, $2, $3, $4, now())`,
    [id, email, 'Bench Person', plan],
  );
  if (options.passwordHash) {
    await system.sql('identity', `INSERT INTO credentials (user_id, password_hash) VALUES ($1, $2)`, [
      id,
      options.passwordHash,
    ]);
  }
  return { id, email, token: await mintAccessToken(system, id, { plan, email }) };
}

/**
 * A bench's whole system, started, and stopped with the bench (also on an error or Ctrl-C): the run's
 * suffix, log folder and log function come from `ctx`.
 */
export async function startBenchSystem(
  ctx: BenchContext,
  options: Omit<BenchSystemOptions, 'suffix' | 'logDir' | 'log'>,
): Promise<BenchSystem> {
  const system = createBenchSystem({ ...options, suffix: ctx.suffix, logDir: ctx.logDir, log: ctx.log });
  ctx.onCleanup(() => system.stop());
  await system.start();
  return system;
}
