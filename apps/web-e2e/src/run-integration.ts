/**
 * `nx run web-e2e:integration`: the browser tests against the real system. Starts the gateway (serving
 * dist/apps/web) and the five services as real processes with startSystem() of libs/server/testing
 * (fresh schemas and Kafka topics, free 127.0.0.1 ports, the real PostgreSQL, Redis, Kafka and SMTP
 * catcher), runs `apps/web-e2e/src/system*.e2e.ts` and `practice.e2e.ts` with `node --test` against it,
 * and always stops everything, also on a failure, a time-out or Ctrl-C. Exits with the tests' status.
 *
 *   npx nx run web-e2e:integration                  (builds first: the target's dependsOn)
 *   npx node apps/web-e2e/src/run-integration.ts practice.e2e.ts   (only these files; builds must exist)
 *
 * E2E_OUTPUT_DIR: screenshots and the system's logs (default dist/e2e-screenshots).
 * E2E_TIMEOUT_MS: bound on the test run (default 15 minutes); the system's start-up is bounded apart.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SRC = fileURLToPath(new URL('./', import.meta.url));
const OUTPUT_DIR = resolve(ROOT, process.env['E2E_OUTPUT_DIR'] ?? 'dist/e2e-screenshots');
const TEST_TIMEOUT_MS = Number(process.env['E2E_TIMEOUT_MS'] ?? 15 * 60_000);
const STARTUP_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 40_000;
/** The files this runner runs when none are named on the command line. */
const SYSTEM_TESTS = /^(system.*|practice|voice)\.e2e\.ts$/;

/** What this runner uses of libs/server/testing's TestSystem (its build is CommonJS without types). */
interface RunningSystem {
  baseUrl: string;
  /** The gateway's environment, for a test that starts a second one (system-deploy.e2e.ts). */
  gatewayEnv: Record<string, string>;
  apps: Array<{ name: string; output(): string }>;
  stop(): Promise<void>;
}
/** The speech server double of libs/server/testing (voice mode's transcription and partner voice). */
interface SpeechDouble {
  baseUrl: string;
  origin: string;
  close(): Promise<void>;
}
interface SpeechDoubleModule {
  startSpeechServerDouble(options: { msPerWord?: number; dumpDir?: string }): Promise<SpeechDouble>;
}
interface ServerTesting {
  startSystem(options: {
    label?: string;
    env?: Record<string, Record<string, string>>;
  }): Promise<RunningSystem>;
}

function log(message: string): void {
  console.log(`[web-e2e] ${message}`);
}

/** Rejects after `ms` with `what`, unless `promise` settles first. */
async function within<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function testFiles(): Promise<string[]> {
  const named = process.argv.slice(2);
  const files = named.length > 0 ? named : (await readdir(SRC)).filter((f) => SYSTEM_TESTS.test(f)).sort();
  return files.map((f) => {
    const path = resolve(SRC, f.replace(/^apps\/web-e2e\/src\//, ''));
    if (!existsSync(path)) throw new Error(`no test file ${path}`);
    return path;
  });
}

function requireBuilds(): ServerTesting & SpeechDoubleModule {
  const missing = [
    'dist/apps/web/index.html',
    'dist/libs/server/testing/src/index.js',
    'dist/libs/server/testing/src/speech-server-double.js',
    ...['gateway', 'identity', 'sessions', 'coaching', 'gamification', 'export'].map(
      (name) => `dist/apps/${name}/src/main.js`,
    ),
  ].filter((path) => !existsSync(join(ROOT, path)));
  if (missing.length > 0) {
    throw new Error(`missing builds (run \`npx nx run web-e2e:integration\`): ${missing.join(', ')}`);
  }
  const require = createRequire(import.meta.url);
  return {
    ...(require(join(ROOT, 'dist/libs/server/testing/src/index.js')) as ServerTesting),
    ...(require(join(ROOT, 'dist/libs/server/testing/src/speech-server-double.js')) as SpeechDoubleModule),
  };
}

/** Runs `node --test` on `files` with the system's address; resolves with its exit status. */
function runTests(
  files: string[],
  system: RunningSystem,
  speechDoubleUrl: string,
): { done: Promise<number>; kill(): void } {
  const child = spawn(
    process.execPath,
    ['--test', '--test-concurrency=1', `--test-timeout=${TEST_TIMEOUT_MS}`, '--test-reporter=spec', ...files],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        PARLEY_E2E_BASE_URL: system.baseUrl,
        PARLEY_E2E_GATEWAY_ENV: JSON.stringify(system.gatewayEnv),
        PARLEY_E2E_SPEECH_DOUBLE_URL: speechDoubleUrl,
        E2E_OUTPUT_DIR: OUTPUT_DIR,
      },
    },
  );
  const done = new Promise<number>((resolveDone) => {
    child.once('exit', (code, signal) => resolveDone(code ?? (signal ? 1 : 0)));
    child.once('error', (error) => {
      console.error(error);
      resolveDone(1);
    });
  });
  let killTimer: NodeJS.Timeout | undefined;
  void done.then(() => clearTimeout(killTimer));
  return {
    done,
    kill: () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    },
  };
}

async function saveLogs(system: RunningSystem): Promise<string> {
  const dir = join(OUTPUT_DIR, 'logs');
  await mkdir(dir, { recursive: true });
  await Promise.all(system.apps.map((a) => writeFile(join(dir, `${a.name}.log`), a.output())));
  return dir;
}

async function main(): Promise<number> {
  const files = await testFiles();
  const testing = requireBuilds();
  await mkdir(OUTPUT_DIR, { recursive: true });
  // Screenshots of an earlier run (e.g. a step's -FAILED one) would mislead: this run's files only.
  for (const file of await readdir(OUTPUT_DIR)) {
    if (/^(system|practice|voice)-.*\.png$/.test(file)) await rm(join(OUTPUT_DIR, file));
  }

  // Voice mode's speech server: transcription from a table of known recordings, and a partner voice.
  const speechDouble = await testing.startSpeechServerDouble({
    msPerWord: 150,
    dumpDir: join(OUTPUT_DIR, 'voice', 'received'),
  });
  log(`speech server double at ${speechDouble.baseUrl}`);
  log('starting the gateway and the services (startSystem)');
  const started = Date.now();
  const starting = testing.startSystem({
    label: 'webe2e',
    env: {
      coaching: {
        OPENAI_TRANSCRIBE_BASE_URL: speechDouble.baseUrl,
        OPENAI_SPEECH_BASE_URL: speechDouble.baseUrl,
      },
    },
  });
  let system: RunningSystem;
  try {
    system = await within('startSystem', STARTUP_TIMEOUT_MS, starting);
  } catch (error) {
    // A start that is still under way is stopped once it comes up, so no process outlives the run.
    void starting.then((late) => late.stop()).catch(() => undefined);
    await speechDouble.close();
    throw error;
  }
  log(`system up at ${system.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  let tests: ReturnType<typeof runTests> | undefined;
  let stopping: Promise<void> | undefined;
  const stopSystem = () =>
    (stopping ??= within('stopping the system', STOP_TIMEOUT_MS, system.stop()).catch((error: unknown) =>
      console.error(`[web-e2e] ${String(error)}`),
    ));
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping the tests and the system`);
    tests?.kill();
    void stopSystem().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  let status = 1;
  try {
    log(`running ${files.map((f) => f.slice(SRC.length)).join(', ')}; screenshots in ${OUTPUT_DIR}`);
    tests = runTests(files, system, speechDouble.origin);
    const timeout = new Promise<number>((resolveTimeout) => {
      const timer = setTimeout(() => {
        console.error(`[web-e2e] the tests ran past ${TEST_TIMEOUT_MS / 1000} s: stopped`);
        tests?.kill();
        resolveTimeout(124);
      }, TEST_TIMEOUT_MS + 30_000);
      void tests?.done.then(() => clearTimeout(timer));
    });
    status = await Promise.race([tests.done, timeout]);
  } finally {
    const logs = await saveLogs(system).catch(() => undefined);
    if (status !== 0 && logs) log(`the system's logs: ${logs}`);
    log('stopping the system');
    await stopSystem();
    await speechDouble.close();
  }
  return status;
}

main().then(
  (status) => {
    log(status === 0 ? 'passed' : `failed (${status})`);
    process.exitCode = status;
  },
  (error: unknown) => {
    console.error(`[web-e2e] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  },
);
