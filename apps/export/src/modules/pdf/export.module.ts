import { Module, type DynamicModule } from '@nestjs/common';
import type { ExportEnv } from '@parley/server-config';
import { ExportProcessor } from './export.processor';
import { ExportRpcController } from './export.rpc-controller';
import { useCjkFont } from './transcript-pdf';

/** PDF transcripts: the RPC entry point enqueues, the processor renders (where RUN_WORKERS is on). */
@Module({})
export class ExportModule {
  static register(env: ExportEnv): DynamicModule {
    // A configured font that is missing stops the start with a clear message; otherwise found or none.
    if (env.RUN_WORKERS) useCjkFont(env.EXPORT_CJK_FONT);
    return {
      module: ExportModule,
      controllers: [ExportRpcController],
      providers: env.RUN_WORKERS ? [ExportProcessor] : [],
    };
  }
}
