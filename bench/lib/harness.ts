/**
 * The frame the whole-system benches (sign-in, sessions, streaming) share: settings from the environment,
 * `infra/local/up.sh`, the nx build, a deadline, Ctrl-C handling, clean-up in reverse order of what was
 * started, the results file and the exit code. gateway-overhead.bench.ts predates it and has its own.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, relative } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const RESULTS_DIR = join(ROOT, 'bench', 'results');
/** Every app the system benches start; `server-testing` holds the OpenAI stub (dist/libs/server/testing). */
export const BUILD_PROJECTS = [
  'gateway',
  'identity',
  'sessions',
  'coaching',
  'gamification',
  'export',
  'server-testing',
];

/* ---------- settings ---------- */

export function numberFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    console.error(`${name}=${raw}: expected a number from ${min} to ${max}`);
    process.exit(2);
  }
  return value;
}

export function logLevelFromEnv(): string {
  const level = process.env.BENCH_LOG_LEVEL || 'warn';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(level)) {
    console.error(`BENCH_LOG_LEVEL=${level}: expected fatal, error, warn, info, debug, trace or silent`);
    process.exit(2);
  }
  return level;
}

export interface Infra {
  databaseUrl: string;
  redisUrl: string;
  kafkaBrokers: string;
  smtpUrl: string;
}

/**
 * infra/local's servers, loopback only. The database is the benches' own (`parley_bench`, created when
 * missing), apart from `parley_test` where integration tests create their schemas.
 */
export function infraFromEnv(): Infra {
  const infra = {
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/parley_bench',
    redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/15',
    kafkaBrokers: process.env.BENCH_KAFKA_BROKERS ?? '127.0.0.1:9092',
    smtpUrl: process.env.BENCH_SMTP_URL ?? 'smtp://127.0.0.1:1025',
  };
  for (const [name, host] of [
    ['database', new URL(infra.databaseUrl).hostname],
    ['redis', new URL(infra.redisUrl).hostname],
    ['mail server', new URL(infra.smtpUrl).hostname],
    ...infra.kafkaBrokers.split(',').map((b) => ['kafka', b.split(':')[0] ?? ''] as const),
  ] as const) {
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
      console.error(`the ${name} must be on this machine (127.0.0.1), not ${host}`);
      process.exit(2);
    }
  }
  return infra;
}

/* ---------- small things every bench prints ---------- */

export const round = (n: number, digits = 3): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** A random client address in 10/8, sent as x-forwarded-for (the gateway runs with TRUST_PROXY=true). */
export function randomClientAddress(): string {
  return `10.${[...randomBytes(3)].join('.')}`;
}

/** Rows as an aligned text table: first column left-aligned, the rest right-aligned. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length)));
  const line = (r: string[]) =>
    r.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export function machineInfo(): Record<string, unknown> {
  return {
    cores: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    loadAverageAtEnd: loadavg().map((l) => round(l, 2)),
    node: process.version,
    note: 'the load generator (this process), the gateway, every service, PostgreSQL, Redis, Kafka and anything else running here share these cores',
  };
}

/* ---------- the run ---------- */

export interface BenchContext {
  name: string;
  /** ISO time without ':' and '.', for file names. */
  stamp: string;
  /** Short and unique per run, for schema, topic and account names ([a-z0-9]). */
  suffix: string;
  logDir: string;
  startedAt: number;
  log(message: string): void;
  /** Registers clean-up work; it runs in reverse order of registration, also on an error or Ctrl-C. */
  onCleanup(fn: () => Promise<unknown>): void;
  /** Writes `bench/results/<name>-<stamp>.json`; returns its path relative to the repository. */
  writeResults(report: unknown): string;
}

function runStep(what: string, command: string, args: string[], timeoutMs: number, env = process.env): void {
  const result = spawnSync(command, args, { cwd: ROOT, env, encoding: 'utf8', timeout: timeoutMs });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.slice(-4000);
    const why = result.error ? result.error.message : `exit ${result.status ?? result.signal}`;
    throw new Error(`${what} failed (${why}):\n${output}`);
  }
}

/**
 * Runs a bench: infra up, build (both outside the deadline), then `main` under `deadlineMs`; `main`
 * resolves true when every measured request was correct. Cleans up and exits the process: 0 on success,
 * 1 on any failure, error, abort or timeout.
 */
export async function runBench(
  options: { name: string; deadlineMs: number },
  main: (ctx: BenchContext) => Promise<boolean>,
): Promise<never> {
  const startedAt = Date.now();
  const stamp = new Date(startedAt).toISOString().replace(/[:.]/g, '-');
  const suffix = `${startedAt.toString(36)}${randomBytes(3).toString('hex')}`;
  const logDir = join(RESULTS_DIR, `logs-${options.name}-${stamp}`);
  const keepLogs = process.env.BENCH_KEEP_LOGS === '1';
  const cleanups: Array<() => Promise<unknown>> = [];
  let failed = false;

  const log = (message: string) => {
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1).padStart(5);
    console.log(`[${options.name} ${seconds}s] ${message}`);
  };

  let cleaning: Promise<void> | undefined;
  const cleanUp = (): Promise<void> => {
    cleaning ??= (async () => {
      for (const fn of [...cleanups].reverse()) {
        try {
          await fn();
        } catch (error) {
          console.error(`clean-up step failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (!failed && !keepLogs) rmSync(logDir, { recursive: true, force: true });
      else if (existsSync(logDir)) console.error(`process logs kept in ${relative(ROOT, logDir)}`);
    })();
    return cleaning;
  };

  const abort = (reason: string) => {
    failed = true;
    console.error(`\nbench aborted: ${reason}; cleaning up`);
    const hardStop = setTimeout(() => process.exit(1), 45_000);
    hardStop.unref();
    void cleanUp().finally(() => process.exit(1));
  };
  process.once('SIGINT', () => abort('interrupted'));
  process.once('SIGTERM', () => abort('terminated'));

  const ctx: BenchContext = {
    name: options.name,
    stamp,
    suffix,
    logDir,
    startedAt,
    log,
    onCleanup: (fn) => cleanups.push(fn),
    writeResults: (report) => {
      mkdirSync(RESULTS_DIR, { recursive: true });
      const file = join(RESULTS_DIR, `${options.name}-${stamp}.json`);
      writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
      return relative(ROOT, file);
    },
  };

  let code = 1;
  try {
    mkdirSync(logDir, { recursive: true });
    log('infrastructure: bash infra/local/up.sh');
    runStep('infra/local/up.sh', 'bash', [join(ROOT, 'infra', 'local', 'up.sh')], 180_000);
    if (process.env.BENCH_SKIP_BUILD === '1') {
      log('build skipped (BENCH_SKIP_BUILD=1): using dist/ as it is');
    } else {
      log('building (nx, cached when nothing changed)');
      const buildStarted = Date.now();
      runStep(
        'nx build',
        join(ROOT, 'node_modules', '.bin', 'nx'),
        ['run-many', '-t', 'build', '-p', ...BUILD_PROJECTS, '--output-style=static'],
        300_000,
        { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: '0' },
      );
      log(`built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s`);
    }
    // From here on the run is bounded.
    const watchdog = setTimeout(
      () => abort(`still running after ${Math.round(options.deadlineMs / 1000)} s`),
      options.deadlineMs,
    );
    watchdog.unref();
    const ok = await main(ctx);
    clearTimeout(watchdog);
    failed = !ok;
    code = ok ? 0 : 1;
  } catch (error) {
    failed = true;
    console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (!cleaning) log('cleaning up');
    await cleanUp();
    log(`done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  }
  process.exit(code);
}
