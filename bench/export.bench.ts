/**
 * Export: the time to render a 50-message and a 1,000-message transcript PDF (the renderer the export
 * worker runs, from dist/), jobs per minute for one worker (BullMQ on the real Redis, concurrency 2
 * as in apps/export's ExportProcessor, 50-message transcripts, the result returned as base64 as in
 * production), and — through the whole system — how long after an export job is finished its owner's
 * client hears "done": on the pushed progress stream (GET /api/export/jobs/:id/events) and by polling the
 * job every 400 ms, as the gateway's stream did before it was pushed. See bench/README.md.
 *
 *   npx node bench/export.bench.ts   (BENCH_RENDERS, BENCH_JOBS, BENCH_STREAM_JOBS, BENCH_POLL_MS,
 *                                     BENCH_LOG_LEVEL, BENCH_SKIP_STREAM=1 to leave the system out)
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Queue, QueueEvents, Worker } from 'bullmq';
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
  type BenchContext,
} from './lib/harness.ts';
import { practise } from './lib/practice.ts';
import { latencySummary, type LatencySummary } from './lib/requests.ts';
import { startBenchSystem, createUser, UNLIMITED_GATEWAY_ENV } from './lib/system.ts';

const RENDERS = Math.round(numberFromEnv('BENCH_RENDERS', 10, 3, 100));
const JOBS = Math.round(numberFromEnv('BENCH_JOBS', 200, 20, 2000));
const STREAM_JOBS = Math.round(numberFromEnv('BENCH_STREAM_JOBS', 20, 3, 200));
/** The period the gateway's stream read the job at before it was pushed (STREAM_POLL_MS then). */
const POLL_MS = Math.round(numberFromEnv('BENCH_POLL_MS', 400, 50, 5000));
const SKIP_STREAM = process.env.BENCH_SKIP_STREAM === '1';
const CONCURRENCY = 2;
const LOG_LEVEL = logLevelFromEnv();
const infra = infraFromEnv();

interface Renderer {
  renderTranscriptPdf(body: unknown): Promise<Buffer>;
}
interface Contracts {
  exportPdfBodySchema: { parse(input: unknown): unknown };
}

const require = createRequire(import.meta.url);

/** A realistic turn: a sentence or two, every fifth one with a markdown list and bold. */
function transcript(count: number): unknown {
  return {
    scenario: { title: 'Salary negotiation', description: 'Ask for a raise.' },
    tone: 'tough',
    messages: Array.from({ length: count }, (_, i) => ({
      sender: i % 2 ? 'ai' : 'user',
      content:
        i % 5 === 4
          ? `Here is my plan for turn ${i + 1}:\n- **first**, the market rate\n- then my results this year\n1. ask\n2. wait`
          : `Turn ${i + 1}: I think we should look at the figures again, because the offer does not reflect what the role asks of me — café, naïve, Grüße.`,
    })),
    feedback: {
      clarity: 7,
      empathy: 6,
      persuasion: 8,
      strengths: ['Clear ask'],
      suggestions: ['Use numbers'],
    },
  };
}

function stats(samples: number[]): { meanMs: number; p50Ms: number; maxMs: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    meanMs: round(samples.reduce((a, b) => a + b, 0) / samples.length, 1),
    p50Ms: round(sorted[Math.floor(sorted.length / 2)]!, 1),
    maxMs: round(sorted.at(-1)!, 1),
  };
}

interface JobView {
  id: string;
  status: string;
  progress: number;
}

/** One job's "done" as a client saw it: ms after the row's finished_at, and how many updates it saw. */
interface Heard {
  lagMs: number;
  updates: number;
}

/**
 * Export jobs of one stored 50-message session through the whole system, one at a time, alternating the
 * two ways of following them: `push` reads the SSE stream of GET /api/export/jobs/:id/events (the
 * current state, then every update the worker publishes), `poll` reads GET /api/export/jobs/:id every
 * POLL_MS from the moment the job was created — what the stream did before (then inside the gateway, over
 * RPC; here one HTTP hop further out). Each job's latency is the client's clock when it sees `done` minus
 * the row's `finished_at` (PostgreSQL's clock, the same machine), i.e. commit, publish, the gateway and
 * the HTTP hop (push) or the wait for the next poll and one read (poll).
 */
async function progressStreams(ctx: BenchContext): Promise<{
  push: LatencySummary & { updatesPerJob: number };
  poll: LatencySummary & { updatesPerJob: number };
  pollAnyPhase: LatencySummary & { updatesPerJob: number };
  renderMs: LatencySummary;
}> {
  const system = await startBenchSystem(ctx, {
    label: 'export',
    infra,
    logLevel: LOG_LEVEL,
    // The practice below asks the partner 26 times in a row: past coaching's per-user AI limit.
    env: { gateway: UNLIMITED_GATEWAY_ENV, coaching: { AI_CALLS_PER_USER_PER_MINUTE: '10000' } },
  });
  const user = await createUser(system, { email: `bench-export-${ctx.suffix}@example.com`, plan: 'premium' });
  const from = randomClientAddress();
  const request = (path: string, body?: unknown, accept = 'application/json') =>
    fetch(`${system.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'x-forwarded-for': from,
        accept,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000),
    });
  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await request(path, body);
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as T;
  };
  const scenarios =
    await api<Array<{ id: string; title: string; description: string; premium: boolean }>>(
      '/api/user/scenarios',
    );
  // A stored session of about 50 messages, played as the chat plays it: the learner's 25 lines of the
  // transcript, each answered by the partner (the server writes the opening and the replies).
  const learnerLines = (transcript(50) as { messages: Array<{ sender: string; content: string }> }).messages
    .filter((m) => m.sender === 'user')
    .map((m) => m.content);
  const session = {
    id: await practise(
      (path, body) => request(path, body),
      scenarios.find((sc) => !sc.premium)!,
      learnerLines,
      'tough',
    ),
  };
  const createJob = () => api<JobView>('/api/export/jobs', { session_id: session.id });
  const finishedAt = async (id: string) => {
    const [row] = await system.sql<{ finished: number; created: number }>(
      'export',
      `SELECT extract(epoch FROM finished_at) * 1000 AS finished, extract(epoch FROM created_at) * 1000 AS created
       FROM export_jobs WHERE id = $1 AND status = 'done'`,
      [id],
    );
    if (!row) throw new Error(`export ${id} is not done`);
    return { finished: Number(row.finished), created: Number(row.created) };
  };

  const push = async (): Promise<Heard & { id: string }> => {
    const job = await createJob();
    const res = await request(`/api/export/jobs/${job.id}/events`, undefined, 'text/event-stream');
    if (res.status !== 200 || !res.body) throw new Error(`events answered ${res.status}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let updates = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`the stream of ${job.id} ended before done`);
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (!block.startsWith('data: ')) continue;
        const event = JSON.parse(block.slice(6)) as Partial<JobView> & { error?: string | null };
        updates += 1;
        if (event.status === 'done') {
          const heard = Date.now();
          await reader.cancel().catch(() => undefined);
          return { id: job.id, lagMs: heard - (await finishedAt(job.id)).finished, updates };
        }
        if (event.status === 'failed' || (event.error && !event.status))
          throw new Error(`export ${job.id}: ${JSON.stringify(event)}`);
      }
    }
  };

  /** `firstWaitMs`: POLL_MS as the old stream did (opened right after the job was created). */
  const poll = async (firstWaitMs = POLL_MS): Promise<Heard & { id: string }> => {
    const job = await createJob();
    let last = '';
    let updates = 0;
    for (let wait = firstWaitMs; ; wait = POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      const seen = await api<JobView>(`/api/export/jobs/${job.id}`);
      const key = `${seen.status}:${seen.progress}`;
      if (key !== last) updates += 1;
      last = key;
      if (seen.status === 'done') {
        const heard = Date.now();
        return { id: job.id, lagMs: heard - (await finishedAt(job.id)).finished, updates };
      }
      if (seen.status === 'failed') throw new Error(`export ${job.id} failed`);
    }
  };

  // A 50-message job renders in well under POLL_MS, so the old stream heard "done" at its first read,
  // POLL_MS after it opened. A job finishing at a random point of the cycle (a long one) waits U(0, POLL_MS):
  // `pollAnyPhase` starts its cycle at a random offset to show that case.
  const pollAnyPhase = () => poll(Math.random() * POLL_MS);
  ctx.log(`warm-up: one job each way`);
  await push();
  await poll();
  ctx.log(
    `${STREAM_JOBS} jobs each way (50 messages): push, poll every ${POLL_MS} ms, the same at any phase`,
  );
  const pushed: Heard[] = [];
  const polled: Heard[] = [];
  const polledAnyPhase: Heard[] = [];
  const renders: number[] = [];
  for (let i = 0; i < STREAM_JOBS; i++) {
    for (const [way, into] of [
      [push, pushed],
      [() => poll(), polled],
      [pollAnyPhase, polledAnyPhase],
    ] as const) {
      const heard = await way();
      into.push(heard);
      const times = await finishedAt(heard.id);
      renders.push(times.finished - times.created);
    }
  }
  const summary = (list: Heard[]) => ({
    ...latencySummary(list.map((h) => h.lagMs)),
    updatesPerJob: round(list.reduce((n, h) => n + h.updates, 0) / list.length, 1),
  });
  return {
    push: summary(pushed),
    poll: summary(polled),
    pollAnyPhase: summary(polledAnyPhase),
    renderMs: latencySummary(renders),
  };
}

await runBench({ name: 'export', deadlineMs: 600_000 }, async (ctx) => {
  const dist = join(ROOT, 'dist');
  const { renderTranscriptPdf } = require(
    join(dist, 'apps/export/src/modules/pdf/transcript-pdf.js'),
  ) as Renderer;
  const { exportPdfBodySchema } = require(join(dist, 'libs/contracts/src/index.js')) as Contracts;

  const render = async (count: number) => {
    const body = exportPdfBodySchema.parse(transcript(count));
    await renderTranscriptPdf(body); // warm-up: fonts, glyph tables, JIT
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RENDERS; i++) {
      const started = performance.now();
      bytes = (await renderTranscriptPdf(body)).length;
      samples.push(performance.now() - started);
    }
    return { messages: count, renders: RENDERS, bytes, ...stats(samples) };
  };
  ctx.log(`rendering 50 and 1,000 messages, ${RENDERS} times each`);
  const renders = [await render(50), await render(1000)];

  ctx.log(`${JOBS} jobs of 50 messages through one worker (concurrency ${CONCURRENCY})`);
  const connection = { url: infra.redisUrl };
  const prefix = `bench-export-${ctx.suffix}`;
  const queue = new Queue('export-pdf', { connection, prefix });
  const events = new QueueEvents('export-pdf', { connection, prefix });
  ctx.onCleanup(async () => {
    await queue.obliterate({ force: true }).catch(() => undefined);
    await Promise.allSettled([queue.close(), events.close()]);
  });
  await events.waitUntilReady();
  const body = exportPdfBodySchema.parse(transcript(50));
  await queue.addBulk(Array.from({ length: JOBS }, () => ({ name: 'render-transcript', data: body })));
  let completed = 0;
  const allDone = new Promise<void>((resolve) =>
    events.on('completed', () => {
      if (++completed === JOBS) resolve();
    }),
  );
  const started = performance.now();
  const worker = new Worker(
    'export-pdf',
    async (job) => {
      const pdf = await renderTranscriptPdf(job.data);
      return { pdfBase64: pdf.toString('base64'), bytes: pdf.length };
    },
    { connection, prefix, concurrency: CONCURRENCY },
  );
  ctx.onCleanup(() => worker.close());
  await allDone;
  const seconds = (performance.now() - started) / 1000;
  const jobsPerMinute = round((JOBS / seconds) * 60, 0);

  console.log(
    table([
      ['transcript', 'renders', 'PDF bytes', 'mean ms', 'p50 ms', 'max ms'],
      ...renders.map((r) => [
        `${r.messages} messages`,
        String(r.renders),
        String(r.bytes),
        String(r.meanMs),
        String(r.p50Ms),
        String(r.maxMs),
      ]),
    ]),
  );
  console.log(
    table([
      ['jobs', 'seconds', 'jobs/minute (one worker)'],
      [String(JOBS), String(round(seconds, 2)), String(jobsPerMinute)],
    ]),
  );
  let streams: Awaited<ReturnType<typeof progressStreams>> | undefined;
  if (!SKIP_STREAM) {
    await worker.close();
    streams = await progressStreams(ctx);
    const row = (way: string, r: LatencySummary & { updatesPerJob: number }) => [
      way,
      String(r.count),
      String(round(r.meanMs, 1)),
      String(round(r.p50Ms, 1)),
      String(round(r.p95Ms, 1)),
      String(round(r.maxMs, 1)),
      String(r.updatesPerJob),
    ];
    console.log(
      table([
        ['job finished → client hears done', 'jobs', 'mean ms', 'p50 ms', 'p95 ms', 'max ms', 'updates/job'],
        row('after: push (SSE stream)', streams.push),
        row(`before: poll every ${POLL_MS} ms`, streams.poll),
        row(`before, finishing at any phase`, streams.pollAnyPhase),
      ]),
    );
    console.log(
      `render (created_at → finished_at, queue wait included): p50 ${round(streams.renderMs.p50Ms, 1)} ms, p95 ${round(streams.renderMs.p95Ms, 1)} ms`,
    );
  }
  const file = ctx.writeResults({
    ...(streams ? { progressStream: { pollMs: POLL_MS, ...streams } } : {}),
    renders,
    worker: {
      jobs: JOBS,
      messagesPerJob: 50,
      concurrency: CONCURRENCY,
      seconds: round(seconds, 2),
      jobsPerMinute,
    },
    machine: machineInfo(),
  });
  ctx.log(`results in ${file}`);
  return true;
});
