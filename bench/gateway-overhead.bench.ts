/**
 * What the gateway costs per request: `GET /auth/v1/user` through the gateway (JWT verify + TCP RPC to
 * identity + a PostgreSQL primary-key read), against the same RPC called directly, a bare Fastify server
 * (this machine's ceiling for one HTTP hop) and the gateway's `GET /health/live` (Nest + Fastify + the
 * global guards, no RPC, no JWT where the route is public). All with the same closed-loop concurrency and duration. See bench/README.md.
 *
 *   npm run bench                      (BENCH_CONNECTIONS, BENCH_DURATION, BENCH_WARMUP, BENCH_LOG_LEVEL)
 *
 * Starts and stops everything it needs (built identity and gateway on free 127.0.0.1 ports, a fresh
 * schema, one user); exits non-zero if any scenario saw an error, a timeout, a wrong body or a non-2xx.
 */
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, createPrivateKey, createPublicKey, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { calculateJwkThumbprint, exportJWK, SignJWT } from 'jose';
import {
  cpuMsBetween,
  cpuMsByCommand,
  cpuMsOf,
  freePorts,
  get,
  startNodeProcess,
  waitUntil,
  type BenchProcess,
} from './lib/processes.ts';
import { runAutocannon, runClosedLoop, type LoadResult } from './lib/load.ts';
import { clockTicks, machineTimes, SHARED_SERVERS } from './lib/cpu.ts';

const require = createRequire(import.meta.url);
const ROOT = join(import.meta.dirname, '..');
const APPS = ['gateway', 'identity', 'sessions', 'coaching', 'gamification', 'export'];

/* ---------- settings ---------- */

function numberFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    console.error(`${name}=${raw}: expected a number from ${min} to ${max}`);
    process.exit(2);
  }
  return value;
}

const CONNECTIONS = Math.round(numberFromEnv('BENCH_CONNECTIONS', 50, 1, 1000));
const DURATION_S = numberFromEnv('BENCH_DURATION', 10, 1, 60);
const WARMUP_S = numberFromEnv('BENCH_WARMUP', 2, 0, 30);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'warn';
if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(LOG_LEVEL)) {
  console.error(`BENCH_LOG_LEVEL=${LOG_LEVEL}: expected fatal, error, warn, info, debug, trace or silent`);
  process.exit(2);
}
const KEEP_LOGS = process.env.BENCH_KEEP_LOGS === '1';
const RATE_LIMIT_PER_MINUTE = '100000000';

// The servers of infra/local, loopback only. A database of the bench's own (created when missing), so its
// schema never shares database-wide objects (extensions) with integration tests running at the same time.
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/parley_bench';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const KAFKA_BROKERS = process.env.BENCH_KAFKA_BROKERS ?? '127.0.0.1:9092';
// identity needs a mail server in its configuration; nothing in this bench sends mail.
const SMTP_URL = process.env.BENCH_SMTP_URL ?? 'smtp://127.0.0.1:1025';
for (const [name, host] of [
  ['database', new URL(DATABASE_URL).hostname],
  ['redis', new URL(REDIS_URL).hostname],
  ['mail server', new URL(SMTP_URL).hostname],
  ...KAFKA_BROKERS.split(',').map((b) => ['kafka', b.split(':')[0] ?? ''] as const),
] as const) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
    console.error(`the ${name} must be on this machine (127.0.0.1), not ${host}`);
    process.exit(2);
  }
}

/** Scenarios × (warm-up + measured) + start-up, build excluded; past it the bench aborts and cleans up. */
const DEADLINE_MS = (90 + 4 * (WARMUP_S + DURATION_S + 2)) * 1000;

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/* ---------- state that clean-up needs ---------- */

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const resultsDir = join(ROOT, 'bench', 'results');
const logDir = join(resultsDir, `logs-${stamp}`);
const processes: BenchProcess[] = [];
let schemaName: string | undefined;
let rpcClient: { close(): unknown } | undefined;
let failedRun = false;

const startedAt = Date.now();
function log(message: string): void {
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1).padStart(5);
  console.log(`[bench ${seconds}s] ${message}`);
}

/* ---------- database ---------- */

type PgClient = import('pg').Client;
const pg = require('pg') as typeof import('pg');

async function withDb<T>(fn: (client: PgClient) => Promise<T>, database?: string): Promise<T> {
  const url = new URL(DATABASE_URL);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function ensureDatabase(): Promise<void> {
  const name = new URL(DATABASE_URL).pathname.slice(1);
  await withDb(async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by a parallel run
      });
    }
  }, 'postgres');
}

/* ---------- steps ---------- */

function runStep(what: string, command: string, args: string[], timeoutMs: number, env = process.env): void {
  const result = spawnSync(command, args, { cwd: ROOT, env, encoding: 'utf8', timeout: timeoutMs });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.slice(-4000);
    const why = result.error ? result.error.message : `exit ${result.status ?? result.signal}`;
    throw new Error(`${what} failed (${why}):\n${output}`);
  }
}

function startApp(name: string, env: Record<string, string>): BenchProcess {
  const app = startNodeProcess(name, join(ROOT, 'dist', 'apps', name, 'src', 'main.js'), env, {
    cwd: ROOT,
    logFile: join(logDir, `${name}.log`),
  });
  processes.push(app);
  return app;
}

function exitedReason(app: BenchProcess): string | undefined {
  return app.exited() ? `${app.name} exited:\n${app.tail()}` : undefined;
}

async function accessToken(privatePem: string, userId: string): Promise<string> {
  const kid = await calculateJwkThumbprint(await exportJWK(createPublicKey(privatePem)));
  return new SignJWT({ email: `bench-${suffix}@example.com`, role: 'authenticated', plan: 'free' })
    .setProtectedHeader({ alg: 'ES256', kid })
    .setSubject(userId)
    .setIssuer('parley')
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime('30m')
    .sign(createPrivateKey(privatePem));
}

/* ---------- measuring ---------- */

interface CpuSnapshot {
  at: bigint;
  machine?: { busy: number; total: number };
  bench: number;
  procs: Record<string, number | undefined>;
  shared: ReturnType<typeof cpuMsByCommand>;
}

function cpuSnapshot(): CpuSnapshot {
  const usage = process.cpuUsage();
  const machine = machineTimes();
  return {
    at: process.hrtime.bigint(),
    ...(machine ? { machine } : {}),
    bench: (usage.user + usage.system) / 1000,
    procs: Object.fromEntries(processes.map((p) => [p.name, cpuMsOf(p.child.pid, clockTicks)])),
    shared: cpuMsByCommand(Object.keys(SHARED_SERVERS), clockTicks),
  };
}

interface CpuUse {
  /** Cores in use on average during the measured window, by anything on the machine. */
  machineBusyCores?: number;
  /** Of those, the cores used by processes this bench does not know about (other work on the machine). */
  otherCores?: number;
  /** CPU milliseconds per successful request, per process ('loadgen' is this process). */
  msPerRequest: Record<string, number>;
}

function cpuUse(before: CpuSnapshot, after: CpuSnapshot, ok: number): CpuUse {
  const windowMs = Number(after.at - before.at) / 1e6;
  const used: Record<string, number> = { loadgen: after.bench - before.bench };
  for (const [name, value] of Object.entries(after.procs)) {
    const start = before.procs[name];
    if (value !== undefined && start !== undefined && value - start > 0) used[name] = value - start;
  }
  for (const [command, ms] of Object.entries(cpuMsBetween(before.shared, after.shared))) {
    used[SHARED_SERVERS[command] ?? command] = ms;
  }
  const msPerRequest = Object.fromEntries(
    Object.entries(used).map(([name, ms]) => [name, ok > 0 ? round(ms / ok, 4) : 0]),
  );
  if (!before.machine || !after.machine) return { msPerRequest };
  const cores = cpus().length;
  const busyCores =
    ((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total || 1)) * cores;
  const knownCores = Object.values(used).reduce((a, b) => a + b, 0) / windowMs;
  return {
    machineBusyCores: round(busyCores, 2),
    otherCores: round(Math.max(0, busyCores - knownCores), 2),
    msPerRequest,
  };
}

interface Scenario {
  id: 'a' | 'b' | 'c' | 'd';
  name: string;
  what: string;
  generator: string;
  result: LoadResult;
  cpu: CpuUse;
}

async function measure(
  id: Scenario['id'],
  name: string,
  what: string,
  generator: string,
  run: (seconds: number) => Promise<LoadResult>,
): Promise<Scenario> {
  if (WARMUP_S > 0) {
    log(`${id}. ${name}: warming up ${WARMUP_S} s`);
    await run(WARMUP_S);
  }
  log(`${id}. ${name}: measuring ${DURATION_S} s with ${CONNECTIONS} in flight`);
  const before = cpuSnapshot();
  const result = await run(DURATION_S);
  const cpu = cpuUse(before, cpuSnapshot(), result.ok);
  log(
    `${id}. ${name}: ${Math.round(result.rps)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms` +
      (result.failed ? `, ${result.failed} FAILED ${JSON.stringify(result.failures)}` : ''),
  );
  return { id, name, what, generator, result, cpu };
}

/* ---------- report ---------- */

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length)));
  const line = (r: string[]) =>
    r.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/* ---------- clean-up ---------- */

let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    try {
      await Promise.resolve(rpcClient?.close()).catch(() => undefined);
    } catch {
      // already closed
    }
    // The gateway (and the bare server) first, so no request reaches a stopped identity; then identity.
    await Promise.all(processes.filter((p) => p.name !== 'identity').map((p) => p.stop(8000)));
    await Promise.all(processes.filter((p) => p.name === 'identity').map((p) => p.stop(8000)));
    if (schemaName) {
      const name = schemaName;
      await withDb((c) => c.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`)).catch((error: unknown) =>
        console.error(`could not drop schema ${name}: ${String(error)}`),
      );
    }
    if (!failedRun && !KEEP_LOGS) rmSync(logDir, { recursive: true, force: true });
    else if (existsSync(logDir)) console.error(`process logs kept in ${relative(ROOT, logDir)}`);
  })();
  return cleaning;
}

function abort(reason: string): void {
  failedRun = true;
  console.error(`\nbench aborted: ${reason}; cleaning up`);
  const hardStop = setTimeout(() => process.exit(1), 30_000);
  hardStop.unref();
  void cleanUp().finally(() => process.exit(1));
}

/* ---------- main ---------- */

async function main(): Promise<number> {
  mkdirSync(logDir, { recursive: true });

  log('infrastructure: bash infra/local/up.sh');
  runStep('infra/local/up.sh', 'bash', [join(ROOT, 'infra', 'local', 'up.sh')], 180_000);

  log('building the apps (nx, cached when nothing changed)');
  const buildStarted = Date.now();
  runStep(
    'nx build',
    join(ROOT, 'node_modules', '.bin', 'nx'),
    ['run-many', '-t', 'build', '-p', ...APPS, '--output-style=static'],
    300_000,
    { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: '0' },
  );
  log(`built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s`);

  // From here on the run is bounded.
  const watchdog = setTimeout(() => abort(`still running after ${DEADLINE_MS / 1000} s`), DEADLINE_MS);
  watchdog.unref();

  const [identityHttp, identityRpc, gatewayPort, barePort] = (await freePorts(4)) as [
    number,
    number,
    number,
    number,
  ];

  log('database: fresh schema, migrations, one user');
  await ensureDatabase();
  schemaName = `bench_gw_${suffix}`;
  const schema = schemaName;
  await withDb((c) => c.query(`CREATE SCHEMA "${schema}"`));
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const identityEnv: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL,
    DATABASE_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL,
    KAFKA_BROKERS,
    KAFKA_TOPIC_PREFIX: `bench-${suffix}.`,
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: String(identityHttp),
    RPC_HOST: '127.0.0.1',
    RPC_PORT: String(identityRpc),
    JWT_PRIVATE_KEY: privatePem,
    PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
    SMTP_URL,
    SHUTDOWN_GRACE_MS: '2000',
  };
  runStep(
    'identity migrations',
    process.execPath,
    [join(ROOT, 'dist', 'apps', 'identity', 'src', 'migrate.js')],
    60_000,
    { PATH: process.env.PATH ?? '', ...identityEnv },
  );
  const userId = randomUUID();
  await withDb((c) =>
    c.query(`INSERT INTO "${schema}".users (id, email, full_name) VALUES ($1, $2, $3)`, [
      userId,
      `bench-${suffix}@example.com`,
      'Ada Lovelace',
    ]),
  );
  const token = await accessToken(privatePem, userId);

  log(`starting identity (http ${identityHttp}, rpc ${identityRpc}) with LOG_LEVEL=${LOG_LEVEL}`);
  const identity = startApp('identity', identityEnv);
  await waitUntil(
    'identity ready',
    async () => (await get(`http://127.0.0.1:${identityHttp}/health/ready`)).status === 200,
    { timeoutMs: 60_000, abort: () => exitedReason(identity) },
  );

  // The gateway routes only /auth/v1/user here, which goes to identity; the four other services' RPC URLs
  // point at identity's port too (the gateway connects a client only on its first call, so they stay idle).
  const rpcUrl = `tcp://127.0.0.1:${identityRpc}`;
  log(`starting the gateway (http ${gatewayPort})`);
  const gateway = startApp('gateway', {
    NODE_ENV: 'production',
    LOG_LEVEL,
    REDIS_URL,
    HOST: '127.0.0.1',
    PORT: String(gatewayPort),
    RATE_LIMIT_PER_MINUTE,
    AUTH_RATE_LIMIT_PER_MINUTE: RATE_LIMIT_PER_MINUTE,
    PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
    // The limiter's counters live in Redis per client address: each run is a client address of its own,
    // so it neither meets nor disturbs the counters of tests running beside it.
    TRUST_PROXY: 'true',
    JWKS_URL: `http://127.0.0.1:${identityHttp}/.well-known/jwks.json`,
    ...Object.fromEntries(APPS.slice(1).map((n) => [`${n.toUpperCase()}_RPC_URL`, rpcUrl])),
    WEB_DIST_DIR: 'dist/apps/web',
    SHUTDOWN_GRACE_MS: '2000',
  });
  const clientAddress = `10.${randomBytes(3).join('.')}`;
  const gatewayHeaders = { authorization: `Bearer ${token}`, 'x-forwarded-for': clientAddress };
  const userUrl = `http://127.0.0.1:${gatewayPort}/auth/v1/user`;
  await waitUntil('gateway ready', async () => (await get(userUrl, gatewayHeaders)).status === 200, {
    timeoutMs: 60_000,
    abort: () => exitedReason(gateway),
  });

  log(`starting bare Fastify (http ${barePort})`);
  const bare = startNodeProcess(
    'bare-fastify',
    join(ROOT, 'bench', 'fixtures', 'bare-fastify.ts'),
    { BENCH_PORT: String(barePort) },
    { cwd: ROOT, logFile: join(logDir, 'bare-fastify.log') },
  );
  processes.push(bare);
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  await waitUntil('bare Fastify ready', async () => (await get(bareUrl)).status === 200, {
    timeoutMs: 20_000,
    abort: () => exitedReason(bare),
  });

  // Every measured answer must equal the one seen here (autocannon's expectBody; the RPC's id).
  const userBody = (await get(userUrl, gatewayHeaders)).body;
  const expectedUser = JSON.parse(userBody) as { id: string };
  if (expectedUser.id !== userId) throw new Error(`GET /auth/v1/user answered another user: ${userBody}`);
  const liveUrl = `http://127.0.0.1:${gatewayPort}/health/live`;
  // /health/live is meant to be public; where the gateway's global JWT guard still covers it (401 without a
  // token), it is measured with the token, and so includes the JWT verification.
  const liveWithoutToken = await get(liveUrl, { 'x-forwarded-for': clientAddress });
  const liveNeedsToken = liveWithoutToken.status === 401;
  const liveHeaders = liveNeedsToken ? gatewayHeaders : { 'x-forwarded-for': clientAddress };
  const live = liveNeedsToken ? await get(liveUrl, liveHeaders) : liveWithoutToken;
  if (live.status !== 200) throw new Error(`GET /health/live answered ${live.status}: ${live.body}`);
  if (liveNeedsToken)
    log('note: the gateway answers /health/live with 401 without a token; measuring it with one');
  const bareBody = (await get(bareUrl)).body;

  require('reflect-metadata');
  const { ClientProxyFactory, Transport } =
    require('@nestjs/microservices') as typeof import('@nestjs/microservices');
  const { firstValueFrom, timeout } = require('rxjs') as typeof import('rxjs');
  const client = ClientProxyFactory.create({
    transport: Transport.TCP,
    options: { host: '127.0.0.1', port: identityRpc },
  });
  rpcClient = client;
  await client.connect();
  let sequence = 0;
  const callRpc = async (): Promise<boolean> => {
    const answer = await firstValueFrom(
      client
        .send<{ id?: string }>('identity.user.get', {
          meta: { requestId: `bench-${suffix}-${++sequence}`, userId },
          data: { id: userId },
        })
        .pipe(timeout(10_000)),
    );
    return answer?.id === userId;
  };
  if (!(await callRpc())) throw new Error('identity.user.get did not answer the user');

  const http = (url: string, body: string, headers?: Record<string, string>) => (seconds: number) =>
    runAutocannon({
      url,
      connections: CONNECTIONS,
      durationSeconds: seconds,
      expectBody: body,
      ...(headers ? { headers } : {}),
    });

  const scenarios: Scenario[] = [];
  scenarios.push(
    await measure(
      'c',
      'bare Fastify GET /',
      'root fastify, no plugins, no logger, a small JSON: the ceiling for one HTTP hop here',
      'autocannon',
      http(bareUrl, bareBody),
    ),
  );
  await bare.stop(5000);
  scenarios.push(
    await measure(
      'd',
      liveNeedsToken ? 'gateway GET /health/live +JWT' : 'gateway GET /health/live',
      'Nest on Fastify with helmet, CORS, pino-http (this path is not logged) and the rate limiter (a Redis round trip); no RPC' +
        (liveNeedsToken
          ? '; with a bearer token, as the global JWT guard covers this route (ES256 verify)'
          : ''),
      'autocannon',
      http(liveUrl, live.body, liveHeaders),
    ),
  );
  scenarios.push(
    await measure(
      'b',
      'direct RPC identity.user.get',
      'the RPC the gateway makes, from a Nest TCP ClientProxy straight to identity: zod + a primary-key read',
      'closed loop (ClientProxy, one TCP connection, like the gateway)',
      (seconds) => runClosedLoop({ concurrency: CONNECTIONS, durationSeconds: seconds, call: callRpc }),
    ),
  );
  scenarios.push(
    await measure(
      'a',
      'gateway GET /auth/v1/user',
      liveNeedsToken ? 'd + the RPC of b' : 'd + passport-jwt ES256 verify + the RPC of b',
      'autocannon',
      http(userUrl, userBody, gatewayHeaders),
    ),
  );

  /* ---------- report ---------- */

  const by = (id: Scenario['id']) => scenarios.find((s) => s.id === id)!.result;
  const a = by('a');
  const b = by('b');
  const c = by('c');
  const d = by('d');
  const cpuOf = (id: Scenario['id'], name: string) =>
    scenarios.find((s) => s.id === id)?.cpu.msPerRequest[name] ?? null;
  const ratios = {
    gatewayVsBareFastifyRps: round(a.rps / c.rps),
    gatewayVsDirectRpcRps: round(a.rps / b.rps),
    healthLiveVsBareFastifyRps: round(d.rps / c.rps),
    gatewayOverheadP50Ms: round(a.p50Ms - b.p50Ms),
    gatewayOverheadP99Ms: round(a.p99Ms - b.p99Ms),
    /** The gateway process's own CPU per request: independent of how the cores were shared. */
    gatewayCpuMsPerRequest: cpuOf('a', 'gateway'),
    gatewayCpuMsPerRequestWithoutRpc: cpuOf('d', 'gateway'),
    identityCpuMsPerRequest: cpuOf('b', 'identity'),
  };
  const failed = scenarios.filter((s) => s.result.failed > 0 || s.result.ok === 0);

  const sorted = [...scenarios].sort((x, y) => x.id.localeCompare(y.id));
  const rows = [
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx'],
    ...sorted.map((s) => [
      `${s.id}. ${s.name}`,
      String(Math.round(s.result.rps)),
      s.result.p50Ms.toFixed(2),
      s.result.p99Ms.toFixed(2),
      s.result.failed ? `${s.result.failed} ${JSON.stringify(s.result.failures)}` : '0',
    ]),
  ];
  const cpuNames = ['loadgen', 'gateway', 'identity', 'bare-fastify', 'postgres', 'redis', 'kafka'];
  const cpuRows = [
    ['CPU ms per request', ...cpuNames, 'cores busy', 'not ours'],
    ...sorted.map((s) => [
      `${s.id}. ${s.name}`,
      ...cpuNames.map((n) => {
        const ms = s.cpu.msPerRequest[n];
        return ms !== undefined && ms > 0 ? ms.toFixed(3) : '-';
      }),
      s.cpu.machineBusyCores !== undefined ? s.cpu.machineBusyCores.toFixed(2) : '-',
      s.cpu.otherCores !== undefined ? s.cpu.otherCores.toFixed(2) : '-',
    ]),
  ];
  const cores = cpus().length;
  console.log(
    `\nGateway overhead: ${CONNECTIONS} in flight, ${DURATION_S} s measured after ${WARMUP_S} s warm-up, ` +
      `LOG_LEVEL=${LOG_LEVEL}; ${cores} cores shared by the load generator and every server; node ${process.version}\n`,
  );
  console.log(table(rows));
  console.log(`
gateway req/s / bare Fastify req/s       ${ratios.gatewayVsBareFastifyRps}  (a / c)
gateway req/s / direct RPC req/s         ${ratios.gatewayVsDirectRpcRps}  (a / b)
/health/live req/s / bare Fastify req/s  ${ratios.healthLiveVsBareFastifyRps}  (d / c)
gateway overhead at p50                  ${ratios.gatewayOverheadP50Ms} ms  (a p50 - b p50)
gateway overhead at p99                  ${ratios.gatewayOverheadP99Ms} ms  (a p99 - b p99)
gateway CPU per request                  ${ratios.gatewayCpuMsPerRequest} ms  (a; without the RPC, d: ${ratios.gatewayCpuMsPerRequestWithoutRpc} ms)
identity CPU per request                 ${ratios.identityCpuMsPerRequest} ms  (b)
`);
  console.log(table(cpuRows));
  console.log(
    `(CPU ms each process used per successful request; postgres, redis and kafka (java) count every process of theirs;\n` +
      ` cores busy: average cores in use on the machine, of ${cores}; not ours: of those, used by other processes)`,
  );

  const report = {
    bench: 'gateway-overhead',
    startedAt: new Date(startedAt).toISOString(),
    ok: failed.length === 0,
    machine: {
      cores,
      cpuModel: cpus()[0]?.model,
      memoryGiB: round(totalmem() / 2 ** 30, 1),
      loadAverageAtEnd: loadavg().map((l) => round(l, 2)),
      node: process.version,
      note: 'the load generator (this process), gateway, identity, PostgreSQL, Redis, Kafka and anything else running share these cores',
    },
    settings: {
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      logLevel: LOG_LEVEL,
      rateLimitPerMinute: Number(RATE_LIMIT_PER_MINUTE),
      healthLiveNeedsToken: liveNeedsToken,
      otherServicesRpcUrls:
        'sessions, coaching, gamification and export RPC URLs point at identity (never called)',
    },
    scenarios: scenarios.map((s) => ({
      id: s.id,
      name: s.name,
      measures: s.what,
      generator: s.generator,
      ...s.result,
      rps: round(s.result.rps, 1),
      seconds: round(s.result.seconds, 2),
      cpu: s.cpu,
    })),
    ratios,
  };
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `gateway-overhead-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nresults: ${relative(ROOT, file)}`);

  if (failed.length > 0) {
    failedRun = true;
    console.error(
      `\nFAILED: ${failed.map((s) => `${s.id}. ${s.name} (${s.result.failed} failed: ${JSON.stringify(s.result.failures)})`).join('; ')}`,
    );
    return 1;
  }
  return 0;
}

process.once('SIGINT', () => abort('interrupted'));
process.once('SIGTERM', () => abort('terminated'));

let code = 1;
try {
  code = await main();
} catch (error) {
  failedRun = true;
  console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
  for (const p of processes) {
    if (p.exited()) console.error(`--- ${p.name} (exited)\n${p.tail(2000)}`);
  }
} finally {
  log('cleaning up');
  await cleanUp();
  log(`done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}
process.exit(code);
