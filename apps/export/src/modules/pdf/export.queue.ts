import { z } from 'zod';
import { exportPdfBodySchema } from '@parley/contracts';
import { defineQueue } from '@parley/server-queue';

/** PDF renders run by worker processes; the API instance that took the request waits within a bound. */
export const exportQueue = defineQueue({
  name: 'export-pdf',
  jobs: {
    'render-transcript': {
      // The body as already parsed (content made a string), so it accepts its own output.
      payload: exportPdfBodySchema,
      result: z.object({ pdfBase64: z.string(), bytes: z.number().int().positive() }),
      // Rendering is pure: a retry renders the same document; a finished result is dropped after a minute
      // so PDFs do not pile up in Redis (the caller has it by then).
      options: { attempts: 2, removeOnComplete: { age: 60 } },
    },
  },
});
