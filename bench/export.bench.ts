/**
 * Export: the time to render a 50-message and a 1,000-message transcript PDF (the renderer the export
 * worker runs, from dist/), and jobs per minute for one worker (BullMQ on the real Redis, concurrency 2
 * as in apps/export's ExportProcessor, 50-message transcripts, the result returned as base64 as in
 * production).
 *
 *   npx node bench/export.bench.ts   (BENCH_RENDERS, BENCH_JOBS)
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { infraFromEnv, machineInfo, numberFromEnv, ROOT, round, runBench, table } from './lib/harness.ts';

const RENDERS = Math.round(numberFromEnv('BENCH_RENDERS', 10, 3, 100));
const JOBS = Math.round(numberFromEnv('BENCH_JOBS', 200, 20, 2000));
const CONCURRENCY = 2;
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
  const file = ctx.writeResults({
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
