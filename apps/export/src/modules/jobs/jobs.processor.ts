import { Injectable, Logger } from '@nestjs/common';
import { QueueFactory } from '@parley/server-queue';
import { renderTranscriptPdf } from '../pdf/transcript-pdf';
import { ExportJobsRepository } from './export-jobs.repository';
import { exportJobsQueue } from './jobs.queue';

/** The worker side of stored-session exports: progress goes to the job's row as messages are laid out. */
@Injectable()
export class ExportJobsProcessor {
  private readonly logger = new Logger('ExportJobs');

  constructor(queues: QueueFactory, jobs: ExportJobsRepository) {
    queues.worker(
      exportJobsQueue,
      {
        'render-session': async ({ exportId }, job) => {
          const input = await jobs.claim(exportId);
          if (!input) return { rendered: false }; // finished by an earlier attempt, or deleted
          try {
            const pdf = await renderTranscriptPdf(input, {
              onProgress: async (fraction) => {
                const percent = Math.round(fraction * 100);
                await jobs.progress(exportId, percent);
                await job.updateProgress(percent);
              },
            });
            return { rendered: await jobs.finish(exportId, pdf) };
          } catch (error) {
            const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
            this.logger.warn(`export ${exportId} failed (final: ${last}): ${(error as Error).message}`);
            if (last) await jobs.fail(exportId, 'The export could not be rendered');
            throw error;
          }
        },
      },
      { concurrency: 2 },
    );
  }
}
