import { Counter, Histogram, register } from 'prom-client';

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
