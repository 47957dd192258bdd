import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import { defineQueue } from './queue-definition';
import {
  assertHandlers,
  createProcessor,
  QueueWorker,
  STALLED_JOB_SETTINGS,
  type JobHandlers,
} from './queue-worker';
import { queueMetrics } from './queue.metrics';

const mailQueue = defineQueue({
  name: 'mail-unit',
  jobs: {
    'send-confirmation-email': z.object({ to: z.email() }),
    'send-digest': z.object({ userId: z.string().min(1) }),
  },
});

function fakeJob(name: string, data: unknown, attemptsMade = 0, attempts = 3): Job {
  return { id: '1', name, data, attemptsMade, opts: { attempts } } as unknown as Job;
}

async function metricValue(
  metric: { get(): Promise<{ values: Array<{ labels: object; value: number }> }> },
  labels: object,
): Promise<number> {
  const { values } = await metric.get();
  return values.find((v) => JSON.stringify(v.labels) === JSON.stringify(labels))?.value ?? 0;
}

describe('the handler map is checked at start', () => {
  const ok = async () => undefined;

  it('accepts exactly one handler per job', () => {
    expect(() =>
      assertHandlers(mailQueue, { 'send-confirmation-email': ok, 'send-digest': ok }),
    ).not.toThrow();
  });

  it('fails loudly when a job has no handler', () => {
    expect(() => assertHandlers(mailQueue, { 'send-confirmation-email': ok })).toThrow(
      new Error('Queue "mail-unit": no handler for job "send-digest"'),
    );
  });

  it('fails loudly on a handler for a job the queue does not declare', () => {
    expect(() =>
      assertHandlers(mailQueue, { 'send-confirmation-email': ok, 'send-digest': ok, 'send-sms': ok }),
    ).toThrow(new Error('Queue "mail-unit": handler for unknown job "send-sms"'));
  });

  it('QueueWorker refuses an incomplete handler map before it connects to anything', () => {
    const handlers = { 'send-confirmation-email': ok } as never;
    // Port 1: were a BullMQ Worker created, it would try (and fail) to connect.
    expect(
      () => new QueueWorker(mailQueue, handlers, { connection: { host: '127.0.0.1', port: 1 } }),
    ).toThrow('Queue "mail-unit": no handler for job "send-digest"');
  });

  it('types handlers from the job map', () => {
    const handlers = {
      'send-confirmation-email': async (payload: { to: string }) => payload.to,
      'send-digest': async (payload: { userId: string }) => payload.userId,
    };
    expect(() => assertHandlers(mailQueue, handlers)).not.toThrow();
    const typed: JobHandlers<typeof mailQueue> = handlers;
    // @ts-expect-error send-digest is missing
    const missing: JobHandlers<typeof mailQueue> = { 'send-confirmation-email': ok };
    expect([typed, missing]).toBeDefined();
  });
});

describe('the processor BullMQ runs for each job', () => {
  it('passes the validated payload and the job to the handler and returns its result', async () => {
    const seen: unknown[] = [];
    const processor = createProcessor(mailQueue, {
      'send-confirmation-email': async (payload, job) => {
        seen.push(payload, job.id);
        return { sent: true };
      },
      'send-digest': async () => undefined,
    });
    const before = await metricValue(queueMetrics.completed, {
      queue: 'mail-unit',
      job: 'send-confirmation-email',
    });
    await expect(processor(fakeJob('send-confirmation-email', { to: 'a@example.com' }))).resolves.toEqual({
      sent: true,
    });
    expect(seen).toEqual([{ to: 'a@example.com' }, '1']);
    expect(
      await metricValue(queueMetrics.completed, { queue: 'mail-unit', job: 'send-confirmation-email' }),
    ).toBe(before + 1);
  });

  it('fails a job whose stored data does not match its schema with UnrecoverableError, never calling the handler', async () => {
    const handler = jest.fn(async () => undefined);
    const processor = createProcessor(mailQueue, {
      'send-confirmation-email': handler,
      'send-digest': handler,
    });
    const run = processor(fakeJob('send-confirmation-email', { to: 42 }));
    await expect(run).rejects.toThrow(UnrecoverableError);
    await expect(run).rejects.toThrow(
      'Queue "mail-unit": invalid payload for job "send-confirmation-email": to:',
    );
    expect(handler).not.toHaveBeenCalled();
  });

  it('fails a job with a name the queue does not declare with UnrecoverableError', async () => {
    const processor = createProcessor(mailQueue, {
      'send-confirmation-email': async () => 1,
      'send-digest': async () => 1,
    });
    await expect(processor(fakeJob('send-sms', {}))).rejects.toThrow(
      new UnrecoverableError('Queue "mail-unit": no handler for job "send-sms"'),
    );
  });

  it('counts a failed attempt as final only when no attempt is left', async () => {
    const processor = createProcessor(mailQueue, {
      'send-confirmation-email': async () => {
        throw new Error('smtp down');
      },
      'send-digest': async () => undefined,
    });
    const labels = (final: string) => ({ queue: 'mail-unit', job: 'send-confirmation-email', final });
    const [retrying, final] = [
      await metricValue(queueMetrics.failed, labels('false')),
      await metricValue(queueMetrics.failed, labels('true')),
    ];
    await expect(
      processor(fakeJob('send-confirmation-email', { to: 'a@example.com' }, 0, 3)),
    ).rejects.toThrow('smtp down');
    await expect(
      processor(fakeJob('send-confirmation-email', { to: 'a@example.com' }, 2, 3)),
    ).rejects.toThrow('smtp down');
    expect(await metricValue(queueMetrics.failed, labels('false'))).toBe(retrying + 1);
    expect(await metricValue(queueMetrics.failed, labels('true'))).toBe(final + 1);
  });
});

describe('stalled-job settings', () => {
  it('recover a dead worker’s job within 45 s while tolerating event-loop stalls well under the lock', () => {
    const { lockDuration, stalledInterval, maxStalledCount } = STALLED_JOB_SETTINGS;
    expect(lockDuration + stalledInterval).toBeLessThanOrEqual(45_000);
    expect(stalledInterval).toBeLessThan(lockDuration);
    expect(maxStalledCount).toBeGreaterThanOrEqual(1);
  });
});
