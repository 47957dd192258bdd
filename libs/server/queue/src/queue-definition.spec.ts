import { z } from 'zod';
import {
  DEFAULT_JOB_OPTIONS,
  defineQueue,
  prepareJob,
  type JobPayload,
  type JobPayloadInput,
  type JobResult,
} from './queue-definition';
import { InvalidJobPayloadError, UnknownJobError } from './queue.errors';

const emailQueue = defineQueue({
  name: 'email',
  jobs: {
    'send-confirmation-email': z.object({ to: z.email(), link: z.url(), locale: z.string().default('en') }),
    'render-pdf': {
      payload: z.object({ exportId: z.uuid() }),
      result: z.object({ bytes: z.number().int() }),
      options: { attempts: 1 },
    },
  },
  defaultJobOptions: { attempts: 4 },
});

describe('defineQueue', () => {
  it('lists the job names and layers the queue defaults over the library defaults', () => {
    expect(emailQueue.jobNames).toEqual(['send-confirmation-email', 'render-pdf']);
    expect(emailQueue.defaultJobOptions).toEqual({ ...DEFAULT_JOB_OPTIONS, attempts: 4 });
  });

  it('has defaults that retry with exponential backoff and bound what Redis keeps', () => {
    expect(DEFAULT_JOB_OPTIONS.attempts).toBeGreaterThan(1);
    expect(DEFAULT_JOB_OPTIONS.backoff).toMatchObject({ type: 'exponential' });
    expect(DEFAULT_JOB_OPTIONS.removeOnComplete).toMatchObject({
      count: expect.any(Number),
      age: expect.any(Number),
    });
    expect(DEFAULT_JOB_OPTIONS.removeOnFail).toMatchObject({
      count: expect.any(Number),
      age: expect.any(Number),
    });
  });

  it('refuses names BullMQ keys cannot carry, jobs without a schema and empty job maps', () => {
    expect(() => defineQueue({ name: 'a:b', jobs: { x: z.object({}) } })).toThrow('Queue name "a:b"');
    expect(() => defineQueue({ name: 'q', jobs: { 'x:y': z.object({}) } })).toThrow(
      'Queue "q": job name "x:y"',
    );
    expect(() => defineQueue({ name: 'q', jobs: { x: {} as never } })).toThrow(
      'Queue "q": job "x" needs a zod schema',
    );
    expect(() => defineQueue({ name: 'q', jobs: {} })).toThrow('Queue "q" declares no jobs');
  });

  it('types payloads, inputs and results from the schemas', () => {
    type Def = typeof emailQueue;
    const input: JobPayloadInput<Def, 'send-confirmation-email'> = {
      to: 'a@example.com',
      link: 'https://x.test/c',
    };
    const payload: JobPayload<Def, 'send-confirmation-email'> = { ...input, locale: 'en' };
    const result: JobResult<Def, 'render-pdf'> = { bytes: 1 };
    // @ts-expect-error the handler's payload has its defaults applied, so locale is required
    const missingLocale: JobPayload<Def, 'send-confirmation-email'> = input;
    // @ts-expect-error not a job of this queue
    const unknownJob: JobPayloadInput<Def, 'nope'> = {};
    expect([payload.locale, result.bytes, missingLocale, unknownJob]).toBeDefined();
  });
});

describe('prepareJob (what QueueClient.add does before touching Redis)', () => {
  it('refuses an invalid payload with a message naming the queue, the job and the field', () => {
    const attempt = () =>
      prepareJob(emailQueue, 'send-confirmation-email', { to: 'not-an-address', link: 'https://x.test/c' });
    expect(attempt).toThrow(InvalidJobPayloadError);
    expect(attempt).toThrow(/^Queue "email": invalid payload for job "send-confirmation-email": to: /);
  });

  it('refuses a job the definition does not declare', () => {
    expect(() => prepareJob(emailQueue, 'nope', {})).toThrow(UnknownJobError);
  });

  it('stores the parsed payload: defaults applied, unknown keys dropped', () => {
    const job = prepareJob(emailQueue, 'send-confirmation-email', {
      to: 'a@example.com',
      link: 'https://x.test/c',
      extra: 1,
    });
    expect(job.data).toEqual({ to: 'a@example.com', link: 'https://x.test/c', locale: 'en' });
  });

  it('layers options: library < queue < job spec < call, and passes a deterministic jobId through', () => {
    const email = prepareJob(
      emailQueue,
      'send-confirmation-email',
      { to: 'a@example.com', link: 'https://x.test/c' },
      { jobId: 'confirm-u1' },
    );
    expect(email.opts).toMatchObject({
      attempts: 4,
      backoff: DEFAULT_JOB_OPTIONS.backoff,
      jobId: 'confirm-u1',
    });
    const pdf = prepareJob(emailQueue, 'render-pdf', { exportId: '0197a7a0-0000-7000-8000-000000000001' });
    expect(pdf.opts.attempts).toBe(1);
    const overridden = prepareJob(
      emailQueue,
      'render-pdf',
      { exportId: '0197a7a0-0000-7000-8000-000000000001' },
      { attempts: 2, priority: 5 },
    );
    expect(overridden.opts).toMatchObject({
      attempts: 2,
      priority: 5,
      removeOnComplete: DEFAULT_JOB_OPTIONS.removeOnComplete,
    });
  });
});
