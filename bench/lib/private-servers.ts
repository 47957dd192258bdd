/**
 * Servers a bench owns for itself, so that it may crash them: a PostgreSQL cluster (initdb in a temporary
 * folder, optionally on a simulated calendar), a Redis without persistence and a Kafka broker (the same
 * jars and script as infra/local, as a separate instance with its own data and ports). The shared servers
 * that tests and other work on this machine use are never touched.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './harness.ts';
import { freePorts, waitUntil } from './processes.ts';

const LIBFAKETIME = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
];

function run(what: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, { env, encoding: 'utf8', timeout: 180_000 });
  if (result.status !== 0) {
    const why = result.error ? result.error.message : `exit ${result.status ?? result.signal}`;
    throw new Error(
      `${what} failed (${why}):\n${`${result.stdout ?? ''}${result.stderr ?? ''}`.slice(-3000)}`,
    );
  }
  return result.stdout;
}

function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error('no PostgreSQL server binaries (initdb) in /usr/lib/postgresql; set PG_BIN');
  return join(base, versions[0]!, 'bin');
}

/** The library that lets the cluster run on a simulated calendar, when installed (Debian: faketime). */
export function libfaketime(): string | undefined {
  return LIBFAKETIME.find((f) => existsSync(f));
}

/**
 * A PostgreSQL cluster of the bench's own. Run as root, the server runs as the `postgres` OS user (it
 * refuses root). With `calendar`, the server's clock is the real one plus a whole number of days that
 * `setDay` moves forward (libfaketime, read from a file): every `now()` — a session's completion, an
 * outbox row — lands on that day, while the services keep the real clock.
 */
export class PrivatePostgres {
  readonly dir: string;
  port = 0;
  private readonly bin = postgresBin();
  private readonly asPostgres = process.getuid?.() === 0;
  private readonly clockFile: string;
  day = 0;
  private readonly options: { calendar: boolean };

  constructor(options: { calendar: boolean }) {
    this.options = options;
    this.dir = mkdtempSync(join(tmpdir(), 'parley-bench-pg-'));
    this.clockFile = join(this.dir, 'clock');
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/parley`;
  }

  get simulatesCalendar(): boolean {
    return this.options.calendar && libfaketime() !== undefined;
  }

  private pg(tool: string, args: string[]): string {
    const preload = this.options.calendar ? libfaketime() : undefined;
    const clock: Record<string, string> = preload
      ? {
          LD_PRELOAD: preload,
          FAKETIME_TIMESTAMP_FILE: this.clockFile,
          // Only the wall clock moves; timeouts and intervals keep the real monotonic clock.
          FAKETIME_DONT_FAKE_MONOTONIC: '1',
          FAKETIME_CACHE_DURATION: '1',
        }
      : {};
    const command = join(this.bin, tool);
    if (!this.asPostgres) return run(tool, command, args, { ...process.env, ...clock });
    const assignments = Object.entries(clock).map(([k, v]) => `${k}=${v}`);
    return run(tool, 'runuser', ['-u', 'postgres', '--', 'env', ...assignments, command, ...args]);
  }

  async start(): Promise<void> {
    this.port = (await freePorts(1))[0]!;
    writeFileSync(this.clockFile, '+0d\n');
    chmodSync(this.dir, 0o755);
    chmodSync(this.clockFile, 0o644);
    if (this.asPostgres) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(this.dir, uid, gid);
    }
    this.pg('initdb', [
      '-D',
      join(this.dir, 'data'),
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-locale',
    ]);
    await this.up();
    run('createdb', join(this.bin, 'psql'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(this.port),
      '-U',
      'postgres',
      '-c',
      'CREATE DATABASE parley',
    ]);
  }

  private async up(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=300`;
    this.pg('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'server.log'),
      '-o',
      options,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  }

  /** A crash and a restart: `-m immediate` stops without a checkpoint, so the start runs crash recovery. */
  async restart(pauseMs: number): Promise<void> {
    this.pg('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
    await new Promise((r) => setTimeout(r, pauseMs));
    await this.up();
  }

  /** Moves the server's calendar to `day` days after today; resolves once a new connection reads it. */
  async setDay(day: number, query: (sql: string) => Promise<Array<{ day: string }>>): Promise<void> {
    this.day = day;
    writeFileSync(this.clockFile, `+${day}d\n`);
    const want = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    await waitUntil(
      `the database's calendar on ${want}`,
      async () =>
        (await query(`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day`))[0]?.day === want,
      { timeoutMs: 20_000, intervalMs: 250 },
    );
    // Every backend re-reads the clock within the cache duration (1 s).
    await new Promise((r) => setTimeout(r, 1500));
  }

  async stop(): Promise<void> {
    try {
      this.pg('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already down
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  logTail(chars = 3000): string {
    const file = join(this.dir, 'server.log');
    return existsSync(file) ? readFileSync(file, 'utf8').slice(-chars) : '';
  }
}

/** A Redis of the bench's own, without persistence: a restart loses every key, as a cache restart does. */
export class PrivateRedis {
  port = 0;
  private child?: ReturnType<typeof spawn>;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (!this.port) this.port = (await freePorts(1))[0]!;
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    this.child = child;
    await waitUntil(
      `redis on ${this.port}`,
      async () => run('redis-cli ping', 'redis-cli', ['-p', String(this.port), 'ping']).trim() === 'PONG',
      {
        timeoutMs: 20_000,
        intervalMs: 100,
        abort: () => (child.exitCode !== null ? 'redis-server exited' : undefined),
      },
    );
  }

  /** SIGKILL and start again on the same port, empty. */
  async restart(pauseMs: number): Promise<void> {
    await this.kill();
    await new Promise((r) => setTimeout(r, pauseMs));
    await this.start();
  }

  private async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await gone;
  }

  async stop(): Promise<void> {
    await this.kill();
  }
}

/**
 * A Kafka broker of the bench's own, from infra/local/kafka.sh (KAFKA_INSTANCE=`instance`, data in
 * .data/<instance>, wiped at start and stop). Besides its plain listener it has the PROXIED one, which it
 * advertises at `proxiedAdvertisedPort`: a client that bootstraps there talks to the broker only through
 * whatever forwards that port (a TcpProxy), so the bench can pause one service's path to the broker.
 */
export class PrivateKafka {
  port = 0;
  controllerPort = 0;
  proxiedPort = 0;
  proxiedAdvertisedPort = 0;

  private readonly instance: string;

  constructor(instance: string) {
    this.instance = instance;
  }

  get brokers(): string {
    return `127.0.0.1:${this.port}`;
  }

  private get dataDir(): string {
    return join(ROOT, '.data', this.instance);
  }

  private script(action: 'start' | 'stop'): void {
    run(`kafka.sh ${action} (${this.instance})`, 'bash', [join(ROOT, 'infra', 'local', 'kafka.sh'), action], {
      ...process.env,
      KAFKA_INSTANCE: this.instance,
      KAFKA_PORT: String(this.port),
      KAFKA_CONTROLLER_PORT: String(this.controllerPort),
      KAFKA_PROXIED_PORT: String(this.proxiedPort),
      KAFKA_PROXIED_ADVERTISED_PORT: String(this.proxiedAdvertisedPort),
      KAFKA_START_TIMEOUT: '120',
    });
  }

  async start(): Promise<void> {
    const ports = await freePorts(4);
    [this.port, this.controllerPort, this.proxiedPort, this.proxiedAdvertisedPort] = ports as [
      number,
      number,
      number,
      number,
    ];
    rmSync(this.dataDir, { recursive: true, force: true });
    this.script('start');
  }

  private pid(): number | undefined {
    const file = join(this.dataDir, 'kafka.pid');
    const pid = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : NaN;
    return Number.isInteger(pid) ? pid : undefined;
  }

  /** SIGKILL the broker (no controlled shutdown), wait `pauseMs`, start it again on the same data. */
  async killAndRestart(pauseMs: number): Promise<void> {
    const pid = this.pid();
    if (pid === undefined) throw new Error(`${this.instance}: no pid file`);
    process.kill(pid, 'SIGKILL');
    await waitUntil(`${this.instance} (pid ${pid}) gone`, async () => !existsSync(`/proc/${pid}`), {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
    await new Promise((r) => setTimeout(r, pauseMs));
    this.script('start');
  }

  async stop(): Promise<void> {
    const pid = this.pid();
    if (pid !== undefined && existsSync(`/proc/${pid}`)) process.kill(pid, 'SIGKILL');
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
