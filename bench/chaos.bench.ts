/**
 * Chaos: N practice sessions completed through the real system while the event path is broken in the ways
 * production breaks it, then the invariants that make XP, streaks, badges and leaderboards trustworthy.
 *
 *   npm run bench:chaos
 *   (BENCH_CHAOS_SESSIONS, BENCH_CHAOS_LEARNERS, BENCH_CHAOS_DAYS, BENCH_CHAOS_CONCURRENCY, BENCH_CHAOS_SEED,
 *    BENCH_CHAOS_FAULTS, BENCH_CHAOS_SETTLE_S, BENCH_LOG_LEVEL; see bench/README.md)
 *
 * The run owns its servers (bench/lib/private-servers.ts): a PostgreSQL cluster on a simulated calendar, a
 * Redis and a Kafka broker, so it may crash them; the shared ones are not touched. Every service and the
 * gateway run as real processes. Sessions reaches the broker through a TCP proxy (the broker's PROXIED
 * listener), so its path to the broker can be paused alone.
 *
 * Learners (premium, time zone UTC) complete sessions through the gateway (`POST /api/user/sessions`, 1 to
 * 4 lines through `POST /api/chat/chat-completion`, then `POST /api/chat/post-session-feedback`, each
 * retried until answered, as a client would) over BENCH_CHAOS_DAYS
 * days of the database's calendar; each learner skips some days. The fault schedule (seeded) runs one fault
 * at a time at points of the run:
 *
 *   broker-kill       SIGKILL the Kafka broker, start it again on the same data
 *   consumer-kill     SIGKILL gamification (the consumer) while it applies events, start it again
 *   sessions-kill     pause sessions' path to the broker so committed outbox rows wait, SIGKILL sessions
 *                     (transaction committed, relay not done), let the path go, start sessions again
 *   postgres-restart  crash the database (pg_ctl -m immediate), start it again (crash recovery)
 *   redis-restart     SIGKILL Redis, start it again empty (the leaderboards are gone)
 *   broker-stall      the TCP proxy between sessions and the broker holds every byte for a while
 *   duplicate         publish again, as a redelivery would, session-completed events already applied
 *                     (same event id), and the same completions under new event ids
 *   poison            publish events no consumer can apply (not JSON, not a valid event): they must end
 *                     in the dead-letter topic, and nothing else may
 *
 * Afterwards it waits until everything settled and checks, from the rows themselves: every completed
 * session (sessions' own rows) has exactly one session-completed XP entry of the right amount; each
 * learner's XP, streaks and badges equal an independent recomputation from those rows; the leaderboards
 * equal a rebuild; the dead-letter topics hold exactly the poison; no outbox row is left unpublished.
 * Exit status 0 only when lost, duplicated and wrong are all 0.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  infraFromEnv,
  logLevelFromEnv,
  machineInfo,
  numberFromEnv,
  randomClientAddress,
  ROOT,
  round,
  runBench,
  table,
} from './lib/harness.ts';
import { checkInvariants } from './lib/chaos-invariants.ts';
import { sayLine } from './lib/practice.ts';
import { percentile } from './lib/requests.ts';
import { PrivateKafka, PrivatePostgres, PrivateRedis, libfaketime } from './lib/private-servers.ts';
import { createUser, silenceKafkajsTimeoutWarning, startBenchSystem, type BenchUser } from './lib/system.ts';

const require = createRequire(import.meta.url);
const { Kafka, logLevel } = require('kafkajs') as typeof import('kafkajs');
const { v7: uuidv7 } = require('uuid') as typeof import('uuid');
const dist = (path: string) => require(join(ROOT, 'dist', path)) as Record<string, unknown>;
/** libs/server/testing's TcpProxy, built (its source is not plain erasable TypeScript). */
interface TcpProxy {
  up(): Promise<void>;
  down(): Promise<void>;
  stall(): void;
  resume(): void;
}
const tcpProxy = (listenPort: number, target: { host: string; port: number }): TcpProxy => {
  const { TcpProxy } = dist('libs/server/testing/src/tcp-proxy.js') as {
    TcpProxy: new (listenPort: number, target: { host: string; port: number }) => TcpProxy;
  };
  return new TcpProxy(listenPort, target);
};

export const FAULT_KINDS = [
  'broker-kill',
  'consumer-kill',
  'sessions-kill',
  'postgres-restart',
  'redis-restart',
  'broker-stall',
  'duplicate',
  'poison',
] as const;
type FaultKind = (typeof FAULT_KINDS)[number];

const SESSIONS = Math.round(numberFromEnv('BENCH_CHAOS_SESSIONS', 10_000, 20, 200_000));
const LEARNERS = Math.round(
  numberFromEnv('BENCH_CHAOS_LEARNERS', Math.max(10, Math.round(SESSIONS / 25)), 2, 50_000),
);
const DAYS = Math.round(numberFromEnv('BENCH_CHAOS_DAYS', 4, 1, 6));
const CONCURRENCY = Math.round(numberFromEnv('BENCH_CHAOS_CONCURRENCY', 12, 1, 200));
const SEED = Math.round(numberFromEnv('BENCH_CHAOS_SEED', Math.floor(Math.random() * 1e9), 0, 2 ** 31));
const RATE = process.env.BENCH_CHAOS_RATE ? numberFromEnv('BENCH_CHAOS_RATE', 10, 0.1, 1000) : undefined;
const SETTLE_S = numberFromEnv('BENCH_CHAOS_SETTLE_S', 300, 10, 3600);
const LOG_LEVEL = logLevelFromEnv();
const DUPLICATES_PER_FAULT = 40;

/** `broker-kill:2,poison:1`, `all` (each once; twice from 5,000 sessions) or `none`. */
function parseFaults(raw: string | undefined): Record<FaultKind, number> {
  const each = SESSIONS >= 5000 ? 2 : 1;
  const counts = Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>;
  if (!raw || raw === 'all') {
    for (const k of FAULT_KINDS) counts[k] = each;
    return counts;
  }
  if (raw === 'none') return counts;
  for (const part of raw.split(',')) {
    const [kind, n = String(each)] = part.trim().split(':');
    if (!FAULT_KINDS.includes(kind as FaultKind) || !/^\d+$/.test(n)) {
      console.error(
        `BENCH_CHAOS_FAULTS: "${part}" is not <fault>[:count] with a fault of ${FAULT_KINDS.join(', ')}`,
      );
      process.exit(2);
    }
    counts[kind as FaultKind] = Number(n);
  }
  return counts;
}
const FAULTS = parseFaults(process.env.BENCH_CHAOS_FAULTS);

/** mulberry32: the schedule, the learners' days and their lines repeat for a seed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Learner lines of different quality, so scores (and score badges) vary. */
const LINES = [
  'I understand this is hard for you. Because I led the migration that saved forty thousand, I ask for a raise in March.',
  'Fine.',
  'Could you tell me what worries you most about the deadline? I would like to find a plan that works for both of us.',
  'I hear you. Here is what I propose: we split the work, I take the client report by Friday, and you review it Monday.',
  'You always do this and I am tired of it.',
  'Thank you for explaining. What would success look like for you by the end of the quarter?',
  'Our numbers show a 12% drop in churn since the change, so I recommend we keep it and review in six weeks.',
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Fault {
  kind: FaultKind;
  /** Completed sessions after which it starts. */
  at: number;
  startMs?: number;
  endMs?: number;
  /** Sessions completed when it actually began (the load may have run ahead of a long fault before). */
  began?: number;
  /** When every session completed before the fault ended had its XP again. */
  recoveredMs?: number;
  note?: string;
}

await runBench({ name: 'chaos', deadlineMs: (600 + SESSIONS * 0.25 + SETTLE_S) * 1000 }, async (ctx) => {
  const shared = infraFromEnv();
  ctx.log(
    `seed ${SEED}: ${SESSIONS} sessions, ${LEARNERS} learners, ${DAYS} days, ${CONCURRENCY} in flight; faults ${FAULT_KINDS.map((k) => `${k}:${FAULTS[k]}`).join(',')}`,
  );

  /* ---------- the run's own servers ---------- */

  const calendar = DAYS > 1 && libfaketime() !== undefined;
  if (DAYS > 1 && !calendar)
    ctx.log('libfaketime is not installed (Debian: faketime): every session lands on today');
  const pg = new PrivatePostgres({ calendar });
  ctx.onCleanup(() => pg.stop());
  await pg.start();
  const redis = new PrivateRedis();
  ctx.onCleanup(() => redis.stop());
  await redis.start();
  const kafka = new PrivateKafka(`kafka-chaos-${ctx.suffix}`);
  ctx.onCleanup(() => kafka.stop());
  ctx.log('starting a Kafka broker of its own (infra/local/kafka.sh, separate instance)');
  await kafka.start();
  const proxy = tcpProxy(kafka.proxiedAdvertisedPort, { host: '127.0.0.1', port: kafka.proxiedPort });
  await proxy.up();
  ctx.onCleanup(() => proxy.down());
  ctx.log(
    `servers: postgres :${pg.port}, redis :${redis.port}, kafka :${kafka.port} (sessions via :${kafka.proxiedAdvertisedPort})`,
  );

  const system = await startBenchSystem(ctx, {
    label: 'chaos',
    infra: { databaseUrl: pg.url, redisUrl: redis.url, kafkaBrokers: kafka.brokers, smtpUrl: shared.smtpUrl },
    logLevel: LOG_LEVEL,
    env: {
      sessions: { KAFKA_BROKERS: `127.0.0.1:${kafka.proxiedAdvertisedPort}` },
      coaching: { AI_CALLS_PER_USER_PER_MINUTE: '10000' },
    },
  });
  const s = system.schemas;
  const db = async <T>(text: string, params: unknown[] = []) => system.sql<T>('gamification', text, params);

  /* ---------- learners ---------- */

  const learners: BenchUser[] = [];
  for (let i = 0; i < LEARNERS; i++) {
    learners.push(
      await createUser(system, { email: `chaos-${i}-${ctx.suffix}@example.com`, plan: 'premium' }),
    );
  }
  const from = randomClientAddress();
  const call = async (user: BenchUser, path: string, body: unknown): Promise<Response> =>
    fetch(`${system.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'x-forwarded-for': from,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  const catalogueRes = await fetch(`${system.baseUrl}/api/user/scenarios`, {
    headers: { authorization: `Bearer ${learners[0]!.token}`, 'x-forwarded-for': from },
  });
  type Catalogued = { id: string; title: string; description: string; locked?: boolean };
  const catalogue = ((await catalogueRes.json()) as Catalogued[]).filter((c) => !c.locked);

  /* ---------- the fault schedule ---------- */

  // One fault per slot of the run, in a seeded order, at a seeded point inside its slot.
  const kinds = FAULT_KINDS.flatMap((kind) => Array.from({ length: FAULTS[kind] }, () => kind));
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
  }
  const faults: Fault[] = kinds.map((kind, i) => ({
    kind,
    at: Math.floor(SESSIONS * (0.03 + (0.9 * (i + 0.15 + 0.7 * random())) / kinds.length)),
  }));
  // Paced so that every fault meets a running load: about 25 s of load per fault, 25 sessions/s at most.
  const plannedSeconds = Math.max(SESSIONS / 25, 25 * faults.length);
  const rate = RATE ?? SESSIONS / plannedSeconds;
  ctx.log(
    `schedule: ${faults.map((f) => `${f.kind}@${f.at}`).join(', ') || 'no faults'}; ${round(rate, 1)} sessions/s`,
  );

  silenceKafkajsTimeoutWarning();
  const producer = new Kafka({
    clientId: 'bench-chaos',
    brokers: [kafka.brokers],
    logLevel: logLevel.NOTHING,
    retry: { retries: 8, initialRetryTime: 300 },
  }).producer();
  await producer.connect();
  ctx.onCleanup(() => producer.disconnect());
  const completedTopic = `${system.topicPrefix}sessions.session-completed`;
  let poisonSent = 0;
  const poisonValues = new Set<string>();
  let duplicatesSent = 0;

  const unpublished = async (service: 'sessions' | 'gamification') =>
    (
      await system.sql<{ n: number }>(
        service,
        `SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL`,
      )
    )[0]!.n;

  const runFault = async (fault: Fault): Promise<void> => {
    switch (fault.kind) {
      case 'broker-kill':
        await kafka.killAndRestart(3000);
        return;
      case 'consumer-kill': {
        const applied = (await db<{ n: number }>(`SELECT count(*)::int AS n FROM inbox`))[0]!.n;
        await system.kill('gamification');
        fault.note = `after ${applied} events applied`;
        await sleep(2000);
        await system.restart('gamification');
        return;
      }
      case 'sessions-kill': {
        proxy.stall();
        await sleep(2500);
        const waiting = await unpublished('sessions');
        await system.kill('sessions');
        fault.note = `${waiting} committed outbox rows not yet published at the kill`;
        proxy.resume();
        await sleep(1000);
        await system.restart('sessions');
        return;
      }
      case 'postgres-restart':
        await pg.restart(6000);
        return;
      case 'redis-restart':
        await redis.restart(1000);
        return;
      case 'broker-stall':
        proxy.stall();
        await sleep(12_000);
        proxy.resume();
        return;
      case 'duplicate': {
        const rows = await system.sql<{ id: string; key: string; event: Record<string, unknown> }>(
          'sessions',
          `SELECT id, key, event FROM outbox WHERE type = 'sessions.session-completed' AND published_at IS NOT NULL
            ORDER BY random() LIMIT $1`,
          [DUPLICATES_PER_FAULT],
        );
        const half = Math.ceil(rows.length / 2);
        await producer.send({
          topic: completedTopic,
          messages: rows.map((r, i) => {
            // The first half exactly as delivered before; the rest the same completion under a new event id.
            const id = i < half ? r.id : uuidv7();
            return {
              key: r.key,
              value: JSON.stringify({ ...r.event, id }),
              headers: { 'event-id': id, 'event-type': 'sessions.session-completed' },
            };
          }),
        });
        duplicatesSent += rows.length;
        fault.note = `${half} redelivered, ${rows.length - half} announced again under a new id`;
        return;
      }
      case 'poison': {
        const user = pick(learners);
        const values = [
          `{"this is": not json ${uuidv7()}`,
          JSON.stringify({ id: uuidv7(), type: 'sessions.session-completed', version: 1 }),
          JSON.stringify({
            id: uuidv7(),
            type: 'sessions.session-completed',
            version: 1,
            occurredAt: new Date().toISOString(),
            userId: user.id,
            payload: { sessionId: 'not-a-uuid', scores: { clarity: 'high' } },
          }),
        ];
        await producer.send({
          topic: completedTopic,
          messages: values.map((value) => ({ key: user.id, value })),
        });
        for (const v of values) poisonValues.add(v);
        poisonSent += values.length;
        return;
      }
    }
  };

  /* ---------- the load, day by day, with the faults beside it ---------- */

  /** Sessions completed (by `before`, the database's clock, when given) whose XP is not there yet. */
  const notApplied = async (before?: string): Promise<number> =>
    (
      await db<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${s.sessions}".practice_sessions p
          WHERE p.status = 'completed' AND ($1::timestamptz IS NULL OR p.completed_at <= $1)
            AND NOT EXISTS (SELECT 1 FROM completed_sessions c WHERE c.session_id = p.id)`,
        [before ?? null],
      )
    )[0]!.n;
  const caughtUp = async (): Promise<boolean> =>
    (await notApplied()) === 0 &&
    (await unpublished('sessions')) === 0 &&
    (await unpublished('gamification')) === 0;
  /** After a fault: when everything completed before it ended has its XP (the load goes on meanwhile). */
  const recovered = async (timeoutMs: number): Promise<number | undefined> => {
    const started = Date.now();
    let before: string | undefined;
    while (Date.now() - started < timeoutMs) {
      try {
        before ??= (await db<{ now: string }>(`SELECT now()::text AS now`))[0]!.now;
        if ((await notApplied(before)) === 0) return Date.now();
      } catch {
        // the database is still coming back
      }
      await sleep(250);
    }
    return undefined;
  };
  const waitCaughtUp = async (timeoutMs: number): Promise<number | undefined> => {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (await caughtUp().catch(() => false)) return Date.now();
      await sleep(250);
    }
    return undefined;
  };

  let completed = 0;
  let retries = 0;
  const acked = new Map<string, number>(); // session id -> when the completion was answered (ms)
  const failures: Record<string, number> = {};
  let loadDone = false;
  const faultRunner = (async () => {
    for (const fault of faults) {
      while (completed < fault.at && !loadDone) await sleep(100);
      fault.startMs = Date.now();
      fault.began = completed;
      ctx.log(`fault ${fault.kind} at ${completed} sessions`);
      await runFault(fault);
      fault.endMs = Date.now();
      fault.recoveredMs = await recovered(120_000);
      const after = (to: number | undefined) =>
        to === undefined ? 'NOT within 120' : ((to - fault.startMs!) / 1000).toFixed(1);
      ctx.log(
        `fault ${fault.kind} over after ${after(fault.endMs)} s, recovered after ${after(fault.recoveredMs)} s${fault.note ? ` (${fault.note})` : ''}`,
      );
    }
  })();

  /** POST until answered, as a client retries: a fault answers 5xx or drops the connection for a while. */
  const until = async (user: BenchUser, path: string, body: unknown): Promise<unknown> => {
    for (let attempt = 1; ; attempt++) {
      let why: string;
      try {
        const res = await call(user, path, body);
        if (res.status < 300) return await res.json();
        why = `HTTP ${res.status}`;
        if (res.status < 500 && res.status !== 429 && res.status !== 408) {
          throw new Error(`${path}: ${why} ${(await res.text()).slice(0, 300)}`);
        }
        await res.body?.cancel();
      } catch (error) {
        if ((error as Error).message.startsWith(path)) throw error;
        why = (error as Error).name === 'TimeoutError' ? 'timeout' : 'connection';
      }
      failures[`${path} ${why}`] = (failures[`${path} ${why}`] ?? 0) + 1;
      retries += 1;
      if (attempt > 400) throw new Error(`${path}: still failing after ${attempt} attempts (${why})`);
      await sleep(Math.min(2000, 50 * 2 ** Math.min(attempt, 6)));
    }
  };

  /** One learner line through chat-completion until it is answered whole, as a client retries it. */
  const say = async (
    user: BenchUser,
    sessionId: string,
    scenario: Catalogued,
    line: string,
  ): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      let why: string;
      try {
        // The learner's unanswered line sent again is answered, not stored twice.
        await sayLine((path, body) => call(user, path, body), sessionId, scenario, line);
        return;
      } catch (error) {
        const status = Number(/answered (\d+)/.exec((error as Error).message)?.[1] ?? NaN);
        if (status < 500 && status !== 429 && status !== 408) throw error;
        why = Number.isNaN(status)
          ? (error as Error).name === 'TimeoutError'
            ? 'timeout'
            : 'stream'
          : `HTTP ${status}`;
      }
      const key = `/api/chat/chat-completion ${why}`;
      failures[key] = (failures[key] ?? 0) + 1;
      retries += 1;
      if (attempt > 400) throw new Error(`chat-completion: still failing after ${attempt} attempts (${why})`);
      await sleep(Math.min(2000, 50 * 2 ** Math.min(attempt, 6)));
    }
  };

  // A learner's conversation of one scenario at a time: starting that scenario over (`start_over`) removes
  // the one the learner has not yet said a line in, as a second tab would, and that is not a fault.
  const inFlight = new Set<string>();
  const practise = async (user: BenchUser): Promise<void> => {
    const turns = 1 + Math.floor(random() * 4);
    let scenario = pick(catalogue);
    while (inFlight.has(`${user.id} ${scenario.id}`)) scenario = pick(catalogue);
    const busy = `${user.id} ${scenario.id}`;
    inFlight.add(busy);
    try {
      await converse(user, scenario, turns);
    } finally {
      inFlight.delete(busy);
    }
  };
  const converse = async (user: BenchUser, scenario: Catalogued, turns: number): Promise<void> => {
    // The server writes the partner's opening and each reply; the learner says 1 to 4 lines.
    const session = (await until(user, '/api/user/sessions', {
      scenario_id: scenario.id,
      tone_preference: 'neutral',
      start_over: true,
    })) as { id: string };
    for (let t = 0; t < turns; t++) await say(user, session.id, scenario, pick(LINES));
    await until(user, '/api/chat/post-session-feedback', { session_id: session.id });
    acked.set(session.id, Date.now());
    completed += 1;
  };

  const loadStarted = Date.now();
  let started = 0;
  let day = 0;
  for (day = 0; day < DAYS; day++) {
    // The calendar moves on whatever the backlog, as a real one does.
    if (day > 0 && calendar) await pg.setDay(day, (sql) => db(sql));
    const today = learners.filter(() => random() < 0.75);
    const quota = Math.round(((day + 1) * SESSIONS) / DAYS) - Math.round((day * SESSIONS) / DAYS);
    ctx.log(`day ${day + 1} of ${DAYS}: ${quota} sessions by ${today.length} learners`);
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < quota) {
          next += 1;
          const due = loadStarted + (started++ / rate) * 1000;
          if (due > Date.now()) await sleep(due - Date.now());
          await practise(today[Math.floor(random() * today.length)] ?? learners[0]!);
          if (completed % 500 === 0) ctx.log(`${completed} sessions completed (${retries} retried requests)`);
        }
      }),
    );
  }
  loadDone = true;
  const loadSeconds = (Date.now() - loadStarted) / 1000;
  ctx.log(`load done: ${completed} sessions in ${loadSeconds.toFixed(1)} s; waiting for the faults to end`);
  await faultRunner;
  // Settling starts when the last fault is over and the last session completed, whichever is later.
  const quietFrom = Math.max(Date.now(), ...faults.map((f) => f.endMs ?? 0));
  const settledAt = await waitCaughtUp(SETTLE_S * 1000);
  const settleSeconds = settledAt === undefined ? undefined : Math.max(0, settledAt - quietFrom) / 1000;
  ctx.log(
    settledAt === undefined
      ? `NOT settled within ${SETTLE_S} s`
      : `settled ${settleSeconds?.toFixed(1)} s after the last fault and the last session`,
  );

  /* ---------- invariants ---------- */

  const result = await checkInvariants(
    system,
    { databaseUrl: pg.url, redisUrl: redis.url, kafkaBrokers: kafka.brokers },
    // Only gamification consumes session-completed: its dead-letter topic must hold every poison message.
    { values: poisonValues, groupsExpected: 1, sent: poisonSent },
    acked.keys(),
  );
  for (const example of result.examples) ctx.log(example);
  // Lag, outside fault windows: the event applied (gamification's transaction) minus the completion.
  const windows = faults.map((f) => [f.startMs ?? 0, f.recoveredMs ?? Infinity] as const);
  const lags = await system.sql<{ session_id: string; lag_ms: number }>(
    'gamification',
    `SELECT c.session_id, (extract(epoch FROM i.received_at - p.completed_at) * 1000)::float8 AS lag_ms
       FROM completed_sessions c JOIN inbox i ON i.event_id = c.event_id
       JOIN "${s.sessions}".practice_sessions p ON p.id = c.session_id`,
  );
  const quiet = lags
    .filter((l) => {
      const at = acked.get(l.session_id);
      // Over 12 h: completed before a day change and applied after it (the calendar jumped meanwhile).
      return at !== undefined && l.lag_ms < 43_200_000 && !windows.some(([a, b]) => at >= a && at <= b);
    })
    .map((l) => l.lag_ms)
    .sort((a, b) => a - b);

  const ok = settledAt !== undefined && result.lost === 0 && result.duplicated === 0 && result.wrong === 0;
  console.log(
    `\n${table([
      ['fault', 'at session', 'lasted s', 'recovered after s', 'note'],
      ...faults.map((f) => [
        f.kind,
        String(f.began ?? f.at),
        (((f.endMs ?? 0) - (f.startMs ?? 0)) / 1000).toFixed(1),
        f.recoveredMs === undefined ? 'NOT' : ((f.recoveredMs - (f.startMs ?? 0)) / 1000).toFixed(1),
        f.note ?? '',
      ]),
    ])}\n`,
  );
  console.log(
    `${table([
      ['invariant', 'value'],
      ...result.rows,
      ['sessions acknowledged to learners', String(acked.size)],
      ['requests retried by the learners (faults answered)', String(retries)],
      [
        'settle time after the last fault and session (s)',
        settleSeconds === undefined ? 'NOT SETTLED' : settleSeconds.toFixed(1),
      ],
      [
        'event lag outside fault windows p50 / p95 (ms)',
        `${round(percentile(quiet, 50), 0)} / ${round(percentile(quiet, 95), 0)} (${quiet.length} events)`,
      ],
      ['LOST / DUPLICATED / WRONG', `${result.lost} / ${result.duplicated} / ${result.wrong}`],
    ])}\n`,
  );
  const file = ctx.writeResults({
    bench: 'chaos',
    at: new Date().toISOString(),
    machine: machineInfo(),
    settings: {
      seed: SEED,
      sessions: SESSIONS,
      learners: LEARNERS,
      days: DAYS,
      calendar,
      concurrency: CONCURRENCY,
      faults: FAULTS,
    },
    schedule: faults.map((f) => ({
      kind: f.kind,
      at: f.at,
      began: f.began,
      seconds: round(((f.endMs ?? 0) - (f.startMs ?? 0)) / 1000, 1),
      recoveredAfterSeconds:
        f.recoveredMs === undefined ? null : round((f.recoveredMs - (f.startMs ?? 0)) / 1000, 1),
      note: f.note,
    })),
    loadSeconds: round(loadSeconds, 1),
    acknowledged: acked.size,
    retries,
    failuresAnswered: failures,
    duplicatesSent,
    poisonSent,
    settleSeconds,
    lagOutsideFaultsMs: {
      p50: round(percentile(quiet, 50)),
      p95: round(percentile(quiet, 95)),
      events: quiet.length,
    },
    invariants: result,
  });
  ctx.log(`results in ${file}`);
  if (!ok) ctx.log(`seed ${SEED} repeats this schedule: BENCH_CHAOS_SEED=${SEED}`);
  return ok;
});
