import { Inject, Injectable } from '@nestjs/common';
import { QueueFactory } from '@parley/server-queue';
import { AI_PROVIDER, type AiProvider } from '../ai/ai-provider';
import { analyzeSpeech } from '@parley/builtin-coach';
import { analysisQueue } from './analysis.queue';

/** The worker side of the analysis queue (started only where RUN_WORKERS is on). */
@Injectable()
export class AnalysisProcessor {
  constructor(queues: QueueFactory, @Inject(AI_PROVIDER) ai: AiProvider) {
    queues.worker(
      analysisQueue,
      {
        'session-feedback': ({ messages, scenario }) => ai.feedback({ messages, scenario }),
        'speech-analysis': async ({ messages }) => analyzeSpeech(messages),
      },
      { concurrency: 2 },
    );
  }
}
