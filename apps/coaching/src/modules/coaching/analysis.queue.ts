import { z } from 'zod';
import {
  messageSchema,
  scenarioDefinitionSchema,
  sessionFeedbackSchema,
  speechAnalysisSchema,
  timedMessageSchema,
} from '@parley/contracts';
import { defineQueue } from '@parley/server-queue';

/** Whole-session analyses run by worker processes; API instances enqueue and wait within a bound. */
export const analysisQueue = defineQueue({
  name: 'coaching-analysis',
  jobs: {
    'session-feedback': {
      payload: z.object({ messages: z.array(messageSchema), scenario: scenarioDefinitionSchema.optional() }),
      result: sessionFeedbackSchema,
      options: { attempts: 3 },
    },
    'speech-analysis': {
      payload: z.object({ messages: z.array(timedMessageSchema) }),
      result: speechAnalysisSchema,
      options: { attempts: 3 },
    },
  },
});
