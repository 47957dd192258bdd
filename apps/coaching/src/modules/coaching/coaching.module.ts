import { Module, type DynamicModule } from '@nestjs/common';
import type { CoachingEnv } from '@parley/server-config';
import { AiCallLimiter } from './ai-call-limiter';
import { AnalysisProcessor } from './analysis.processor';
import { CoachingRpcController } from './coaching.rpc-controller';

/** The partner and the coach over RPC; the analysis workers run where RUN_WORKERS is on. */
@Module({})
export class CoachingModule {
  static register(env: CoachingEnv): DynamicModule {
    return {
      module: CoachingModule,
      controllers: [CoachingRpcController],
      providers: [
        { provide: 'AI_CALLS_PER_USER_PER_MINUTE', useValue: env.AI_CALLS_PER_USER_PER_MINUTE },
        AiCallLimiter,
        ...(env.RUN_WORKERS ? [AnalysisProcessor] : []),
      ],
    };
  }
}
