/**
 * Password sign-in through the gateway: `POST /auth/v1/token?grant_type=password` for confirmed users with
 * the right password at 1 and 8 in flight, and the two failures — a wrong password for a known account and
 * an unknown e-mail — which should take about as long (identity verifies against a dummy argon2id hash when
 * there is no account, so the answer time tells nothing). See bench/README.md.
 *
 *   npx node bench/sign-in.bench.ts        (BENCH_DURATION, BENCH_WARMUP, BENCH_CONCURRENCY, BENCH_LOG_LEVEL)
 *
 * The accounts are inserted into identity's schema (a users row with email_confirmed_at set, a credentials
 * row with an argon2id hash made here by @node-rs/argon2 with identity's parameters), not signed up
 * through the API: sign-up + e-mail confirmation would add a mail round trip per account and measure nothing.
 * argon2id at 19 MiB, t=2 is deliberately slow; the bench also times one verify alone, to show its share.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  infraFromEnv,
  logLevelFromEnv,
  machineInfo,
  numberFromEnv,
  randomClientAddress,
  round,
  ROOT,
  runBench,
  table,
} from './lib/harness.ts';
import { expectStatus, latencySummary, RequestFailed } from './lib/requests.ts';
import {
  CPU_NOTE,
  cpuRows,
  latencyRows,
  measureScenario,
  scenarioFailed,
  type ScenarioResult,
} from './lib/scenario.ts';
import { startBenchSystem, createUser, UNLIMITED_GATEWAY_ENV, type BenchUser } from './lib/system.ts';

const require = createRequire(import.meta.url);

const DURATION_S = numberFromEnv('BENCH_DURATION', 8, 1, 20);
const WARMUP_S = numberFromEnv('BENCH_WARMUP', 2, 0, 10);
const CONCURRENCY = Math.round(numberFromEnv('BENCH_CONCURRENCY', 8, 2, 64));
const LOG_LEVEL = logLevelFromEnv();
const infra = infraFromEnv();

/** identity's PasswordHasher parameters (apps/identity/src/modules/credentials/password-hasher.ts). */
const ARGON2_PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const PASSWORD = 'marmalade skyline 42';
/** Accounts the right-password scenarios cycle through (more than the concurrency: no account twice in flight). */
const GOOD_ACCOUNTS = Math.max(16, 2 * CONCURRENCY);
/**
 * identity locks an account after SIGN_IN_MAX_FAILURES_PER_HOUR (100) failures. The wrong-password
 * scenario cycles through enough accounts that none gets more than FAILURES_PER_ACCOUNT, even at 200
 * failed sign-ins a second (far above what argon2id allows here); the bench also stops short itself.
 */
const FAILURES_PER_ACCOUNT = 80;
const WRONG_ACCOUNTS = Math.ceil((200 * (WARMUP_S + DURATION_S)) / FAILURES_PER_ACCOUNT);

const SCENARIO_COUNT = 4;
const DEADLINE_MS = (150 + SCENARIO_COUNT * (WARMUP_S + DURATION_S + 2)) * 1000;

interface SignInSession {
  access_token?: unknown;
  refresh_token?: unknown;
  user?: { id?: unknown; email?: unknown };
}

await runBench({ name: 'sign-in', deadlineMs: DEADLINE_MS }, async (ctx) => {
  const argon2 = require('@node-rs/argon2') as typeof import('@node-rs/argon2');
  const contracts = require(join(ROOT, 'dist', 'libs', 'contracts', 'src', 'index.js')) as {
    AUTH_ERRORS: { invalidCredentials: string };
  };
  const INVALID = contracts.AUTH_ERRORS.invalidCredentials;

  const system = await startBenchSystem(ctx, {
    label: 'signin',
    infra,
    logLevel: LOG_LEVEL,
    env: { gateway: UNLIMITED_GATEWAY_ENV },
  });

  // argon2id alone, in this process, before any load: the floor of every sign-in below.
  const hashStarted = performance.now();
  const passwordHash = await argon2.hash(PASSWORD, ARGON2_PARAMS);
  const hashMs = performance.now() - hashStarted;
  const verifySamples: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    if (!(await argon2.verify(passwordHash, PASSWORD))) throw new Error('argon2 verify failed');
    verifySamples.push(performance.now() - t0);
  }
  const argon2Verify = latencySummary(verifySamples);
  ctx.log(`argon2id verify in this process: p50 ${argon2Verify.p50Ms} ms (hash ${round(hashMs, 1)} ms)`);

  ctx.log(`accounts: ${GOOD_ACCOUNTS} for the right password, ${WRONG_ACCOUNTS} for the wrong one`);
  const account = (kind: string, i: number) => ({
    email: `bench-${kind}-${i}-${ctx.suffix}@example.com`,
    passwordHash,
  });
  const good: BenchUser[] = [];
  for (let i = 0; i < GOOD_ACCOUNTS; i++) good.push(await createUser(system, account('ok', i)));
  const wrong: BenchUser[] = [];
  for (let i = 0; i < WRONG_ACCOUNTS; i++) wrong.push(await createUser(system, account('wrong', i)));

  const url = `${system.baseUrl}/auth/v1/token?grant_type=password`;
  const signIn = (email: string, password: string, from: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ email, password }),
      signal: AbortSignal.timeout(30_000),
    });

  const rightPassword = (from: string) => async (n: number) => {
    const user = good[n % good.length]!;
    const res = await signIn(user.email, PASSWORD, from);
    await expectStatus(res, 200);
    const body = (await res.json()) as SignInSession;
    if (typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string')
      throw new RequestFailed('200 without tokens', JSON.stringify(body).slice(0, 200));
    if (body.user?.email !== user.email || body.user.id !== user.id)
      throw new RequestFailed('200 for another user', JSON.stringify(body.user));
  };

  const invalidCredentials = async (res: Response) => {
    await expectStatus(res, 400);
    const body = (await res.json()) as { error?: unknown };
    if (body.error !== INVALID) throw new RequestFailed('400 with another error', JSON.stringify(body));
  };
  const failuresOf = new Map<string, number>();
  const wrongPassword = (from: string) => async (n: number) => {
    const user = wrong[n % wrong.length]!;
    const failures = (failuresOf.get(user.email) ?? 0) + 1;
    if (failures > FAILURES_PER_ACCOUNT)
      throw new RequestFailed('account near its failure limit (raise WRONG_ACCOUNTS)', user.email);
    failuresOf.set(user.email, failures);
    await invalidCredentials(await signIn(user.email, `not the password ${n}`, from));
  };
  let unknownCount = 0;
  const unknownEmail = (from: string) => async () => {
    const email = `bench-nobody-${++unknownCount}-${ctx.suffix}@example.com`;
    await invalidCredentials(await signIn(email, `not the password ${unknownCount}`, from));
  };

  // A fresh client address per scenario: each has limiter counters of its own, apart from other runs and tests.
  const scenarios: ScenarioResult[] = [];
  const common = {
    warmupSeconds: WARMUP_S,
    durationSeconds: DURATION_S,
    processes: system.processes,
    log: ctx.log,
  };
  const plan = [
    { id: 'a', name: 'right password', concurrency: 1, call: rightPassword },
    { id: 'b', name: 'right password', concurrency: CONCURRENCY, call: rightPassword },
    { id: 'c', name: 'wrong password', concurrency: 1, call: wrongPassword },
    { id: 'd', name: 'unknown e-mail', concurrency: 1, call: unknownEmail },
  ];
  for (const s of plan) {
    const from = randomClientAddress();
    ctx.log(
      `${s.id}. ${s.name}, ${s.concurrency} in flight, from ${from}: ${WARMUP_S} s warm-up, ${DURATION_S} s measured`,
    );
    scenarios.push(
      await measureScenario({
        ...common,
        id: s.id,
        name: s.name,
        concurrency: s.concurrency,
        call: s.call(from),
      }),
    );
  }

  /* ---------- report ---------- */

  const by = (id: string) => scenarios.find((s) => s.id === id)!.result;
  const [a, b, c, d] = [by('a'), by('b'), by('c'), by('d')];
  const figures = {
    argon2idVerifyP50Ms: argon2Verify.p50Ms,
    argon2idVerifyShareOfSignInP50: round(argon2Verify.p50Ms / a.p50Ms),
    wrongMinusUnknownP50Ms: round(c.p50Ms - d.p50Ms),
    wrongVsUnknownP50Ratio: round(c.p50Ms / d.p50Ms),
    rightMinusWrongP50Ms: round(a.p50Ms - c.p50Ms),
    throughputGainAt8: round(b.rps / a.rps, 2),
  };
  const failed = scenarios.filter(scenarioFailed);

  console.log(
    `\nSign-in: POST /auth/v1/token?grant_type=password through the gateway, ${DURATION_S} s measured after ` +
      `${WARMUP_S} s warm-up per scenario, LOG_LEVEL=${LOG_LEVEL}; argon2id m=19456 KiB, t=2, p=1\n`,
  );
  console.log(table(latencyRows(scenarios)));
  console.log(`
argon2id verify alone (this process, idle)   p50 ${argon2Verify.p50Ms} ms, p95 ${argon2Verify.p95Ms} ms (${argon2Verify.count} runs)
argon2id share of a right-password sign-in   ${figures.argon2idVerifyShareOfSignInP50}  (verify p50 / a p50)
wrong password - unknown e-mail at p50       ${figures.wrongMinusUnknownP50Ms} ms  (c / d = ${figures.wrongVsUnknownP50Ratio}; close to 0 / 1: the answer time does not tell whether the account exists)
right password - wrong password at p50       ${figures.rightMinusWrongP50Ms} ms  (issuing the session: refresh token, outbox event, ES256 signature)
req/s at ${CONCURRENCY} in flight / at 1                 ${figures.throughputGainAt8}
accounts                                     ${GOOD_ACCOUNTS} for a and b; ${WRONG_ACCOUNTS} for c, at most ${Math.max(0, ...failuresOf.values())} failures each (identity locks one at 100 an hour)
`);
  console.log(table(cpuRows(scenarios, ['loadgen', 'gateway', 'identity', 'postgres', 'redis', 'kafka'])));
  console.log(CPU_NOTE);

  const file = ctx.writeResults({
    bench: 'sign-in',
    startedAt: new Date(ctx.startedAt).toISOString(),
    ok: failed.length === 0,
    machine: machineInfo(),
    settings: {
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      concurrency: CONCURRENCY,
      logLevel: LOG_LEVEL,
      argon2: ARGON2_PARAMS,
      accounts: {
        howCreated:
          'inserted into the identity schema (users with email_confirmed_at = now(), credentials with an argon2id hash made by @node-rs/argon2 with identity’s parameters); not signed up through the API',
        rightPassword: GOOD_ACCOUNTS,
        wrongPassword: WRONG_ACCOUNTS,
        maxFailuresPerAccount: Math.max(0, ...failuresOf.values()),
      },
      clientAddress: 'a fresh random x-forwarded-for per scenario (TRUST_PROXY=true)',
      gatewayRateLimitPerMinute: Number(UNLIMITED_GATEWAY_ENV.RATE_LIMIT_PER_MINUTE),
    },
    argon2idVerifyInBenchProcess: argon2Verify,
    argon2idHashMs: round(hashMs, 1),
    scenarios,
    figures,
  });
  console.log(`\nresults: ${file}`);
  if (failed.length > 0) {
    console.error(
      `\nFAILED: ${failed.map((s) => `${s.id}. ${s.name}: ${JSON.stringify({ ...s.result.failures, ...s.warmupFailures })} ${s.result.examples[0] ?? ''}`).join('; ')}`,
    );
    return false;
  }
  return true;
});
