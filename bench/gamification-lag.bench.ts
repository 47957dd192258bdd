/**
 * Gamification, driven by events: how long after a session is completed the summary shows its XP
 * (event-to-visible lag), and how many session-completed events one gamification instance applies per
 * second when a backlog waits in Kafka.
 *
 *   npx node bench/gamification-lag.bench.ts   (BENCH_LAG_SAMPLES, BENCH_EVENTS, BENCH_USERS, BENCH_LOG_LEVEL)
 *
 * 1. Lag: one premium user completes BENCH_LAG_SAMPLES sessions one after the other through the gateway
 *    (`POST /api/user/sessions`, a learner line through `POST /api/chat/chat-completion`, then
 *    `POST /api/chat/post-session-feedback {session_id}`: sessions
 *    commits the completion and its outbox row, the relay publishes `sessions.session-completed`).
 *    The clock starts when post-session-feedback answers (the completion is committed by then) and stops
 *    at the first `GET /api/gamification/summary` (polled every 5 ms) whose XP went up. Three completions
 *    before the measured ones warm the path up (consumer groups join after readiness). Path measured:
 *    outbox NOTIFY → relay → Kafka → gamification's consumer → its transaction (ledger, streak, challenges,
 *    badges, outbox, Redis boards) → the summary read.
 * 2. Throughput: BENCH_EVENTS `sessions.session-completed` envelopes for BENCH_USERS users (completions
 *    spread over the last 30 days, scenarios and scores varied) are published straight to the topic in
 *    batches, far faster than they are consumed; the rate is the count over the span of the inbox's
 *    `received_at` (each event's transaction start) of those events. One instance, the service's own
 *    consumer settings (one message at a time, each in its own transaction). Afterwards the ledger must
 *    hold exactly one session-completed entry per event.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  infraFromEnv,
  logLevelFromEnv,
  machineInfo,
  numberFromEnv,
  randomClientAddress,
  round,
  runBench,
  table,
} from './lib/harness.ts';
import { cpuSnapshot, cpuUse } from './lib/cpu.ts';
import { practise, type Post } from './lib/practice.ts';
import { percentile } from './lib/requests.ts';
import { startBenchSystem, createUser } from './lib/system.ts';

const require = createRequire(import.meta.url);
const { v7: uuidv7 } = require('uuid') as typeof import('uuid');
const { Kafka, logLevel } = require('kafkajs') as typeof import('kafkajs');

const SAMPLES = Math.round(numberFromEnv('BENCH_LAG_SAMPLES', 60, 5, 500));
const EVENTS = Math.round(numberFromEnv('BENCH_EVENTS', 3000, 100, 50_000));
const USERS = Math.round(numberFromEnv('BENCH_USERS', 100, 1, 10_000));
const LOG_LEVEL = logLevelFromEnv();
const infra = infraFromEnv();
const WARMUP = 3;
const DEADLINE_MS = (150 + (SAMPLES + WARMUP) * 2 + EVENTS * 0.05) * 1000;

interface Scenario {
  id: string;
  title: string;
  description: string;
  category: string;
  locked?: boolean;
}

await runBench({ name: 'gamification-lag', deadlineMs: DEADLINE_MS }, async (ctx) => {
  const system = await startBenchSystem(ctx, {
    label: 'gamif',
    infra,
    logLevel: LOG_LEVEL,
    // The lag loop completes a session every few hundred ms; coaching's per-user AI limit would refuse it.
    env: { coaching: { AI_CALLS_PER_USER_PER_MINUTE: '10000' } },
  });

  const user = await createUser(system, { email: `bench-gamif-${ctx.suffix}@example.com`, plan: 'premium' });
  const from = randomClientAddress();
  const request = (path: string, body?: unknown): Promise<Response> =>
    fetch(`${system.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'x-forwarded-for': from,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await request(path, body);
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const post: Post = (path, body) => request(path, body);
  const catalogue = (await api<Scenario[]>('/api/user/scenarios')).filter((s) => !s.locked);

  /* ---------- 1. event-to-visible lag ---------- */

  ctx.log(`lag: ${SAMPLES} sessions completed one after the other, summary polled every 5 ms`);
  const lags: number[] = [];
  let xp = (await api<{ xp: number }>('/api/gamification/summary')).xp;
  // The first WARMUP completions are not measured: consumers join their groups after readiness.
  for (let i = -WARMUP; i < SAMPLES; i++) {
    const scenario = catalogue[(i + WARMUP) % catalogue.length]!;
    // A practice as the chat holds one: the server's opening, the learner's line and the partner's reply.
    const session = {
      id: await practise(post, scenario, [
        'I understand. Because I led the migration that saved forty thousand, I ask for a raise in March.',
      ]),
    };
    await api('/api/chat/post-session-feedback', { session_id: session.id });
    const completed = performance.now();
    for (;;) {
      const now = (await api<{ xp: number }>('/api/gamification/summary')).xp;
      if (now > xp) {
        if (i >= 0) lags.push(performance.now() - completed);
        xp = now;
        break;
      }
      if (performance.now() - completed > 30_000) throw new Error(`session ${i}: XP not visible after 30 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  const inOrder = [...lags];
  lags.sort((a, b) => a - b);

  /* ---------- 2. events per second, one instance ---------- */

  const kafka = new Kafka({
    clientId: 'bench-gamification',
    brokers: infra.kafkaBrokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  const producer = kafka.producer();
  await producer.connect();
  ctx.onCleanup(() => producer.disconnect());
  const users = Array.from({ length: USERS }, () => randomUUID());
  const now = Date.now();
  const events = Array.from({ length: EVENTS }, (_, i) => {
    const userId = users[i % USERS]!;
    const scenario = catalogue[(i * 7) % catalogue.length]!;
    const completedAt = new Date(now - Math.floor(((EVENTS - i) / EVENTS) * 30 * 86_400_000));
    const score = (k: number) => 4 + ((i * k) % 7);
    return {
      id: uuidv7(),
      type: 'sessions.session-completed',
      version: 1,
      occurredAt: completedAt.toISOString(),
      userId,
      payload: {
        sessionId: randomUUID(),
        scenarioId: scenario.id,
        category: scenario.category,
        completedAt: completedAt.toISOString(),
        messageCount: 6 + (i % 20),
        scores: { clarity: score(3), empathy: score(5), persuasion: score(11) },
        firstOfScenario: i < USERS * 3,
      },
    };
  });
  const topic = `${system.topicPrefix}sessions.session-completed`;
  ctx.log(`throughput: publishing ${EVENTS} session-completed events for ${USERS} users to ${topic}`);
  const cpuBefore = cpuSnapshot(system.processes);
  const published = performance.now();
  for (let i = 0; i < events.length; i += 500) {
    await producer.send({
      topic,
      messages: events.slice(i, i + 500).map((e) => ({ key: e.userId, value: JSON.stringify(e) })),
    });
  }
  const publishMs = performance.now() - published;
  const ids = events.map((e) => e.id);
  let progress = { n: 0, first: null as Date | null, last: null as Date | null };
  for (;;) {
    const [row] = await system.sql<{ n: number; first: Date | null; last: Date | null }>(
      'gamification',
      `SELECT count(*)::int AS n, min(received_at) AS first, max(received_at) AS last
         FROM inbox WHERE event_id = ANY($1::uuid[])`,
      [ids],
    );
    progress = row!;
    if (progress.n >= EVENTS) break;
    if (performance.now() - published > EVENTS * 50) {
      throw new Error(`only ${progress.n} of ${EVENTS} events consumed`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const drainedMs = performance.now() - published;
  const cpu = cpuUse(cpuBefore, cpuSnapshot(system.processes), EVENTS);
  const spanMs = progress.last!.getTime() - progress.first!.getTime();
  const perSecond = (EVENTS - 1) / (spanMs / 1000);
  const [check] = await system.sql<{ n: number }>(
    'gamification',
    `SELECT count(*)::int AS n FROM xp_ledger WHERE reason = 'session-completed' AND user_id = ANY($1::uuid[])`,
    [users],
  );
  const correct = check!.n === EVENTS;

  /* ---------- report ---------- */

  const ms = (n: number) => round(n, 1).toFixed(1);
  console.log(
    `\n${table([
      ['event-to-visible lag (session completed → summary shows the XP)', 'ms'],
      ['p50', ms(percentile(lags, 50))],
      ['p95', ms(percentile(lags, 95))],
      ['p99', ms(percentile(lags, 99))],
      ['max', ms(lags[lags.length - 1]!)],
      ['samples', String(lags.length)],
    ])}\n`,
  );
  console.log(
    `${table([
      ['one instance, backlog of session-completed events', 'value'],
      ['events', String(EVENTS)],
      ['users', String(USERS)],
      ['published in (ms)', ms(publishMs)],
      ['events/s (inbox received_at span)', round(perSecond, 1).toString()],
      ['events/s (wall clock, publish → last applied)', round(EVENTS / (drainedMs / 1000), 1).toString()],
      ['gamification CPU ms/event', String(cpu.msPerRequest.gamification ?? '–')],
      ['postgres CPU ms/event', String(cpu.msPerRequest.postgres ?? '–')],
      ['cores busy / not ours', `${cpu.machineBusyCores ?? '–'} / ${cpu.otherCores ?? '–'}`],
      ['ledger entries = events', correct ? 'yes' : `NO (${check!.n})`],
    ])}\n`,
  );
  const file = ctx.writeResults({
    bench: 'gamification-lag',
    at: new Date().toISOString(),
    machine: machineInfo(),
    settings: { samples: SAMPLES, events: EVENTS, users: USERS, logLevel: LOG_LEVEL },
    lagMs: {
      p50: round(percentile(lags, 50)),
      p95: round(percentile(lags, 95)),
      p99: round(percentile(lags, 99)),
      max: round(lags[lags.length - 1]!),
      samplesInOrder: inOrder.map((l) => round(l)),
    },
    throughput: {
      events: EVENTS,
      users: USERS,
      publishMs: round(publishMs),
      eventsPerSecond: round(perSecond, 1),
      wallClockEventsPerSecond: round(EVENTS / (drainedMs / 1000), 1),
      cpu,
      ledgerMatches: correct,
    },
  });
  ctx.log(`results in ${file}`);
  return correct;
});
