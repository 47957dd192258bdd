import { z } from 'zod';
import { defineQueue } from '@parley/server-queue';

/**
 * Renders of stored sessions. The payload is only the job's id: the input and the finished file live in
 * the export_jobs row, so a retry after a worker died renders into the same row, never a second file.
 */
export const exportJobsQueue = defineQueue({
  name: 'export-jobs',
  jobs: {
    'render-session': {
      payload: z.object({ exportId: z.uuid() }),
      result: z.object({ rendered: z.boolean() }),
      options: { attempts: 3, removeOnComplete: { age: 3600, count: 1000 } },
    },
  },
});
