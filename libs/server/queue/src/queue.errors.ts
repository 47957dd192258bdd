import type { z } from 'zod';

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`).join('; ');
}

/** A payload that does not match its job's schema: thrown by the producer, and the reason a worker fails a job. */
export class InvalidJobPayloadError extends Error {
  override readonly name = 'InvalidJobPayloadError';
  readonly issues: z.ZodError['issues'];

  constructor(
    readonly queue: string,
    readonly job: string,
    cause: z.ZodError,
  ) {
    super(`Queue "${queue}": invalid payload for job "${job}": ${describeIssues(cause)}`, { cause });
    this.issues = cause.issues;
  }
}

/** A job name the queue's definition does not declare. */
export class UnknownJobError extends Error {
  override readonly name = 'UnknownJobError';
  constructor(
    readonly queue: string,
    readonly job: string,
  ) {
    super(`Queue "${queue}": no job "${job}" in its definition`);
  }
}

/** `addAndWait` gave up waiting; the job itself may still run (and its result is kept as usual). */
export class QueueJobTimeoutError extends Error {
  override readonly name = 'QueueJobTimeoutError';
  constructor(
    readonly queue: string,
    readonly job: string,
    readonly jobId: string | undefined,
    readonly timeoutMs: number,
  ) {
    super(`Queue "${queue}": job "${job}" (id ${jobId ?? '?'}) did not finish within ${timeoutMs} ms`);
  }
}

/** The awaited job failed for good (after its retries); `reason` is the handler's error message. */
export class QueueJobFailedError extends Error {
  override readonly name = 'QueueJobFailedError';
  constructor(
    readonly queue: string,
    readonly job: string,
    readonly jobId: string | undefined,
    readonly reason: string,
  ) {
    super(`Queue "${queue}": job "${job}" (id ${jobId ?? '?'}) failed: ${reason}`);
  }
}
