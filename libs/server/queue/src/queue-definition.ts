import type { DefaultJobOptions, Job, JobsOptions } from 'bullmq';
import type { z } from 'zod';
import { InvalidJobPayloadError, UnknownJobError } from './queue.errors';

/**
 * One job of a queue: the payload schema, optionally the schema of what the handler returns (for jobs that
 * are awaited with `addAndWait`), and options that apply to this job only (for example `attempts: 1`).
 * A bare zod schema is shorthand for `{ payload: schema }`.
 */
export interface JobSpec<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  payload: P;
  result?: R;
  options?: JobsOptions;
}

export type JobMap = Record<string, z.ZodType | JobSpec>;

interface NormalizedJobSpec {
  payload: z.ZodType;
  result?: z.ZodType;
  options: JobsOptions;
}

/**
 * What every job gets unless its queue or the call says otherwise:
 * - 5 attempts, exponential backoff from 2 s with 20 % jitter (about 2, 4, 8, 16 s between attempts, so a
 *   dependency that is down for half a minute costs no job, and retries of many jobs do not line up);
 * - completed jobs kept 1 day / at most 1,000 (enough to look at, bounded in Redis);
 * - failed jobs kept 7 days / at most 5,000 (time to inspect and retry by hand).
 */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000, jitter: 0.2 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 5_000 },
};

export interface QueueDefinition<M extends JobMap = JobMap> {
  readonly name: string;
  readonly jobs: M;
  readonly jobNames: readonly string[];
  /** Library defaults with the queue's own `defaultJobOptions` on top. */
  readonly defaultJobOptions: DefaultJobOptions;
}

type JobsOf<D> = D extends QueueDefinition<infer M> ? M : never;
type PayloadSchemaOf<S> = S extends z.ZodType
  ? S
  : S extends { payload: infer P extends z.ZodType }
    ? P
    : never;
type ResultSchemaOf<S> = S extends z.ZodType
  ? undefined
  : S extends { result: infer R extends z.ZodType }
    ? R
    : undefined;

export type JobName<D extends QueueDefinition> = keyof JobsOf<D> & string;
/** What a producer passes to `add` (before zod defaults and coercions). */
export type JobPayloadInput<D extends QueueDefinition, N extends JobName<D>> = z.input<
  PayloadSchemaOf<JobsOf<D>[N]>
>;
/** What a handler receives (after validation). */
export type JobPayload<D extends QueueDefinition, N extends JobName<D>> = z.output<
  PayloadSchemaOf<JobsOf<D>[N]>
>;
/** What a handler returns; `unknown` when the job declares no result schema. */
export type JobResultInput<D extends QueueDefinition, N extends JobName<D>> =
  ResultSchemaOf<JobsOf<D>[N]> extends z.ZodType ? z.input<ResultSchemaOf<JobsOf<D>[N]>> : unknown;
/** What `addAndWait` resolves with; `unknown` when the job declares no result schema. */
export type JobResult<D extends QueueDefinition, N extends JobName<D>> =
  ResultSchemaOf<JobsOf<D>[N]> extends z.ZodType ? z.output<ResultSchemaOf<JobsOf<D>[N]>> : unknown;

export type QueueJob<D extends QueueDefinition, N extends JobName<D> = JobName<D>> = Job<
  JobPayload<D, N>,
  JobResultInput<D, N>,
  N
>;

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const specs = new WeakMap<object, Map<string, NormalizedJobSpec>>();

function isSchema(value: unknown): value is z.ZodType {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { safeParse?: unknown }).safeParse === 'function'
  );
}

/**
 * Declares a queue and its typed job map, once, next to the contract that uses it:
 *
 * ```ts
 * export const emailQueue = defineQueue({
 *   name: 'email',
 *   jobs: { 'send-confirmation-email': z.object({ to: z.email(), link: z.url() }) },
 * });
 * ```
 *
 * Queue and job names are short tokens (letters, digits, `.`, `_`, `-`); BullMQ keys use `:` as separator.
 */
export function defineQueue<const M extends JobMap>(input: {
  name: string;
  jobs: M;
  defaultJobOptions?: DefaultJobOptions;
}): QueueDefinition<M> {
  if (!NAME.test(input.name)) throw new Error(`Queue name "${input.name}" must match ${NAME}`);
  const normalized = new Map<string, NormalizedJobSpec>();
  for (const [jobName, spec] of Object.entries(input.jobs)) {
    if (!NAME.test(jobName))
      throw new Error(`Queue "${input.name}": job name "${jobName}" must match ${NAME}`);
    if (isSchema(spec)) normalized.set(jobName, { payload: spec, options: {} });
    else if (spec && isSchema(spec.payload) && (spec.result === undefined || isSchema(spec.result)))
      normalized.set(jobName, { payload: spec.payload, result: spec.result, options: spec.options ?? {} });
    else
      throw new Error(`Queue "${input.name}": job "${jobName}" needs a zod schema or { payload, result? }`);
  }
  if (normalized.size === 0) throw new Error(`Queue "${input.name}" declares no jobs`);
  const definition: QueueDefinition<M> = Object.freeze({
    name: input.name,
    jobs: input.jobs,
    jobNames: Object.freeze([...normalized.keys()]),
    defaultJobOptions: Object.freeze({ ...DEFAULT_JOB_OPTIONS, ...input.defaultJobOptions }),
  });
  specs.set(definition, normalized);
  return definition;
}

export function jobSpec(definition: QueueDefinition, jobName: string): NormalizedJobSpec {
  const spec = specs.get(definition)?.get(jobName);
  if (!spec) throw new UnknownJobError(definition.name, jobName);
  return spec;
}

export function parsePayload(definition: QueueDefinition, jobName: string, payload: unknown): unknown {
  const result = jobSpec(definition, jobName).payload.safeParse(payload);
  if (!result.success) throw new InvalidJobPayloadError(definition.name, jobName, result.error);
  return result.data;
}

export interface PreparedJob {
  name: string;
  data: unknown;
  opts: JobsOptions;
}

/**
 * Validates a payload and works out the job's options (library defaults < queue defaults < job spec < call).
 * Throws InvalidJobPayloadError, so a bad payload never reaches Redis. The validated (parsed) payload is
 * what gets stored: payload schemas must describe plain JSON and accept their own output again, because
 * the worker validates the stored data once more.
 */
export function prepareJob(
  definition: QueueDefinition,
  jobName: string,
  payload: unknown,
  opts: JobsOptions = {},
): PreparedJob {
  const data = parsePayload(definition, jobName, payload);
  const spec = jobSpec(definition, jobName);
  return { name: jobName, data, opts: { ...definition.defaultJobOptions, ...spec.options, ...opts } };
}
