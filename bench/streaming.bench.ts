/**
 * The partner's streamed reply, `POST /api/chat/chat-completion` through the gateway: time to the response
 * head, to the first streamed token (the first `data: {"content": …}` line) and to the end of the reply,
 * a. with coaching's builtin provider, b. with coaching pointed at a local OpenAI-compatible stub, and
 * c. that stub measured directly with the openai SDK (as coaching calls it), so b − c is what the gateway,
 * the RPCs and the coaching service add to the provider's own time to first token. See bench/README.md.
 *
 *   npx node bench/streaming.bench.ts  (BENCH_REQUESTS, BENCH_WARMUP_REQUESTS, BENCH_STUB_CHUNK_DELAY_MS,
 *                                       BENCH_GAP_MS, BENCH_LOG_LEVEL)
 *
 * Requests are sequential (one in flight): this is the latency one person sees, not throughput. a and b
 * send what the coaching integration test sends: a practice session's `session_id` and a catalogue
 * scenario, so the gateway stores the user's turn and looks the scenario's definition up in sessions
 * before it asks coaching, and stores the reply after the stream ended. a2 and b2 send the same without
 * session_id and scenario id: the floor of the gateway → coaching path.
 * Two systems, one after the other (a, a2: builtin; b, b2, c: the stub), each in fresh schemas.
 */
import { readFileSync } from 'node:fs';
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
  type BenchContext,
} from './lib/harness.ts';
import { cpuSnapshot, cpuUse, type CpuUse } from './lib/cpu.ts';
import { startNodeProcess, waitUntil, type BenchProcess } from './lib/processes.ts';
import {
  expectStatus,
  Failures,
  latencySummary,
  RequestFailed,
  type LatencySummary,
} from './lib/requests.ts';
import { startBenchSystem, createUser, UNLIMITED_GATEWAY_ENV, type BenchSystem } from './lib/system.ts';

const require = createRequire(import.meta.url);

const REQUESTS = Math.round(numberFromEnv('BENCH_REQUESTS', 30, 5, 150));
const WARMUP_REQUESTS = Math.round(numberFromEnv('BENCH_WARMUP_REQUESTS', 5, 0, 20));
const CHUNK_DELAY_MS = Math.round(numberFromEnv('BENCH_STUB_CHUNK_DELAY_MS', 5, 0, 200));
/** Pause between two requests, so the previous reply's save (after its stream ended) is not measured in the next. */
const GAP_MS = Math.round(numberFromEnv('BENCH_GAP_MS', 25, 0, 1000));
const LOG_LEVEL = logLevelFromEnv();
const infra = infraFromEnv();

const STUB_REPLY = 'That is a fair point, but our budget for this quarter is fixed at forty thousand.';
const OPENING =
  'Thanks for coming in. I have fifteen minutes before my next meeting, so what did you want to discuss?';
const USER_TURN =
  'Thanks for meeting me. Based on two market surveys and the migration I led, I am asking for $92,000.';

const perRequestBoundMs = 400 + 30 * CHUNK_DELAY_MS + GAP_MS;
const DEADLINE_MS = (150 + (5 * (REQUESTS + WARMUP_REQUESTS) * perRequestBoundMs) / 1000 + 40) * 1000;

/** The part of coaching's OpenAiProvider that d uses. */
interface ProviderLike {
  streamReply(
    input: { scenario: unknown; tone: string; messages: Array<{ sender: string; content: string }> },
    signal: AbortSignal,
  ): AsyncIterable<string>;
}

interface Timing {
  headersMs: number;
  firstTokenMs: number;
  /** The longest pause between two pieces of content arriving (0 for a reply that came in one piece). */
  maxGapMs: number;
  fullMs: number;
  chunks: number;
  text: string;
}

interface PathResult {
  id: string;
  name: string;
  requests: number;
  ok: number;
  failed: number;
  failures: Record<string, number>;
  examples: string[];
  warmupFailures: Record<string, number>;
  headers: LatencySummary;
  firstToken: LatencySummary;
  maxGap: LatencySummary;
  full: LatencySummary;
  chunksPerReply: number;
  replyChars: number;
  cpu: CpuUse;
}

/** Times the content pieces of one reply as they arrive (first, longest pause, end) and checks the text. */
async function timePieces(t0: number, headersMs: number, pieces: AsyncIterable<string>): Promise<Timing> {
  let firstTokenMs: number | undefined;
  let lastContentAt: number | undefined;
  let maxGapMs = 0;
  let text = '';
  let chunks = 0;
  for await (const piece of pieces) {
    if (!piece) continue;
    chunks++;
    text += piece;
    const now = performance.now();
    firstTokenMs ??= now - t0;
    if (lastContentAt !== undefined) maxGapMs = Math.max(maxGapMs, now - lastContentAt);
    lastContentAt = now;
  }
  const fullMs = performance.now() - t0;
  if (firstTokenMs === undefined) throw new RequestFailed('empty reply');
  if (text !== STUB_REPLY) throw new RequestFailed('another reply', text.slice(0, 200));
  return { headersMs, firstTokenMs, maxGapMs, fullMs, chunks, text };
}

/** Sequential requests: warm-up (failures counted, timings thrown away), then `REQUESTS` measured. */
async function measurePath(options: {
  id: string;
  name: string;
  processes: BenchProcess[];
  log: (message: string) => void;
  call: (n: number) => Promise<Timing>;
}): Promise<PathResult> {
  const warm = new Failures();
  for (let n = 0; n < WARMUP_REQUESTS; n++) {
    try {
      await options.call(n);
    } catch (error) {
      warm.add(error);
    }
    await new Promise((r) => setTimeout(r, GAP_MS));
  }
  const failures = new Failures();
  const timings: Timing[] = [];
  const before = cpuSnapshot(options.processes);
  for (let n = WARMUP_REQUESTS; n < WARMUP_REQUESTS + REQUESTS; n++) {
    try {
      timings.push(await options.call(n));
    } catch (error) {
      failures.add(error);
    }
    await new Promise((r) => setTimeout(r, GAP_MS));
  }
  const cpu = cpuUse(before, cpuSnapshot(options.processes), timings.length);
  const result: PathResult = {
    id: options.id,
    name: options.name,
    requests: REQUESTS,
    ok: timings.length,
    failed: failures.total,
    failures: failures.counts,
    examples: [...warm.examples, ...failures.examples].slice(0, 5),
    warmupFailures: warm.counts,
    headers: latencySummary(timings.map((t) => t.headersMs)),
    firstToken: latencySummary(timings.map((t) => t.firstTokenMs)),
    maxGap: latencySummary(timings.map((t) => t.maxGapMs)),
    full: latencySummary(timings.map((t) => t.fullMs)),
    chunksPerReply: round(timings.reduce((a, t) => a + t.chunks, 0) / (timings.length || 1), 1),
    replyChars: round(timings.reduce((a, t) => a + t.text.length, 0) / (timings.length || 1), 0),
    cpu,
  };
  options.log(
    `${options.id}. ${options.name}: ${result.ok}/${REQUESTS} ok; first token p50 ${result.firstToken.p50Ms} ms, ` +
      `full reply p50 ${result.full.p50Ms} ms` +
      (result.failed || warm.total
        ? `; FAILED ${JSON.stringify({ ...failures.counts, ...warm.counts })}: ${result.examples[0] ?? ''}`
        : ''),
  );
  return result;
}

/** `POST /api/chat/chat-completion` read as a stream: head, first content line, end. */
async function chatCompletion(
  system: BenchSystem,
  token: string,
  body: unknown,
  from: string,
  expectedText?: string,
): Promise<Timing> {
  const t0 = performance.now();
  const res = await fetch(`${system.baseUrl}/api/chat/chat-completion`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-forwarded-for': from,
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const headersMs = performance.now() - t0;
  await expectStatus(res, 200);
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream'))
    throw new RequestFailed('not an event stream', res.headers.get('content-type') ?? '');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let text = '';
  let chunks = 0;
  let firstTokenMs: number | undefined;
  let lastContentAt: number | undefined;
  let maxGapMs = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (!block.startsWith('data: ')) continue;
      const event = JSON.parse(block.slice(6)) as { content?: unknown; error?: unknown; done?: unknown };
      if (event.error !== undefined) throw new RequestFailed('error in the stream', JSON.stringify(event));
      if (event.done === true) continue; // the end marker
      if (typeof event.content !== 'string') throw new RequestFailed('event without content', block);
      chunks++;
      text += event.content;
      if (event.content.length > 0) {
        const now = performance.now();
        firstTokenMs ??= now - t0;
        if (lastContentAt !== undefined) maxGapMs = Math.max(maxGapMs, now - lastContentAt);
        lastContentAt = now;
      }
    }
  }
  const fullMs = performance.now() - t0;
  if (buffered.trim()) throw new RequestFailed('stream ended inside an event', buffered.slice(0, 200));
  if (firstTokenMs === undefined || !text.trim()) throw new RequestFailed('empty reply');
  if (expectedText !== undefined && text !== expectedText)
    throw new RequestFailed('another reply than the provider streamed', text.slice(0, 200));
  return { headersMs, firstTokenMs, maxGapMs, fullMs, chunks, text };
}

/**
 * One system, one premium user, one practice session; the gateway path measured twice: as the web client
 * sends it (`id`: session_id and a catalogue scenario's id, so the gateway stores the user's turn and looks
 * the scenario's definition up in sessions first), and bare (`id`2: no session_id, no scenario id — the
 * partner plays from title and description; the floor of the gateway → coaching path).
 */
async function throughGateway(
  ctx: BenchContext,
  options: {
    id: string;
    name: string;
    label: string;
    coachingEnv: Record<string, string>;
    extraProcesses: BenchProcess[];
    expectedText?: string;
  },
): Promise<{ system: BenchSystem; results: PathResult[] }> {
  const system = await startBenchSystem(ctx, {
    label: options.label,
    infra,
    logLevel: LOG_LEVEL,
    env: {
      gateway: UNLIMITED_GATEWAY_ENV,
      // The per-user AI limit (30 a minute by default) would refuse this run's requests.
      coaching: { AI_CALLS_PER_USER_PER_MINUTE: '10000', ...options.coachingEnv },
    },
  });
  const user = await createUser(system, {
    email: `bench-stream-${options.label}-${ctx.suffix}@example.com`,
    plan: 'premium',
  });
  const from = randomClientAddress();
  const api = async (path: string, body?: unknown) => {
    const res = await fetch(`${system.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'x-forwarded-for': from,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return res.json() as Promise<unknown>;
  };
  const catalogue = (await api('/api/user/scenarios')) as Array<{
    id: string;
    title: string;
    description: string;
    category: string;
  }>;
  const scenario = catalogue.find((s) => s.category === 'salary-negotiation') ?? catalogue[0];
  if (!scenario) throw new Error('the catalogue is empty');
  // The session opens with the partner's line, the server's own; with session_id the partner answers the
  // stored transcript (which each measured turn lengthens by the line and its reply, as a chat does).
  const session = (await api('/api/user/sessions', {
    scenario_id: scenario.id,
    tone_preference: 'tough',
  })) as { id: string; messages: Array<{ sender: string; content: string }> };
  const messages = [
    { sender: 'ai', content: session.messages[0]?.content ?? OPENING },
    { sender: 'user', content: USER_TURN },
  ];
  const variants = [
    {
      id: options.id,
      name: options.name,
      body: {
        session_id: session.id,
        tone: 'tough',
        scenario: { id: scenario.id, title: scenario.title, description: scenario.description },
        messages,
      },
    },
    {
      id: `${options.id}2`,
      name: `${options.name}, bare`,
      body: {
        tone: 'tough',
        scenario: { title: scenario.title, description: scenario.description },
        messages,
      },
    },
  ];
  const results: PathResult[] = [];
  for (const v of variants) {
    ctx.log(`${v.id}. ${v.name}: ${WARMUP_REQUESTS} warm-up + ${REQUESTS} measured requests, one at a time`);
    results.push(
      await measurePath({
        id: v.id,
        name: v.name,
        processes: [...system.processes, ...options.extraProcesses],
        log: ctx.log,
        call: () => chatCompletion(system, user.token, v.body, from, options.expectedText),
      }),
    );
  }
  return { system, results };
}

await runBench({ name: 'streaming', deadlineMs: DEADLINE_MS }, async (ctx) => {
  const paths: PathResult[] = [];

  /* ---------- a. builtin provider ---------- */
  const a = await throughGateway(ctx, {
    id: 'a',
    name: 'gateway → coaching (builtin provider)',
    label: 'streambi',
    coachingEnv: { AI_PROVIDER: 'builtin' },
    extraProcesses: [],
  });
  paths.push(...a.results);
  await a.system.stop();

  /* ---------- b. and c.: the OpenAI-compatible stub ---------- */
  const stub = startNodeProcess(
    'model-double',
    join(ROOT, 'bench', 'fixtures', 'model-double.ts'),
    { BENCH_STUB_REPLY: STUB_REPLY, BENCH_STUB_CHUNK_DELAY_MS: String(CHUNK_DELAY_MS) },
    { cwd: ROOT, logFile: join(ctx.logDir, 'model-double.log') },
  );
  ctx.onCleanup(() => stub.stop(3000));
  let stubUrl = '';
  await waitUntil(
    'OpenAI stub listening',
    async () => {
      stubUrl = /listening (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(stub.tail())?.[1] ?? '';
      return stubUrl !== '';
    },
    { timeoutMs: 20_000, abort: () => (stub.exited() ? `the stub exited:\n${stub.tail()}` : undefined) },
  );
  ctx.log(`OpenAI stub at ${stubUrl}, ${CHUNK_DELAY_MS} ms between chunks`);

  const b = await throughGateway(ctx, {
    id: 'b',
    name: 'gateway → coaching → OpenAI stub',
    label: 'streamoai',
    coachingEnv: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: stubUrl, OPENAI_API_KEY: 'bench-key' },
    extraProcesses: [stub],
    expectedText: STUB_REPLY,
  });
  paths.push(...b.results);

  // c. The stub on its own, with the openai SDK (the model's own first token), the same system running idle.
  const OpenAI = require('openai').default as typeof import('openai').default;
  const client = new OpenAI({ baseURL: stubUrl, apiKey: 'bench-key', maxRetries: 0, timeout: 30_000 });
  ctx.log(`c. OpenAI stub directly (openai SDK): ${WARMUP_REQUESTS} warm-up + ${REQUESTS} measured requests`);
  const direct = async (): Promise<Timing> => {
    const t0 = performance.now();
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      stream: true,
      temperature: 0.8,
      max_tokens: 300,
      messages: [
        { role: 'system', content: 'You are the manager in a salary negotiation. Stay in role.' },
        { role: 'assistant', content: OPENING },
        { role: 'user', content: USER_TURN },
      ],
    });
    const headersMs = performance.now() - t0;
    return timePieces(
      t0,
      headersMs,
      (async function* () {
        for await (const chunk of stream) yield chunk.choices[0]?.delta?.content ?? '';
      })(),
    );
  };
  paths.push(
    await measurePath({
      id: 'c',
      name: 'OpenAI stub directly (openai SDK)',
      processes: [...b.system.processes, stub],
      log: ctx.log,
      call: direct,
    }),
  );

  // d. coaching's openai provider itself (built, in this process) against the same stub: the persona's
  // system prompt, context fitting, the SSE reader and the reasoning filter, without the gateway and RPCs.
  const { OpenAiProvider } = require(
    join(ROOT, 'dist', 'apps', 'coaching', 'src', 'modules', 'ai', 'openai-provider.js'),
  ) as { OpenAiProvider: new (options: Record<string, unknown>) => ProviderLike };
  const scenarioDefinition = (
    JSON.parse(
      readFileSync(join(ROOT, 'apps/sessions/src/modules/catalogue/data/salary-negotiation.json'), 'utf8'),
    ) as unknown[]
  )[0];
  const provider = new OpenAiProvider({
    baseURL: stubUrl,
    apiKey: 'bench-key',
    model: 'gpt-4o-mini',
    transcribeModel: 'whisper-1',
    timeoutMs: 30_000,
    log: () => undefined,
  });
  ctx.log(
    `d. coaching's openai provider directly: ${WARMUP_REQUESTS} warm-up + ${REQUESTS} measured requests`,
  );
  const viaProvider = async (): Promise<Timing> => {
    const t0 = performance.now();
    const pieces = provider.streamReply(
      {
        scenario: scenarioDefinition,
        tone: 'tough',
        messages: [
          { sender: 'ai', content: OPENING },
          { sender: 'user', content: USER_TURN },
        ],
      },
      new AbortController().signal,
    );
    return timePieces(t0, Number.NaN, pieces);
  };
  paths.push(
    await measurePath({
      id: 'd',
      name: "coaching's openai provider directly",
      processes: [...b.system.processes, stub],
      log: ctx.log,
      call: viaProvider,
    }),
  );
  await b.system.stop();

  /* ---------- report ---------- */

  const byId = (id: string) => paths.find((p) => p.id === id)!;
  const [pa, pb, pb2, pc, pd] = [byId('a'), byId('b'), byId('b2'), byId('c'), byId('d')];
  const diff = (x: LatencySummary, y: LatencySummary) => ({
    p50Ms: round(x.p50Ms - y.p50Ms),
    p95Ms: round(x.p95Ms - y.p95Ms),
  });
  const added = {
    /** What the gateway, the RPCs and coaching add to the provider's own time (b − c). */
    firstToken: diff(pb.firstToken, pc.firstToken),
    fullReply: diff(pb.full, pc.full),
    /** The same without the session and the scenario lookup (b2 − c): the floor of the path. */
    firstTokenBare: diff(pb2.firstToken, pc.firstToken),
    /** What storing the user's turn and looking the scenario up cost before the stream starts (b − b2). */
    sessionAndScenarioLookups: diff(pb.firstToken, pb2.firstToken),
    /** What the openai provider alone adds to the model's own first token (d − c). */
    providerFirstToken: diff(pd.firstToken, pc.firstToken),
  };
  const failed = paths.filter((p) => p.failed > 0 || p.ok === 0 || Object.keys(p.warmupFailures).length > 0);
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-');
  console.log(
    `\nStreaming: POST /api/chat/chat-completion, ${REQUESTS} sequential requests per path after ${WARMUP_REQUESTS} warm-up, ` +
      `${GAP_MS} ms apart; stub: ${CHUNK_DELAY_MS} ms between chunks; LOG_LEVEL=${LOG_LEVEL}\n`,
  );
  console.log(
    table([
      [
        'path',
        'ok',
        'head p50',
        'first token p50',
        'first token p95',
        'full reply p50',
        'full reply p95',
        'longest pause p50',
        'chunks',
        'not ours',
        'failed',
      ],
      ...paths.map((p) => [
        `${p.id}. ${p.name}`,
        `${p.ok}/${p.requests}`,
        f(p.headers.p50Ms),
        f(p.firstToken.p50Ms),
        f(p.firstToken.p95Ms),
        f(p.full.p50Ms),
        f(p.full.p95Ms),
        f(p.maxGap.p50Ms),
        String(p.chunksPerReply),
        p.cpu.otherCores !== undefined ? p.cpu.otherCores.toFixed(2) : '-',
        p.failed || Object.keys(p.warmupFailures).length
          ? `${p.failed} ${JSON.stringify({ ...p.failures, ...p.warmupFailures })}`
          : '0',
      ]),
    ]),
  );
  console.log(`(ms from sending the request. head: the status line and headers; the gateway sends them once it has stored
 the user's turn and looked the scenario up (two RPCs to sessions; none for the bare requests), before it asks coaching.
 first token: the first streamed content: the first \`data:\` line for a and b, the first content chunk for c, the
 first piece the provider yields for d (which has no head of its own).
 longest pause: the longest wait between two pieces of content within a reply (the stub sends one every
 ${CHUNK_DELAY_MS} ms). bare (a2, b2): no session_id and no scenario id. not ours: cores used by other work on the machine during the path,
 above ~0.3 the figures were disturbed)

the openai provider adds to the model's own first token      p50 ${added.providerFirstToken.p50Ms} ms, p95 ${added.providerFirstToken.p95Ms} ms  (d - c)
gateway + RPCs + coaching add to the provider's first token  p50 ${added.firstToken.p50Ms} ms, p95 ${added.firstToken.p95Ms} ms  (b - c)
  of which storing the turn + the scenario lookup             p50 ${added.sessionAndScenarioLookups.p50Ms} ms  (b - b2; bare: b2 - c = ${added.firstTokenBare.p50Ms} ms)
... and to the full reply                                     p50 ${added.fullReply.p50Ms} ms, p95 ${added.fullReply.p95Ms} ms  (b - c)
longest pause between two pieces at p50                       ${pb.maxGap.p50Ms} ms through the gateway, ${pc.maxGap.p50Ms} ms from the stub  (b, c)
builtin provider, first token / full reply at p50             ${pa.firstToken.p50Ms} / ${pa.full.p50Ms} ms  (a: ${pa.chunksPerReply} chunks, ${pa.replyChars} characters a reply)
`);

  const file = ctx.writeResults({
    bench: 'streaming',
    startedAt: new Date(ctx.startedAt).toISOString(),
    ok: failed.length === 0,
    machine: machineInfo(),
    settings: {
      requests: REQUESTS,
      warmupRequests: WARMUP_REQUESTS,
      gapMs: GAP_MS,
      stubChunkDelayMs: CHUNK_DELAY_MS,
      stubReply: STUB_REPLY,
      logLevel: LOG_LEVEL,
      request:
        'a premium user, a practice session (session_id) of a salary-negotiation catalogue scenario, messages [ai opening, user turn], tone tough',
      clientAddress: 'a fresh random x-forwarded-for per system (TRUST_PROXY=true)',
      coaching:
        'AI_CALLS_PER_USER_PER_MINUTE=10000; a: AI_PROVIDER=builtin; b: AI_PROVIDER=openai, OPENAI_BASE_URL=the stub',
    },
    paths: paths.map(({ cpu, ...p }) => ({
      ...p,
      machineBusyCores: cpu.machineBusyCores,
      otherCores: cpu.otherCores,
    })),
    gatewayAndCoachingAdd: added,
  });
  console.log(`\nresults: ${file}`);
  if (failed.length > 0) {
    console.error(
      `\nFAILED: ${failed.map((p) => `${p.id}. ${p.name}: ${JSON.stringify({ ...p.failures, ...p.warmupFailures })} ${p.examples[0] ?? ''}`).join('; ')}`,
    );
    return false;
  }
  return true;
});
