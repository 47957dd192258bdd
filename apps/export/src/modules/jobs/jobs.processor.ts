import { Injectable, Logger } from '@nestjs/common';
import { QueueFactory } from '@parley/server-queue';
import { renderTranscriptPdf } from '../pdf/transcript-pdf';
import { ExportJobEvents } from './export-job-events';
import { ExportJobsRepository } from './export-jobs.repository';
import { exportJobsQueue } from './jobs.queue';

/**
 * The worker side of stored-session exports: progress goes to the job's row as messages are laid out, and
 * every change of the row is published on the job's channel (after the write) for the progress streams.
 */
@Injectable()
export class ExportJobsProcessor {
  private readonly logger = new Logger('ExportJobs');

  constructor(queues: QueueFactory, jobs: ExportJobsRepository, events: ExportJobEvents) {
    queues.worker(
      exportJobsQueue,
      {
        'render-session': async ({ exportId }, job) => {
          const input = await jobs.claim(exportId);
          if (!input) return { rendered: false }; // finished by an earlier attempt, or deleted
          await events.publish({ id: exportId, status: 'running', progress: 0, error: null });
          try {
            const pdf = await renderTranscriptPdf(input, {
              onProgress: async (fraction) => {
                const percent = Math.round(fraction * 100);
                const stored = await jobs.progress(exportId, percent);
                if (stored !== null)
                  await events.publish({ id: exportId, status: 'running', progress: stored, error: null });
                await job.updateProgress(percent);
              },
            });
            const rendered = await jobs.finish(exportId, pdf);
            if (rendered) await events.publish({ id: exportId, status: 'done', progress: 100, error: null });
            return { rendered };
          } catch (error) {
            const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
            this.logger.warn(`export ${exportId} failed (final: ${last}): ${(error as Error).message}`);
            if (last) {
              const failed = await jobs.fail(exportId, 'The export could not be rendered');
              if (failed)
                await events.publish({
                  id: exportId,
                  status: failed.status,
                  progress: failed.progress,
                  error: failed.error,
                });
            }
            throw error;
          }
        },
      },
      { concurrency: 2 },
    );
  }
}
