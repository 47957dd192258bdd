import { Counter, Gauge, Histogram, register } from 'prom-client';

/** The BullMQ job states the depth gauge reports; `wait` is the backlog workers scale on (KEDA). */
export const QUEUE_DEPTH_STATES = ['wait', 'prioritized', 'delayed', 'active', 'paused', 'failed'] as const;
export type QueueDepthState = (typeof QUEUE_DEPTH_STATES)[number];

/** Reads the job counts of one queue (a QueueClient registers one per queue it holds). */
export type QueueDepthSource = () => Promise<{
  queue: string;
  counts: Partial<Record<QueueDepthState, number>>;
}>;
const depthSources = new Set<QueueDepthSource>();

/** Adds a queue to the depth gauge until the returned function is called (the client closes). */
export function trackQueueDepth(source: QueueDepthSource): () => void {
  depthSources.add(source);
  return () => depthSources.delete(source);
}

/** A scrape does not wait on an unreachable Redis for longer than this. */
const DEPTH_TIMEOUT_MS = 2000;

function once<T>(name: string, create: () => T): T {
  // A second copy of this module (tests, bundles) reuses the metric instead of failing to register it twice.
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

/** Registered once per process in prom-client's default registry, which /metrics exposes. */
export const queueMetrics = {
  completed: once(
    'parley_queue_jobs_completed_total',
    () =>
      new Counter({
        name: 'parley_queue_jobs_completed_total',
        help: 'Jobs a handler completed',
        labelNames: ['queue', 'job'],
      }),
  ),
  failed: once(
    'parley_queue_jobs_failed_total',
    () =>
      new Counter({
        name: 'parley_queue_jobs_failed_total',
        help: 'Failed job attempts; final="true" when the job will not be retried',
        labelNames: ['queue', 'job', 'final'],
      }),
  ),
  stalled: once(
    'parley_queue_jobs_stalled_total',
    () =>
      new Counter({
        name: 'parley_queue_jobs_stalled_total',
        help: 'Jobs whose worker died or hung, moved back to wait',
        labelNames: ['queue'],
      }),
  ),
  /**
   * Jobs per queue and state, read from Redis at every scrape (so every pod that holds the queue reports the
   * same numbers: aggregate with max, not sum). A queue whose counts cannot be read is left out of that
   * scrape rather than reported stale.
   */
  depth: once(
    'parley_queue_jobs',
    () =>
      new Gauge({
        name: 'parley_queue_jobs',
        help: 'Jobs in a queue by state (wait = the backlog), read from Redis at scrape time',
        labelNames: ['queue', 'state'],
        async collect() {
          this.reset();
          const read = [...depthSources].map((source) =>
            Promise.race([
              source(),
              new Promise<never>((_, reject) =>
                setTimeout(() => reject(new Error('timeout')), DEPTH_TIMEOUT_MS).unref(),
              ),
            ]),
          );
          for (const result of await Promise.allSettled(read)) {
            if (result.status !== 'fulfilled') continue;
            for (const state of QUEUE_DEPTH_STATES)
              this.set({ queue: result.value.queue, state }, result.value.counts[state] ?? 0);
          }
        },
      }),
  ),
  duration: once(
    'parley_queue_job_duration_seconds',
    () =>
      new Histogram({
        name: 'parley_queue_job_duration_seconds',
        help: 'Handler run time per attempt by queue, job and outcome',
        labelNames: ['queue', 'job', 'outcome'],
        buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      }),
  ),
};
