import { Queue, QueueEvents, type JobsOptions } from 'bullmq';
import { silentLog, type QueueConnectionOptions, type QueueLog } from './queue-connection';
import {
  jobSpec,
  prepareJob,
  type JobName,
  type JobPayloadInput,
  type JobResult,
  type QueueDefinition,
  type QueueJob,
} from './queue-definition';
import { QueueJobFailedError, QueueJobTimeoutError } from './queue.errors';
import { QUEUE_DEPTH_STATES, trackQueueDepth } from './queue.metrics';

/**
 * Per-call options. `jobId` makes a job idempotent: while a job with that id exists (waiting, active, or
 * kept after finishing, see removeOnComplete/removeOnFail), adding it again returns the existing job
 * instead of enqueueing a second one. Use a deterministic id such as `export-${exportId}`
 * (no `:`, not a bare integer).
 */
export type AddJobOptions = Omit<JobsOptions, 'repeat' | 'parent'>;

export interface QueueClientOptions extends QueueConnectionOptions {
  log?: QueueLog;
}

/** Producer side of one queue: validates every payload against the job map before it reaches Redis. */
export class QueueClient<D extends QueueDefinition> {
  /** The underlying BullMQ queue, for admin work (counts, clean, pause); `add` goes through this class. */
  readonly queue: Queue;
  private readonly log: QueueLog;
  private events?: Promise<QueueEvents>;
  private readonly untrackDepth: () => void;

  constructor(
    readonly definition: D,
    private readonly options: QueueClientOptions,
  ) {
    this.log = options.log ?? silentLog;
    this.queue = new Queue(definition.name, {
      connection: options.connection,
      prefix: options.prefix,
      defaultJobOptions: definition.defaultJobOptions,
    });
    this.queue.on('error', (error) => this.log('error', `queue ${definition.name}: ${error.message}`));
    this.untrackDepth = trackQueueDepth(async () => ({
      queue: definition.name,
      counts: await this.queue.getJobCounts(...QUEUE_DEPTH_STATES),
    }));
  }

  get name(): string {
    return this.definition.name;
  }

  /** Validates the payload (InvalidJobPayloadError, nothing enqueued) and enqueues the job. */
  async add<N extends JobName<D>>(
    jobName: N,
    payload: JobPayloadInput<D, N>,
    opts?: AddJobOptions,
  ): Promise<QueueJob<D, N>> {
    const job = prepareJob(this.definition, jobName, payload, opts);
    return (await this.queue.add(job.name, job.data, job.opts)) as QueueJob<D, N>;
  }

  /**
   * Request/response over the queue: enqueues the job and resolves with the handler's result (checked
   * against the job's result schema when it declares one). Rejects with QueueJobFailedError when the job
   * fails for good, or QueueJobTimeoutError after `timeoutMs` (counted from the call); a timed-out job is
   * left alone and may still complete.
   */
  async addAndWait<N extends JobName<D>>(
    jobName: N,
    payload: JobPayloadInput<D, N>,
    timeoutMs: number,
    opts?: AddJobOptions,
  ): Promise<JobResult<D, N>> {
    const prepared = prepareJob(this.definition, jobName, payload, opts);
    let jobId: string | undefined;
    const work = (async () => {
      const events = await this.listen();
      const job = await this.queue.add(prepared.name, prepared.data, prepared.opts);
      jobId = job.id;
      let value: unknown;
      try {
        // BullMQ's own ttl only cleans its listeners up; our timer below answers the caller first.
        value = await job.waitUntilFinished(events, timeoutMs + 1_000);
      } catch (error) {
        throw new QueueJobFailedError(this.name, jobName, job.id, (error as Error).message);
      }
      return this.checkResult(jobName, value);
    })();
    work.catch(() => undefined); // after a timeout nobody awaits `work` any more
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new QueueJobTimeoutError(this.name, jobName, jobId, timeoutMs)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async getJob<N extends JobName<D>>(jobId: string): Promise<QueueJob<D, N> | undefined> {
    return (await this.queue.getJob(jobId)) as QueueJob<D, N> | undefined;
  }

  async close(): Promise<void> {
    this.untrackDepth();
    const events = this.events;
    this.events = undefined;
    await events?.then((e) => e.close()).catch(() => undefined);
    await this.queue.close();
  }

  private checkResult<N extends JobName<D>>(jobName: N, value: unknown): JobResult<D, N> {
    const schema = jobSpec(this.definition, jobName).result;
    if (!schema) return value as JobResult<D, N>;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .map((i) => `${i.path.join('.') || 'result'}: ${i.message}`)
        .join('; ');
      throw new Error(
        `Queue "${this.name}": job "${jobName}" returned a result that does not match its schema: ${issues}`,
      );
    }
    return parsed.data as JobResult<D, N>;
  }

  /** One QueueEvents (its own blocking connection) per client, opened on the first addAndWait. */
  private listen(): Promise<QueueEvents> {
    this.events ??= (async () => {
      const events = new QueueEvents(this.definition.name, {
        connection: this.options.connection,
        prefix: this.options.prefix,
      });
      events.on('error', (error) =>
        this.log('error', `queue events ${this.definition.name}: ${error.message}`),
      );
      try {
        await events.waitUntilReady();
        return events;
      } catch (error) {
        this.events = undefined;
        await events.close().catch(() => undefined);
        throw error;
      }
    })();
    return this.events;
  }
}
