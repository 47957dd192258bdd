import { Module, type DynamicModule } from '@nestjs/common';
import type { ExportEnv } from '@parley/server-config';
import { ExportProcessor } from './export.processor';
import { ExportRpcController } from './export.rpc-controller';

/** PDF transcripts: the RPC entry point enqueues, the processor renders (where RUN_WORKERS is on). */
@Module({})
export class ExportModule {
  static register(env: ExportEnv): DynamicModule {
    return {
      module: ExportModule,
      controllers: [ExportRpcController],
      providers: env.RUN_WORKERS ? [ExportProcessor] : [],
    };
  }
}
