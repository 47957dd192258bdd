/**
 * How many learners one Parley deployment serves (issue 17): simulated learners, each doing what a person
 * does in a practice, against the whole system as `npm start` runs it (builtin partner, every service,
 * Kafka, the workers). The number of learners grows step by step until, over a step, the p95 of any
 * action passes BENCH_P95_MS or any request fails; the answer is the largest number held for a whole step.
 *
 *   npm run bench:learners     (flags: BENCH_LEARNERS_START, BENCH_LEARNERS_STEP, BENCH_LEARNERS_MAX,
 *                               BENCH_STEP_S, BENCH_TURN_THINK_S, BENCH_PAGE_THINK_S, BENCH_TURNS,
 *                               BENCH_TIPS, BENCH_P95_MS, BENCH_REPLICAS, BENCH_ACCESS_TOKEN_TTL_S,
 *                               BENCH_LOG_LEVEL; defaults in
 *                               bench/README.md)
 *
 * One learner: signs in once (password, argon2id in identity) and, as the web client does, refreshes the
 * access token a minute before it expires; then over and over: the dashboard (summary,
 * profile, daily scenario, challenges), the library, a scenario's detail, the partner's opening and a new
 * stored session, BENCH_TURNS streamed turns with the turn think time before each (latency: to the first
 * streamed piece, what the learner waits for; the whole reply is read), BENCH_TIPS inline tips, End
 * Session (feedback, speech report, usage count), the dashboard again and the history. Every answer's
 * status is checked and every stream must end with its end marker.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  infraFromEnv,
  logLevelFromEnv,
  machineInfo,
  numberFromEnv,
  round,
  runBench,
  table,
} from './lib/harness.ts';
import { cpuSnapshot, cpuUse } from './lib/cpu.ts';
import { latencySummary } from './lib/requests.ts';
import { createUser, startBenchSystem, UNLIMITED_GATEWAY_ENV } from './lib/system.ts';

const require = createRequire(import.meta.url);

const START = Math.round(numberFromEnv('BENCH_LEARNERS_START', 50, 1, 10_000));
const STEP = Math.round(numberFromEnv('BENCH_LEARNERS_STEP', 50, 1, 10_000));
const MAX = Math.round(numberFromEnv('BENCH_LEARNERS_MAX', 2000, 1, 20_000));
const STEP_S = numberFromEnv('BENCH_STEP_S', 60, 10, 600);
const TURN_THINK_S = numberFromEnv('BENCH_TURN_THINK_S', 15, 0, 300);
const PAGE_THINK_S = numberFromEnv('BENCH_PAGE_THINK_S', 4, 0, 120);
const TURNS = Math.round(numberFromEnv('BENCH_TURNS', 6, 1, 30));
const TIPS = Math.round(numberFromEnv('BENCH_TIPS', 1, 0, 30));
const P95_MS = numberFromEnv('BENCH_P95_MS', 200, 10, 60_000);
/** Instances of the gateway and of every service (2: scale-out on one machine, learners split over the gateways). */
const REPLICAS = Math.round(numberFromEnv('BENCH_REPLICAS', 1, 1, 4));
/** Identity's access-token lifetime (its default, 15 minutes, unless set): a shorter one exercises refreshes. */
const ACCESS_TOKEN_TTL_S = process.env.BENCH_ACCESS_TOKEN_TTL_S
  ? Math.round(numberFromEnv('BENCH_ACCESS_TOKEN_TTL_S', 900, 60, 86_400))
  : undefined;
const LOG_LEVEL = logLevelFromEnv();
const infra = infraFromEnv();
/** The first seconds of a step (learners still arriving) are not judged. */
const SETTLE_S = Math.min(15, STEP_S / 4);
const PASSWORD = 'Parley-bench-Passw0rd!';

const LINES = [
  'Thanks for making the time. I would like to talk about my role and what I have delivered this year.',
  'Last quarter I led the migration to the new billing system, and we finished two weeks early.',
  'I understand the budget is tight. Could we look at a step now and a review in six months?',
  'Based on two market surveys, I am asking for 92,000, starting in March.',
  'What would you need to see from me to make that work?',
  'Great, so we agree on a review on the first of March. I will send a summary by email today.',
];

interface Sample {
  action: string;
  ms: number;
  at: number;
}
interface Failure {
  action: string;
  message: string;
  at: number;
}

const deadlineMs = (300 + Math.ceil((MAX - START) / STEP + 1) * STEP_S) * 1000;

await runBench({ name: 'learners', deadlineMs }, async (ctx) => {
  const argon2 = require('@node-rs/argon2') as typeof import('@node-rs/argon2');
  const system = await startBenchSystem(ctx, {
    label: 'learners',
    infra,
    logLevel: LOG_LEVEL,
    env: {
      gateway: UNLIMITED_GATEWAY_ENV,
      ...(ACCESS_TOKEN_TTL_S ? { identity: { ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_S) } } : {}),
    },
    replicas: REPLICAS,
  });
  const passwordHash = await argon2.hash(PASSWORD);
  const samples: Sample[] = [];
  const failures: Failure[] = [];
  let stopping = false;
  const sleep = (s: number) =>
    new Promise((resolve) => setTimeout(resolve, s * 1000 * (0.5 + Math.random())));

  /** One timed request; resolves with the response (body unread) or throws after recording a failure. */
  async function timed(
    action: string,
    path: string,
    init: { token?: string; body?: unknown; from: string; method?: string; base: string },
  ): Promise<Response> {
    const started = performance.now();
    try {
      const res = await fetch(`${init.base}${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          'x-forwarded-for': init.from,
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(30_000),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`);
      samples.push({ action, ms: performance.now() - started, at: Date.now() });
      return res;
    } catch (error) {
      failures.push({ action, message: (error as Error).message, at: Date.now() });
      throw error;
    }
  }
  const json = async <T>(res: Response) => (await res.json()) as T;

  /** A streamed reply: latency to its first piece; the whole of it read; its end marker required. */
  async function turn(token: string, from: string, base: string, body: unknown): Promise<string> {
    const started = performance.now();
    const res = await timed('chat turn: whole reply', '/api/chat/chat-completion', {
      token,
      from,
      base,
      body,
    });
    samples.pop(); // the head is not the reply: timed again below
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let reply = '';
    let first = true;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (first && text.includes('"content"')) {
        first = false;
        samples.push({ action: 'chat turn: first piece', ms: performance.now() - started, at: Date.now() });
      }
    }
    for (const block of text.split('\n\n')) {
      if (!block.startsWith('data: ')) continue;
      const event = JSON.parse(block.slice(6)) as { content?: string; done?: boolean; error?: string };
      if (event.error) {
        failures.push({ action: 'chat turn', message: event.error, at: Date.now() });
        throw new Error(event.error);
      }
      if (event.content) reply += event.content;
    }
    if (!text.includes('"done":true')) {
      failures.push({
        action: 'chat turn',
        message: 'the stream ended without its end marker',
        at: Date.now(),
      });
      throw new Error('cut off');
    }
    samples.push({ action: 'chat turn: whole reply', ms: performance.now() - started, at: Date.now() });
    return reply;
  }

  async function learner(n: number): Promise<void> {
    const from = `10.${[...randomBytes(3)].join('.')}`;
    const base = system.baseUrls[n % system.baseUrls.length]!;
    const user = await createUser(system, {
      email: `bench-learner-${n}-${ctx.suffix}@example.com`,
      plan: 'premium',
      passwordHash,
    });
    await sleep(PAGE_THINK_S);
    type Tokens = { access_token: string; refresh_token: string; expires_in: number };
    let auth = await json<Tokens>(
      await timed('sign in', '/auth/v1/token?grant_type=password', {
        from,
        base,
        body: { email: user.email, password: PASSWORD },
      }),
    );
    let expiresAt = Date.now() + auth.expires_in * 1000;
    /**
     * The access token, refreshed a minute before it expires (a run outlasts one token); one refresh at a
     * time, as the web client does: a refresh token is good for one use.
     */
    let refreshing: Promise<void> | undefined;
    const currentToken = async (): Promise<string> => {
      if (expiresAt - Date.now() < 60_000) {
        refreshing ??= (async () => {
          auth = await json<Tokens>(
            await timed('refresh token', '/auth/v1/token?grant_type=refresh_token', {
              from,
              base,
              body: { refresh_token: auth.refresh_token },
            }),
          );
          expiresAt = Date.now() + auth.expires_in * 1000;
        })().finally(() => (refreshing = undefined));
        await refreshing;
      }
      return auth.access_token;
    };
    const get = async (action: string, path: string) =>
      timed(action, path, { token: await currentToken(), from, base }).then((r) => r.text());
    const post = async <T>(action: string, path: string, body: unknown) =>
      timed(action, path, { token: await currentToken(), from, base, body }).then((r) => json<T>(r));
    const dashboard = () =>
      Promise.all([
        get('dashboard: summary', '/api/gamification/summary'),
        get('dashboard: profile', `/api/user/profile/${user.id}`),
        get('dashboard: daily scenario', '/api/user/scenarios/daily'),
        get('dashboard: challenges', '/api/gamification/daily-challenges'),
      ]);

    while (!stopping) {
      await dashboard();
      await sleep(PAGE_THINK_S);
      const library = JSON.parse(await get('library', '/api/user/scenarios')) as Array<{
        id: string;
        title: string;
        description: string;
      }>;
      const scenario = library[Math.floor(Math.random() * library.length)]!;
      await sleep(PAGE_THINK_S);
      await get('scenario detail', `/api/user/scenarios/${scenario.id}`);
      await sleep(PAGE_THINK_S);
      // As the chat opens: the scenario's session, opened with the partner's line (the server writes it).
      const stored = await post<{ id: string; messages: Array<{ sender: 'user' | 'ai'; content: string }> }>(
        'start session',
        '/api/user/sessions',
        { scenario_id: scenario.id },
      );
      const messages = [...stored.messages];
      for (let t = 0; t < TURNS && !stopping; t++) {
        await sleep(TURN_THINK_S);
        const line = LINES[t % LINES.length]!;
        messages.push({ sender: 'user', content: line });
        const reply = await turn(await currentToken(), from, base, {
          session_id: stored.id,
          scenario: { id: scenario.id, title: scenario.title, description: scenario.description },
          messages,
        });
        messages.push({ sender: 'ai', content: reply.trim() });
        if (t < TIPS)
          await post('inline tip', '/api/chat/inline-coaching', {
            title: scenario.title,
            description: scenario.description,
            message: line,
            scenario_id: scenario.id,
          });
      }
      if (stopping) return;
      await sleep(PAGE_THINK_S);
      await Promise.all([
        post('end: feedback', '/api/chat/post-session-feedback', { session_id: stored.id }),
        post('end: speech report', '/api/analysis/filler-words', { messages }),
        post('end: usage count', `/api/user/increment-sessions/${user.id}`, {}),
      ]);
      await sleep(PAGE_THINK_S);
      await dashboard();
      await sleep(PAGE_THINK_S);
      await get('history', '/api/user/sessions');
      await sleep(PAGE_THINK_S);
    }
  }

  /* ---------- the ramp ---------- */

  const running: Array<Promise<void>> = [];
  const add = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const n = running.length;
      running.push(learner(n).catch(() => undefined));
      await new Promise((resolve) => setTimeout(resolve, (SETTLE_S * 1000 * 0.8) / count));
    }
  };

  interface StepResult {
    learners: number;
    held: boolean;
    worst: { action: string; p95Ms: number } | null;
    errors: number;
    actions: Record<string, ReturnType<typeof latencySummary>>;
    requests: number;
    cpuMsPerAction: Record<string, number>;
    busyCores?: number;
    otherCores?: number;
  }
  const steps: StepResult[] = [];
  for (let learners = START; learners <= MAX; learners += STEP) {
    const adding = add(learners - running.length);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
    await adding;
    const from = Date.now();
    const failuresBefore = failures.length;
    const before = cpuSnapshot(system.processes);
    await new Promise((resolve) => setTimeout(resolve, (STEP_S - SETTLE_S) * 1000));
    const after = cpuSnapshot(system.processes);
    const window = samples.filter((s) => s.at >= from);
    const byAction = new Map<string, number[]>();
    for (const s of window) byAction.set(s.action, [...(byAction.get(s.action) ?? []), s.ms]);
    const actions = Object.fromEntries([...byAction].map(([a, ms]) => [a, latencySummary(ms)]));
    const judged = Object.entries(actions).filter(([a]) => a !== 'chat turn: whole reply');
    const worstEntry = judged.sort((a, b) => b[1].p95Ms - a[1].p95Ms)[0];
    const errors = failures.length - failuresBefore;
    const use = cpuUse(before, after, window.length);
    const step: StepResult = {
      learners,
      held: errors === 0 && (worstEntry?.[1].p95Ms ?? 0) <= P95_MS,
      worst: worstEntry ? { action: worstEntry[0], p95Ms: round(worstEntry[1].p95Ms, 1) } : null,
      errors,
      actions,
      requests: window.length,
      cpuMsPerAction: use.msPerRequest,
      ...(use.machineBusyCores !== undefined ? { busyCores: use.machineBusyCores } : {}),
      ...(use.otherCores !== undefined ? { otherCores: use.otherCores } : {}),
    };
    steps.push(step);
    ctx.log(
      `${learners} learners: ${step.requests} requests, ${round(step.requests / (STEP_S - SETTLE_S), 1)}/s, ` +
        `worst p95 ${step.worst?.p95Ms ?? '—'} ms (${step.worst?.action ?? '—'}), ${errors} errors, ` +
        `${step.busyCores ?? '?'} cores busy (${step.otherCores ?? '?'} not ours): ${step.held ? 'held' : 'NOT held'}`,
    );
    if (!step.held) break;
  }
  stopping = true;
  await Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, 60_000))]);

  /* ---------- report ---------- */

  const held = [...steps].reverse().find((s) => s.held);
  const shown = held ?? steps[0]!;
  console.log(
    `\nLearners held for a whole step (${STEP_S} s, p95 of every action ≤ ${P95_MS} ms, no errors): ` +
      `${held ? held.learners : `none (the first step, ${START}, was not held)`}\n` +
      `turn think time ${TURN_THINK_S} s, page think time ${PAGE_THINK_S} s (each ×0.5–1.5), ${TURNS} turns, ${TIPS} tip(s)\n`,
  );
  console.log(`Per action at ${shown.learners} learners:`);
  console.log(
    table([
      ['action', 'count', 'p50 ms', 'p95 ms', 'p99 ms'],
      ...Object.entries(shown.actions)
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(([a, s]) => [
          a,
          String(s.count),
          String(round(s.p50Ms, 1)),
          String(round(s.p95Ms, 1)),
          String(round(s.p99Ms, 1)),
        ]),
    ]),
  );
  console.log(`\nCPU ms per action (all actions of the mix, ${shown.requests} in the window):`);
  console.log(
    table([
      ['process', 'CPU ms per action'],
      ...Object.entries(shown.cpuMsPerAction).map(([p, ms]) => [p, String(ms)]),
    ]),
  );
  const errorsByMessage = new Map<string, number>();
  for (const f of failures) {
    const key = `${f.action}: ${f.message.slice(0, 120)}`;
    errorsByMessage.set(key, (errorsByMessage.get(key) ?? 0) + 1);
  }
  console.log(
    `\nErrors over the whole run: ${failures.length}${[...errorsByMessage].map(([k, n]) => `\n  ${n} × ${k}`).join('')}`,
  );
  console.log('\nSteps:');
  console.log(
    table([
      ['learners', 'req/s', 'worst p95 ms', 'worst action', 'errors', 'cores busy', 'not ours', 'held'],
      ...steps.map((s) => [
        String(s.learners),
        String(round(s.requests / (STEP_S - SETTLE_S), 1)),
        String(s.worst?.p95Ms ?? '—'),
        s.worst?.action ?? '—',
        String(s.errors),
        String(s.busyCores ?? '?'),
        String(s.otherCores ?? '?'),
        s.held ? 'yes' : 'no',
      ]),
    ]),
  );
  const file = ctx.writeResults({
    bench: 'learners',
    settings: {
      START,
      STEP,
      MAX,
      STEP_S,
      TURN_THINK_S,
      PAGE_THINK_S,
      TURNS,
      TIPS,
      P95_MS,
      LOG_LEVEL,
      REPLICAS,
    },
    heldLearners: held?.learners ?? 0,
    steps,
    errors: Object.fromEntries(errorsByMessage),
    machine: machineInfo(),
  });
  ctx.log(`results: ${file}`);
  return true;
});
