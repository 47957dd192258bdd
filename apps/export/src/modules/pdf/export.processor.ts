import { Injectable } from '@nestjs/common';
import { QueueFactory } from '@parley/server-queue';
import { exportQueue } from './export.queue';
import { renderTranscriptPdf } from './transcript-pdf';

/** The worker side of the export queue: more worker processes, more renders in parallel. */
@Injectable()
export class ExportProcessor {
  constructor(queues: QueueFactory) {
    queues.worker(
      exportQueue,
      {
        'render-transcript': async (body, job) => {
          const pdf = await renderTranscriptPdf(body, {
            onProgress: (fraction) => job.updateProgress(Math.round(fraction * 100)),
          });
          return { pdfBase64: pdf.toString('base64'), bytes: pdf.length };
        },
      },
      { concurrency: 2 },
    );
  }
}
