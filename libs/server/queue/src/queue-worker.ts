import { hostname } from 'node:os';
import {
  DelayedError,
  RateLimitError,
  UnrecoverableError,
  WaitingChildrenError,
  WaitingError,
  Worker,
  type Job,
  type RateLimiterOptions,
} from 'bullmq';
import { silentLog, type QueueConnectionOptions, type QueueLog } from './queue-connection';
import {
  parsePayload,
  type JobName,
  type JobPayload,
  type JobResultInput,
  type QueueDefinition,
  type QueueJob,
} from './queue-definition';
import { InvalidJobPayloadError } from './queue.errors';
import { queueMetrics } from './queue.metrics';

/** One function per job of the queue; the job is BullMQ's, for `updateProgress`, `log` and the like. */
export type JobHandlers<D extends QueueDefinition> = {
  [N in JobName<D>]: (payload: JobPayload<D, N>, job: QueueJob<D, N>) => Promise<JobResultInput<D, N>>;
};

/**
 * How a dead worker's job comes back (BullMQ's stalled-job mechanism). A worker holds a lock on each job
 * it runs and renews it every lockDuration / 2 (a renewal also clears the job's "suspect" mark). Every
 * stalledInterval one worker of the queue runs the stalled check: active jobs that were marked at the
 * previous check and have no lock any more go back to wait; then every active job is marked. So a job
 * whose worker was SIGKILLed, OOM-killed or lost its node is picked up again by another worker between
 * lockDuration / 2 and lockDuration + stalledInterval after the death (15–45 s with these values),
 * without spending one of its `attempts` (its `stalledCounter` goes up instead).
 *
 * - lockDuration 30 s: a handler may block the event loop (PDF rendering is CPU work) for up to ~15 s
 *   without its lock lapsing and the job being taken for dead while it still runs (a double run).
 *   Long CPU-bound work should yield or run in a sandboxed processor.
 * - stalledInterval 15 s: the check is one small Lua script; twice per lock period keeps recovery prompt.
 * - maxStalledCount 2: a job may be recovered twice (a crash plus a rolling deploy that outlived the
 *   grace period); the third time it is failed ("job stalled more than allowable limit"), so a job
 *   that kills its worker every time (out of memory, say) cannot take the fleet down in a loop.
 *
 * Handlers must therefore be idempotent: a job can run more than once if its worker dies mid-job.
 */
export const STALLED_JOB_SETTINGS = {
  lockDuration: 30_000,
  stalledInterval: 15_000,
  maxStalledCount: 2,
} as const;

export interface QueueWorkerOptions extends QueueConnectionOptions {
  /** Jobs this worker runs at once (default 1). */
  concurrency?: number;
  lockDuration?: number;
  stalledInterval?: number;
  maxStalledCount?: number;
  limiter?: RateLimiterOptions;
  /** Start taking jobs at once (default true); otherwise call `run()`. */
  autorun?: boolean;
  log?: QueueLog;
}

/** Throws unless the handler map covers every job of the definition and nothing else. */
export function assertHandlers(definition: QueueDefinition, handlers: Record<string, unknown>): void {
  for (const jobName of definition.jobNames) {
    if (typeof handlers[jobName] !== 'function')
      throw new Error(`Queue "${definition.name}": no handler for job "${jobName}"`);
  }
  for (const jobName of Object.keys(handlers)) {
    if (!definition.jobNames.includes(jobName))
      throw new Error(`Queue "${definition.name}": handler for unknown job "${jobName}"`);
  }
}

/** BullMQ signals (move to delayed, wait for children, rate limit): control flow, not failures. */
function isBullMqSignal(error: unknown): boolean {
  return (
    error instanceof DelayedError ||
    error instanceof WaitingChildrenError ||
    error instanceof RateLimitError ||
    error instanceof WaitingError
  );
}

function willRetry(job: Job, error: unknown): boolean {
  if (error instanceof UnrecoverableError || (error as Error | undefined)?.name === 'UnrecoverableError')
    return false;
  return job.attemptsMade + 1 < (job.opts.attempts ?? 1);
}

/**
 * The function BullMQ runs for each job: finds the handler by job name, validates the stored payload
 * (a job whose data does not match fails with UnrecoverableError and is never retried), runs the
 * handler and records metrics. Exported for unit tests.
 */
export function createProcessor(
  definition: QueueDefinition,
  handlers: Record<string, (payload: unknown, job: Job) => Promise<unknown>>,
  log: QueueLog = silentLog,
): (job: Job) => Promise<unknown> {
  const queue = definition.name;
  return async (job: Job) => {
    const labels = { queue, job: job.name };
    const context = { queue, job: job.name, jobId: job.id, attempt: job.attemptsMade + 1 };
    const handler = definition.jobNames.includes(job.name) ? handlers[job.name] : undefined;
    if (!handler) {
      queueMetrics.failed.inc({ ...labels, final: 'true' });
      log('error', 'job without a handler', context);
      throw new UnrecoverableError(`Queue "${queue}": no handler for job "${job.name}"`);
    }
    let payload: unknown;
    try {
      payload = parsePayload(definition, job.name, job.data);
    } catch (error) {
      if (!(error instanceof InvalidJobPayloadError)) throw error;
      queueMetrics.failed.inc({ ...labels, final: 'true' });
      log('error', 'job payload failed validation', { ...context, error: error.message });
      throw new UnrecoverableError(error.message);
    }
    const stopTimer = queueMetrics.duration.startTimer(labels);
    try {
      const result = await handler(payload, job);
      stopTimer({ outcome: 'completed' });
      queueMetrics.completed.inc(labels);
      return result;
    } catch (error) {
      if (isBullMqSignal(error)) throw error;
      stopTimer({ outcome: 'failed' });
      const retry = willRetry(job, error);
      queueMetrics.failed.inc({ ...labels, final: String(!retry) });
      log(retry ? 'warn' : 'error', retry ? 'job attempt failed, will retry' : 'job failed', {
        ...context,
        error: (error as Error | undefined)?.message ?? String(error),
      });
      throw error;
    }
  };
}

/**
 * Consumer side of one queue (one per `<queue>.processor.ts`). Checks at construction that every job of
 * the definition has a handler and no handler is unknown, so a missing handler fails at start, loudly.
 */
export class QueueWorker<D extends QueueDefinition> {
  readonly worker: Worker;
  private running = 0;

  constructor(
    readonly definition: D,
    handlers: JobHandlers<D>,
    options: QueueWorkerOptions,
  ) {
    assertHandlers(definition, handlers);
    const log = options.log ?? silentLog;
    const processor = createProcessor(
      definition,
      handlers as unknown as Record<string, (payload: unknown, job: Job) => Promise<unknown>>,
      log,
    );
    const counted = async (job: Job) => {
      this.running += 1;
      try {
        return await processor(job);
      } finally {
        this.running -= 1;
      }
    };
    this.worker = new Worker(definition.name, counted, {
      connection: options.connection,
      prefix: options.prefix,
      name: `${hostname()}:${process.pid}`,
      concurrency: options.concurrency ?? 1,
      lockDuration: options.lockDuration ?? STALLED_JOB_SETTINGS.lockDuration,
      stalledInterval: options.stalledInterval ?? STALLED_JOB_SETTINGS.stalledInterval,
      maxStalledCount: options.maxStalledCount ?? STALLED_JOB_SETTINGS.maxStalledCount,
      limiter: options.limiter,
      autorun: options.autorun ?? true,
    });
    this.worker.on('error', (error) => log('error', `worker ${definition.name}: ${error.message}`));
    this.worker.on('stalled', (jobId) => {
      queueMetrics.stalled.inc({ queue: definition.name });
      log('warn', 'stalled job moved back to wait (its worker stopped renewing the lock)', {
        queue: definition.name,
        jobId,
      });
    });
  }

  get name(): string {
    return this.definition.name;
  }

  /** Jobs this worker is running right now. */
  get active(): number {
    return this.running;
  }

  /** Starts taking jobs when the worker was created with `autorun: false`; a no-op when already running. */
  run(): void {
    if (this.worker.isRunning()) return;
    this.worker.run().catch((error: unknown) => this.worker.emit('error', error as Error));
  }

  waitUntilReady(): Promise<unknown> {
    return this.worker.waitUntilReady();
  }

  /**
   * Stops taking jobs and resolves once the active ones have finished (`force` abandons them; their
   * locks lapse and the stalled check gives them to another worker).
   */
  close(force = false): Promise<void> {
    return this.worker.close(force);
  }
}
