/**
 * Practice sessions through the gateway for a user with many of them: listing (`GET /api/user/sessions`,
 * 200 stored sessions) and one turn stored (`POST /api/chat/chat-completion` with `session_id`: the
 * learner's line, then the partner's streamed reply, both written by the server — the only way a
 * transcript grows), each at 1 and 8 in flight. See bench/README.md.
 *
 *   npx node bench/sessions.bench.ts   (BENCH_DURATION, BENCH_WARMUP, BENCH_CONCURRENCY, BENCH_SESSIONS,
 *                                       BENCH_SESSION_MESSAGES, BENCH_LOG_LEVEL)
 *
 * The sessions are created through the API (`POST /api/user/sessions`, 201, the server's opening, then
 * BENCH_SESSION_MESSAGES / 2 learner lines through chat-completion) by a premium user (the free plan allows
 * 5 a month), over the catalogue's scenarios in turn.
 * The user row and its access token are made as libs/server/testing's createTestUser makes them.
 */
import { createHash } from 'node:crypto';
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
import { practise, sayLine, type Post } from './lib/practice.ts';
import { expectStatus, RequestFailed } from './lib/requests.ts';
import {
  CPU_NOTE,
  cpuRows,
  latencyRows,
  measureScenario,
  scenarioFailed,
  type ScenarioResult,
} from './lib/scenario.ts';
import { startBenchSystem, createUser, UNLIMITED_GATEWAY_ENV } from './lib/system.ts';

const DURATION_S = numberFromEnv('BENCH_DURATION', 8, 1, 20);
const WARMUP_S = numberFromEnv('BENCH_WARMUP', 2, 0, 10);
const CONCURRENCY = Math.round(numberFromEnv('BENCH_CONCURRENCY', 8, 2, 64));
const SESSIONS = Math.round(numberFromEnv('BENCH_SESSIONS', 200, 64, 1000));
const SESSION_MESSAGES = Math.round(numberFromEnv('BENCH_SESSION_MESSAGES', 10, 0, 100));
/** Learner lines per stored session: each is answered, after the server's opening. */
const SESSION_TURNS = Math.floor(SESSION_MESSAGES / 2);
const STORED_MESSAGES = 1 + 2 * SESSION_TURNS;
const LOG_LEVEL = logLevelFromEnv();
const infra = infraFromEnv();
/** MAX_MESSAGES_PER_SESSION in libs/contracts: a 401st message is refused with 413. */
const MAX_MESSAGES_PER_SESSION = 400;

const SCENARIO_COUNT = 4;
const DEADLINE_MS = (150 + SESSIONS * 0.15 + SCENARIO_COUNT * (WARMUP_S + DURATION_S + 2)) * 1000;

interface Scenario {
  id: string;
  title: string;
  description: string;
  premium: boolean;
  locked?: boolean;
}
interface Session {
  id?: unknown;
  messages?: Array<{ sender: string; content: string }>;
}

/** The learner's lines of stored session `i`: a sentence or two each, like a person's. */
function lineTexts(count: number, i: number): string[] {
  return Array.from(
    { length: count },
    (_, t) =>
      `I understand the constraint. Because I led the migration that saved forty thousand, I am asking for a raise starting in March. (${i}.${t})`,
  );
}

await runBench({ name: 'sessions', deadlineMs: DEADLINE_MS }, async (ctx) => {
  const system = await startBenchSystem(ctx, {
    label: 'sessions',
    infra,
    logLevel: LOG_LEVEL,
    // Every stored turn asks the partner: past coaching's per-user AI limit.
    env: { gateway: UNLIMITED_GATEWAY_ENV, coaching: { AI_CALLS_PER_USER_PER_MINUTE: '10000' } },
  });

  const user = await createUser(system, {
    email: `bench-sessions-${ctx.suffix}@example.com`,
    plan: 'premium',
  });
  const api = (path: string, from: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${system.baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        authorization: `Bearer ${user.token}`,
        'x-forwarded-for': from,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(30_000),
    });

  const post =
    (from: string): Post =>
    (path, body) =>
      api(path, from, { body });

  /* ---------- the stored sessions, through the API ---------- */

  const setupFrom = randomClientAddress();
  const catalogueRes = await api('/api/user/scenarios', setupFrom);
  await expectStatus(catalogueRes, 200);
  const catalogue = ((await catalogueRes.json()) as Scenario[]).filter((s) => !s.locked);
  if (catalogue.length === 0) throw new Error('GET /api/user/scenarios: no scenario open to a premium user');

  ctx.log(
    `creating ${SESSIONS} sessions of ${STORED_MESSAGES} messages each through POST /api/user/sessions and chat-completion`,
  );
  const created = performance.now();
  const sessionIds: string[] = new Array<string>(SESSIONS);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < SESSIONS) {
        const i = next++;
        const scenario = catalogue[i % catalogue.length]!;
        const id = await practise(post(setupFrom), scenario, lineTexts(SESSION_TURNS, i), 'tough');
        const res = await api(`/api/user/sessions/view/${id}`, setupFrom);
        await expectStatus(res, 200);
        const session = (await res.json()) as Session;
        if (session.messages?.length !== STORED_MESSAGES)
          throw new Error(`the stored session holds ${JSON.stringify(session).slice(0, 300)}`);
        sessionIds[i] = id;
      }
    }),
  );
  const setupSeconds = (performance.now() - created) / 1000;
  ctx.log(`created in ${setupSeconds.toFixed(1)} s`);

  // Every list answer must be this one, byte for byte (nothing changes the sessions while they are listed).
  const listRes = await api('/api/user/sessions', setupFrom);
  await expectStatus(listRes, 200);
  const expectedList = await listRes.text();
  const listed = JSON.parse(expectedList) as Array<{ id: string }>;
  if (listed.length !== SESSIONS || new Set(listed.map((s) => s.id)).size !== SESSIONS)
    throw new Error(`GET /api/user/sessions listed ${listed.length} sessions, expected ${SESSIONS}`);
  const expectedDigest = createHash('sha256').update(expectedList).digest('hex');
  const listBytes = Buffer.byteLength(expectedList);

  const list = (from: string) => async () => {
    const res = await api('/api/user/sessions', from);
    await expectStatus(res, 200);
    const body = await res.text();
    if (body.length !== expectedList.length || body !== expectedList)
      throw new RequestFailed('200 with another list', `${Buffer.byteLength(body)} bytes`);
  };

  // Turns go round-robin over the stored sessions, so no two requests in flight touch the same session
  // (the use case locks the session row) and none reaches the 400-message limit.
  const counts = new Array<number>(SESSIONS).fill(STORED_MESSAGES);
  const append = (from: string) => async (n: number) => {
    const i = n % SESSIONS;
    const expected = counts[i]! + 2;
    if (expected > MAX_MESSAGES_PER_SESSION) throw new RequestFailed('session full (raise BENCH_SESSIONS)');
    counts[i] = expected;
    const content = `One more point, turn ${n}: I can start the new reporting process next week.`;
    const scenario = catalogue[i % catalogue.length]!;
    try {
      const reply = await sayLine(post(from), sessionIds[i]!, scenario, content, 'tough');
      if (!reply) throw new RequestFailed('an empty reply');
    } catch (error) {
      if (error instanceof RequestFailed) throw error;
      throw new RequestFailed('turn not stored', (error as Error).message.slice(0, 200));
    }
  };

  /* ---------- measuring ---------- */

  const scenarios: ScenarioResult[] = [];
  const plan = [
    { id: 'a', name: `GET /api/user/sessions (${SESSIONS} sessions)`, concurrency: 1, call: list },
    { id: 'b', name: `GET /api/user/sessions (${SESSIONS} sessions)`, concurrency: CONCURRENCY, call: list },
    {
      id: 'c',
      name: 'POST /api/chat/chat-completion with session_id (1 turn)',
      concurrency: 1,
      call: append,
    },
    {
      id: 'd',
      name: 'POST /api/chat/chat-completion with session_id (1 turn)',
      concurrency: CONCURRENCY,
      call: append,
    },
  ];
  const sizeBeforeAppends = { min: Math.min(...counts), max: Math.max(...counts) };
  for (const s of plan) {
    const from = randomClientAddress();
    ctx.log(
      `${s.id}. ${s.name}, ${s.concurrency} in flight: ${WARMUP_S} s warm-up, ${DURATION_S} s measured`,
    );
    scenarios.push(
      await measureScenario({
        id: s.id,
        name: s.name,
        concurrency: s.concurrency,
        warmupSeconds: WARMUP_S,
        durationSeconds: DURATION_S,
        processes: system.processes,
        log: ctx.log,
        call: s.call(from),
      }),
    );
  }
  const sizeAfterAppends = { min: Math.min(...counts), max: Math.max(...counts) };

  /* ---------- report ---------- */

  const failed = scenarios.filter(scenarioFailed);
  const by = (id: string) => scenarios.find((s) => s.id === id)!.result;
  console.log(
    `\nSessions: a premium user with ${SESSIONS} sessions of ${STORED_MESSAGES} messages (created through the API), ` +
      `${DURATION_S} s measured after ${WARMUP_S} s warm-up per scenario, LOG_LEVEL=${LOG_LEVEL}\n`,
  );
  console.log(table(latencyRows(scenarios)));
  console.log(`
list answer                                  ${listBytes} bytes, ${SESSIONS} summaries
messages per session during the turns        ${sizeBeforeAppends.min} → ${sizeAfterAppends.max} (a turn stores the line and the reply)
req/s at ${CONCURRENCY} in flight / at 1: list ${round(by('b').rps / by('a').rps, 2)}, append ${round(by('d').rps / by('c').rps, 2)}
`);
  console.log(table(cpuRows(scenarios, ['loadgen', 'gateway', 'sessions', 'postgres', 'redis', 'kafka'])));
  console.log(CPU_NOTE);

  const file = ctx.writeResults({
    bench: 'sessions',
    startedAt: new Date(ctx.startedAt).toISOString(),
    ok: failed.length === 0,
    machine: machineInfo(),
    settings: {
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      concurrency: CONCURRENCY,
      logLevel: LOG_LEVEL,
      sessions: SESSIONS,
      messagesPerSession: STORED_MESSAGES,
      howCreated: `through the API: POST /api/user/sessions as a premium user (the server's opening), then ${SESSION_TURNS} learner lines through chat-completion, scenarios of the catalogue in turn (4 in flight, ${round(setupSeconds, 1)} s)`,
      appendOrder: 'round-robin over the stored sessions (no session twice in flight)',
      clientAddress: 'a fresh random x-forwarded-for per scenario (TRUST_PROXY=true)',
    },
    list: { bytes: listBytes, sha256: expectedDigest },
    messagesPerSession: { beforeAppends: sizeBeforeAppends, afterAppends: sizeAfterAppends },
    scenarios,
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
