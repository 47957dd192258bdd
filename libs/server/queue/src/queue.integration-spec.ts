import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { HealthRegistry } from '@parley/server-observability';
import { testEnv, uniqueSuffix, waitFor } from '@parley/server-testing';
import { QueueClient } from './queue-client';
import { queueConnection } from './queue-connection';
import { defineQueue } from './queue-definition';
import { QueueWorker, type QueueWorkerOptions } from './queue-worker';
import { InvalidJobPayloadError, QueueJobFailedError, QueueJobTimeoutError } from './queue.errors';
import { queueMetrics } from './queue.metrics';
import { QueueFactory, QueueModule } from './queue.module';

/** Short locks so a dead worker's job is recovered within about two seconds. */
const FAST_STALL = { lockDuration: 1_000, stalledInterval: 500, maxStalledCount: 1 };
const prefix = `test-${uniqueSuffix()}`;
const connection = queueConnection(testEnv.redisUrl, prefix);
const workerOptions: QueueWorkerOptions = { ...connection, ...FAST_STALL };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let queueCount = 0;
/** A queue of its own for each test, under this run's prefix. */
function exportQueue(defaultJobOptions = {}) {
  return defineQueue({
    name: `export-${++queueCount}`,
    jobs: {
      'render-pdf': {
        payload: z.object({ exportId: z.string().min(1), pages: z.number().int().positive() }),
        result: z.object({ exportId: z.string(), bytes: z.number() }),
      },
      'send-link': z.object({ exportId: z.string().min(1) }),
    },
    defaultJobOptions,
  });
}

async function metricValue(
  metric: { get(): Promise<{ values: Array<{ labels: object; value: number }> }> },
  labels: object,
): Promise<number> {
  const { values } = await metric.get();
  return values.find((v) => JSON.stringify(v.labels) === JSON.stringify(labels))?.value ?? 0;
}

describe('queues against the real Redis', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  const track = <T extends { close(): Promise<unknown> }>(resource: T): T => {
    cleanups.push(() => resource.close());
    return resource;
  };

  afterEach(async () => {
    while (cleanups.length)
      await cleanups
        .pop()?.()
        .catch(() => undefined);
  });

  afterAll(async () => {
    const redis = new Redis(testEnv.redisUrl);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
  });

  it('runs a job and returns its result through addAndWait, passing progress through', async () => {
    const def = exportQueue();
    const client = track(new QueueClient(def, connection));
    track(
      new QueueWorker(
        def,
        {
          'render-pdf': async (payload, job) => {
            await job.updateProgress(50);
            return { exportId: payload.exportId, bytes: payload.pages * 1000 };
          },
          'send-link': async () => undefined,
        },
        workerOptions,
      ),
    );
    const labels = { queue: def.name, job: 'render-pdf' };
    const before = await metricValue(queueMetrics.completed, labels);

    const result = await client.addAndWait('render-pdf', { exportId: 'e1', pages: 3 }, 10_000, {
      jobId: 'render-e1',
    });

    expect(result).toEqual({ exportId: 'e1', bytes: 3000 });
    const job = await client.getJob('render-e1');
    expect(job?.progress).toBe(50);
    expect(await job?.getState()).toBe('completed');
    expect(await metricValue(queueMetrics.completed, labels)).toBe(before + 1);
    const durations = (await queueMetrics.duration.get()).values.filter(
      (v) =>
        v.labels.queue === def.name &&
        v.labels.outcome === 'completed' &&
        (v as { metricName?: string }).metricName?.endsWith('_count'),
    );
    expect(durations[0]?.value).toBe(1);
  });

  it('refuses an invalid payload at add time, enqueueing nothing', async () => {
    const def = exportQueue();
    const client = track(new QueueClient(def, connection));

    await expect(client.add('render-pdf', { exportId: 'e1', pages: -1 })).rejects.toThrow(
      InvalidJobPayloadError,
    );
    await expect(client.add('render-pdf', { exportId: '' } as never)).rejects.toThrow(
      /^Queue "export-\d+": invalid payload for job "render-pdf": exportId: .*; pages: /,
    );
    await expect(client.addAndWait('send-link', {} as never, 1_000)).rejects.toThrow(InvalidJobPayloadError);

    const counts = await client.queue.getJobCounts();
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
  });

  it('retries a failing job with exponential backoff, then fails it for good', async () => {
    const def = exportQueue({ attempts: 3, backoff: { type: 'exponential', delay: 200 } });
    const client = track(new QueueClient(def, connection));
    const attempts: Array<{ at: number; attemptsMade: number }> = [];
    track(
      new QueueWorker(
        def,
        {
          'render-pdf': async () => ({ exportId: 'never', bytes: 0 }),
          'send-link': async (_payload, job) => {
            attempts.push({ at: Date.now(), attemptsMade: job.attemptsMade });
            throw new Error('smtp down');
          },
        },
        workerOptions,
      ),
    );
    const failed = (final: string) =>
      metricValue(queueMetrics.failed, { queue: def.name, job: 'send-link', final });

    const waiting = client.addAndWait('send-link', { exportId: 'e2' }, 20_000, { jobId: 'link-e2' });

    await expect(waiting).rejects.toThrow(QueueJobFailedError);
    await expect(waiting).rejects.toThrow(
      /^Queue "export-\d+": job "send-link" \(id link-e2\) failed: smtp down$/,
    );
    expect(attempts.map((a) => a.attemptsMade)).toEqual([0, 1, 2]);
    const [first, second, third] = attempts.map((a) => a.at) as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(190); // 200 ms
    expect(third - second).toBeGreaterThanOrEqual(390); // 400 ms: the delay doubles
    const job = await client.getJob('link-e2');
    expect(await job?.getState()).toBe('failed');
    expect(job?.attemptsMade).toBe(3);
    expect(await failed('false')).toBe(2);
    expect(await failed('true')).toBe(1);
  });

  it('fails a job whose stored data does not match its schema once, without retrying it', async () => {
    const def = exportQueue({ attempts: 5, backoff: { type: 'fixed', delay: 10 } });
    const client = track(new QueueClient(def, connection));
    const handler = jest.fn(async () => undefined);
    track(
      new QueueWorker(
        def,
        { 'render-pdf': async () => ({ exportId: '', bytes: 0 }), 'send-link': handler },
        workerOptions,
      ),
    );

    // A producer that bypassed validation (another version of the code, a hand-made job).
    const job = await client.queue.add('send-link', { exportId: 42 }, { attempts: 5 });

    await waitFor(async () => ((await job.getState()) === 'failed' ? true : undefined), 10_000, 50);
    const stored = await client.getJob(job.id as string);
    expect(stored?.attemptsMade).toBe(1);
    expect(stored?.failedReason).toMatch(
      /^Queue "export-\d+": invalid payload for job "send-link": exportId: /,
    );
    expect(handler).not.toHaveBeenCalled();
  });

  it('de-duplicates jobs added twice with the same deterministic jobId', async () => {
    const def = exportQueue();
    const client = track(new QueueClient(def, connection));
    const runs: string[] = [];
    const worker = track(
      new QueueWorker(
        def,
        {
          'render-pdf': async () => ({ exportId: '', bytes: 0 }),
          'send-link': async (payload) => {
            runs.push(payload.exportId);
          },
        },
        { ...workerOptions, autorun: false },
      ),
    );

    const first = await client.add('send-link', { exportId: 'e3' }, { jobId: 'link-e3' });
    const second = await client.add('send-link', { exportId: 'e3' }, { jobId: 'link-e3' });
    expect(second.id).toBe(first.id);
    expect(await client.queue.getWaitingCount()).toBe(1);

    worker.run();
    await waitFor(async () => ((await first.getState()) === 'completed' ? true : undefined), 10_000, 50);
    await sleep(200);
    expect(runs).toEqual(['e3']);
  });

  it('rejects addAndWait with a clear timeout error, leaving the job to finish', async () => {
    const def = exportQueue();
    const client = track(new QueueClient(def, connection));
    track(
      new QueueWorker(
        def,
        {
          'render-pdf': async (payload) => {
            await sleep(1_200);
            return { exportId: payload.exportId, bytes: 1 };
          },
          'send-link': async () => undefined,
        },
        workerOptions,
      ),
    );

    const waiting = client.addAndWait('render-pdf', { exportId: 'e4', pages: 1 }, 300, {
      jobId: 'render-e4',
    });

    await expect(waiting).rejects.toThrow(QueueJobTimeoutError);
    await expect(waiting).rejects.toThrow(
      /^Queue "export-\d+": job "render-pdf" \(id render-e4\) did not finish within 300 ms$/,
    );
    const job = await client.getJob('render-e4');
    expect(await job?.getState()).toBe('active'); // the caller was answered while the job still ran
    await waitFor(async () => ((await job?.getState()) === 'completed' ? true : undefined), 10_000, 50);
  });

  it('closes a worker gracefully: close() waits for the active job to finish', async () => {
    const def = exportQueue();
    const client = track(new QueueClient(def, connection));
    let started = false;
    let finished = false;
    const worker = new QueueWorker(
      def,
      {
        'render-pdf': async () => ({ exportId: '', bytes: 0 }),
        'send-link': async () => {
          started = true;
          await sleep(500);
          finished = true;
        },
      },
      workerOptions,
    );
    const job = await client.add('send-link', { exportId: 'e5' });
    await waitFor(() => started || undefined, 10_000, 10);

    await worker.close();

    expect(finished).toBe(true);
    expect(await job.getState()).toBe('completed');
  });

  it('gives the job of a worker killed mid-job to another worker, which completes it exactly once', async () => {
    const def = exportQueue();
    const client = track(new QueueClient(def, connection));
    const stalledBefore = await metricValue(queueMetrics.stalled, { queue: def.name });
    const job = await client.add('render-pdf', { exportId: 'e6', pages: 2 }, { jobId: 'render-e6' });

    // A real second process running QueueWorker, whose handler never returns; SIGKILL gives it no chance to clean up.
    const child = spawnKillableWorker(def.name);
    cleanups.push(async () => child.kill('SIGKILL'));
    await child.picked;
    expect(await job.getState()).toBe('active');
    child.process.kill('SIGKILL');
    await new Promise((resolve) => child.process.once('exit', resolve));

    const runs: string[] = [];
    const survivor = track(
      new QueueWorker(
        def,
        {
          'render-pdf': async (payload, j) => {
            runs.push(`${payload.exportId}:${j.id}`);
            return { exportId: payload.exportId, bytes: 2 };
          },
          'send-link': async () => undefined,
        },
        workerOptions,
      ),
    );

    await waitFor(async () => ((await job.getState()) === 'completed' ? true : undefined), 15_000, 50);
    await sleep(3 * FAST_STALL.stalledInterval); // further stalled checks must not bring it back
    const done = await client.getJob('render-e6');
    expect(runs).toEqual(['e6:render-e6']);
    expect(done?.returnvalue).toEqual({ exportId: 'e6', bytes: 2 });
    expect(done?.stalledCounter).toBe(1);
    expect(done?.attemptsMade).toBe(1); // a stall does not use up one of the job's attempts
    expect(done?.processedBy).toBe(survivor.worker.opts.name);
    expect(await metricValue(queueMetrics.stalled, { queue: def.name })).toBe(stalledBefore + 1);
  });

  it('exports each queue’s depth by state at scrape time (the backlog KEDA scales the workers on)', async () => {
    const def = exportQueue();
    const client = track(new QueueClient(def, connection));
    for (let i = 0; i < 3; i++) await client.add('send-link', { exportId: `e${i}` });
    await client.add('send-link', { exportId: 'later' }, { delay: 60_000 });
    const depth = (state: string) => metricValue(queueMetrics.depth, { queue: def.name, state });
    expect([await depth('wait'), await depth('delayed'), await depth('active')]).toEqual([3, 1, 0]);
    // The key KEDA's Redis scaler reads holds the same backlog.
    const redis = new Redis(testEnv.redisUrl);
    expect(await redis.llen(`${prefix}:${def.name}:wait`)).toBe(3);
    await redis.quit();

    track(
      new QueueWorker(
        def,
        { 'render-pdf': async () => ({ exportId: '', bytes: 0 }), 'send-link': async () => undefined },
        workerOptions,
      ),
    );
    await waitFor(async () => (await depth('wait')) === 0, 20_000);
    await client.close();
    // A closed client's queue is no longer reported.
    const { values } = await queueMetrics.depth.get();
    expect(values.filter((v) => v.labels.queue === def.name)).toEqual([]);
  });

  it('QueueModule hands out clients and workers, reports readiness and drains workers on shutdown', async () => {
    @Global()
    @Module({ providers: [HealthRegistry], exports: [HealthRegistry] })
    class HealthTestModule {}

    const def = exportQueue();
    const moduleRef = await Test.createTestingModule({
      imports: [HealthTestModule, QueueModule.forRoot({ redisUrl: testEnv.redisUrl, prefix })],
    }).compile();
    const factory = moduleRef.get(QueueFactory);
    let finished = false;
    const worker = factory.worker(def, {
      'render-pdf': async (payload) => ({ exportId: payload.exportId, bytes: 7 }),
      'send-link': async () => {
        await sleep(300);
        finished = true;
      },
    });
    expect(worker.worker.isRunning()).toBe(false); // not before the application has bootstrapped
    expect(() =>
      factory.worker(def, { 'render-pdf': async () => ({ exportId: '', bytes: 0 }) } as never),
    ).toThrow(/^Queue "export-\d+": no handler for job "send-link"$/);
    await moduleRef.init();

    const client = factory.client(def);
    expect(factory.client(def)).toBe(client);
    await expect(client.addAndWait('render-pdf', { exportId: 'e7', pages: 1 }, 10_000)).resolves.toEqual({
      exportId: 'e7',
      bytes: 7,
    });
    const readiness = await moduleRef.get(HealthRegistry).readiness();
    expect(readiness.checks['queue']).toEqual({ status: 'up' });

    const slow = await client.add('send-link', { exportId: 'e7' });
    await waitFor(async () => ((await slow.getState()) === 'active' ? true : undefined), 10_000, 10);
    await moduleRef.close();
    expect(finished).toBe(true);
    const check = track(new QueueClient(def, connection));
    expect(await (await check.getJob(slow.id as string))?.getState()).toBe('completed');
  });
});

/**
 * Starts `node` with a tiny CommonJS script that loads this library's TypeScript through swc and runs a
 * QueueWorker whose handler announces the job and then hangs.
 */
function spawnKillableWorker(queueName: string): {
  process: ChildProcess;
  picked: Promise<void>;
  kill(signal: NodeJS.Signals): void;
} {
  const script = `
    const fs = require('node:fs');
    const swc = require('@swc/core');
    require.extensions['.ts'] = (module, filename) => {
      const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
        filename, swcrc: false, module: { type: 'commonjs' },
        jsc: { target: 'es2023', parser: { syntax: 'typescript' }, transform: { useDefineForClassFields: false } },
      });
      module._compile(code, filename);
    };
    const { z } = require('zod');
    const { defineQueue } = require(process.env.QUEUE_SRC + '/queue-definition.ts');
    const { QueueWorker } = require(process.env.QUEUE_SRC + '/queue-worker.ts');
    const def = defineQueue({ name: process.env.QUEUE_NAME, jobs: {
      'render-pdf': z.object({ exportId: z.string(), pages: z.number() }),
      'send-link': z.object({ exportId: z.string() }),
    } });
    new QueueWorker(def, {
      'render-pdf': (payload, job) => { process.stdout.write('picked ' + job.id + '\\n'); return new Promise(() => {}); },
      'send-link': async () => undefined,
    }, { connection: { url: process.env.REDIS_URL }, prefix: process.env.QUEUE_PREFIX, ...JSON.parse(process.env.STALL) });
  `;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: path.resolve(__dirname, '../../../..'),
    env: {
      ...process.env,
      QUEUE_SRC: __dirname,
      QUEUE_NAME: queueName,
      QUEUE_PREFIX: prefix,
      REDIS_URL: testEnv.redisUrl,
      STALL: JSON.stringify(FAST_STALL),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const picked = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`child worker picked nothing within 20 s: ${stderr}`)),
      20_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('picked ')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child worker exited (${code}) before picking the job: ${stderr}`));
    });
  });
  return { process: child, picked, kill: (signal) => void (child.exitCode === null && child.kill(signal)) };
}
